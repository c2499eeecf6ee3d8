import Testing

@testable import SubscriptionEngine

@Suite struct ExtensionTests {
    static func extend(_ id: String, days: Int, reason: Int? = 1, request: String) -> EngineCommand {
        .extendRenewalDate(ExtendRenewalDateRequest(originalTransactionId: id, extendByDays: days, extendReasonCode: reason, requestIdentifier: request))
    }

    /// A subscription with one paid period, at 2026-02-01.
    static func paid() throws -> (Harness, String) {
        var harness = try Harness()
        let id = try harness.purchase("news.basic.monthly")
        try harness.advance(to: .utc(2026, 1, 10))
        return (harness, id)
    }

    @Test("R-EXT-1 extension length must be 1...90 days", arguments: [(0, false), (1, true), (90, true), (91, false), (-3, false)])
    func bounds(days: Int, accepted: Bool) throws {
        var (harness, id) = try Self.paid()
        let outcome = try harness.run(Self.extend(id, days: days, request: "r"))
        #expect((outcome.reply.rejection == nil) == accepted)
        if accepted {
            #expect(try harness.subscription(id).expiresDate == Timestamp.utc(2026, 2, 1).adding(days: days))
        } else {
            #expect(outcome.reply.rejection?.appleErrorCode == 4000009)
            #expect(outcome.reply.rejection?.field == "extendByDays")
        }
    }

    @Test("R-EXT-1 at most twice in any 365 days; the window boundary frees a slot", arguments: [(364, false), (365, true)])
    func twicePerYear(daysLater: Int, accepted: Bool) throws {
        var (harness, id) = try Self.paid()
        try harness.ok(Self.extend(id, days: 1, request: "a"))
        try harness.ok(Self.extend(id, days: 1, request: "b"))
        let third = try harness.run(Self.extend(id, days: 1, request: "c"))
        #expect(third.reply.rejection?.appleErrorCode == 4030005)
        try harness.advance(to: harness.now.adding(days: daysLater))
        let later = try harness.run(Self.extend(id, days: 1, request: "d"))
        #expect((later.reply.rejection == nil) == accepted)
    }

    @Test("R-EXT-2 ineligible: free offer period, billing retry, past grace, expired, never paid", arguments: [
        "freeTrial", "billingRetry", "graceExpired", "expired",
    ])
    func ineligible(_ situation: String) throws {
        var harness = try Harness()
        var id = ""
        switch situation {
        case "freeTrial":
            id = try harness.purchase("news.premium.monthly")
        case "billingRetry":
            harness = try Harness { $0.policy.gracePeriodDays = nil }
            id = try harness.purchase("news.basic.monthly")
            try harness.ok(.reportBillingOutcome(ReportBillingOutcomeRequest(originalTransactionId: id, outcome: .chargeFailed)))
            try harness.advance(to: .utc(2026, 2, 3))
        case "graceExpired":
            id = try harness.purchase("news.basic.monthly")
            try harness.ok(.reportBillingOutcome(ReportBillingOutcomeRequest(originalTransactionId: id, outcome: .chargeFailed)))
            try harness.advance(to: .utc(2026, 2, 20))
        default:
            id = try harness.purchase("news.basic.monthly")
            try harness.ok(.setAutoRenew(SetAutoRenewRequest(originalTransactionId: id, enable: false)))
            try harness.advance(to: .utc(2026, 2, 2))
        }
        let rejection = try harness.rejected(Self.extend(id, days: 5, request: "x"))
        #expect(rejection?.appleErrorCode == 4030004)
    }

    @Test("R-EXT-2 eligible inside a grace period that has not expired")
    func graceEligible() throws {
        var harness = try Harness()
        let id = try harness.purchase("news.basic.monthly")
        try harness.ok(.reportBillingOutcome(ReportBillingOutcomeRequest(originalTransactionId: id, outcome: .chargeFailed)))
        try harness.advance(to: .utc(2026, 2, 5))
        try harness.ok(Self.extend(id, days: 5, request: "g"))
        #expect(try harness.subscription(id).gracePeriodExpiresDate == .utc(2026, 2, 22))
    }

    @Test("R-EXT-3 single extension answers success and the new date, emits RENEWAL_EXTENDED, is idempotent, checks its reason code")
    func single() throws {
        var (harness, id) = try Self.paid()
        let outcome = try harness.ok(Self.extend(id, days: 10, request: "once"))
        guard case .extendRenewalDate(let result) = outcome.reply else { Issue.record("\(outcome.reply)"); return }
        #expect(result.success)
        #expect(result.effectiveDate == .utc(2026, 2, 11))
        #expect(result.originalTransactionId == id)
        #expect(Harness.kinds(outcome.events) == ["RENEWAL_EXTENDED/-"])
        #expect(outcome.events.first?.data?.renewalInfo.renewalDate == .utc(2026, 2, 11))
        let replay = try harness.ok(Self.extend(id, days: 10, request: "once"))
        #expect(replay.events.isEmpty)
        #expect(try harness.subscription(id).expiresDate == .utc(2026, 2, 11))
        #expect(try harness.rejected(Self.extend(id, days: 10, reason: nil, request: "n"))?.appleErrorCode == 4000010)
        #expect(try harness.rejected(Self.extend(id, days: 10, reason: 4, request: "n"))?.appleErrorCode == 4000010)
        #expect(try harness.rejected(Self.extend("nope", days: 10, request: "n"))?.appleErrorCode == 4040005)
        try harness.advance(to: .utc(2026, 3, 1))
        #expect(try harness.subscription(id).latestTransaction?.purchaseDate == .utc(2026, 2, 11))
        #expect(try harness.subscription(id).expiresDate == .utc(2026, 3, 11))
    }

    @Test("R-EXT-4 mass extension of 10,000 subscriptions: one event each, then one SUMMARY, status answers, fast")
    func massExtension() throws {
        var harness = try Harness()
        let clock = ContinuousClock()
        let setupStart = clock.now
        for index in 0..<10_000 {
            let storefront: StorefrontCode = index % 10 == 0 ? "JPN" : "USA"
            _ = try harness.purchase("news.basic.monthly", customer: "c\(index)", storefront: storefront)
        }
        let trial = try harness.purchase("news.premium.monthly", customer: "trial")
        _ = trial
        #expect(clock.now - setupStart < .seconds(60))
        harness.now = .utc(2026, 1, 2)
        let request = "6f1d2b3a-8c44-4e51-9a0e-571c3d2290ab"
        let start = clock.now
        let accepted = try harness.ok(.massExtendRenewalDate(MassExtendRenewalDateRequest(productId: "news.basic.monthly", storefrontCountryCodes: ["USA"], extendByDays: 7, extendReasonCode: 3, requestIdentifier: request)))
        #expect(accepted.reply == .massExtendRenewalDate(requestIdentifier: request))
        #expect(accepted.events.isEmpty)
        let status = EngineCommand.getMassExtensionStatus(GetMassExtensionStatusRequest(productId: "news.basic.monthly", requestIdentifier: request))
        // Accepted, not yet processed: the next `advance` (or command) runs it in the background.
        #expect(try harness.store.massExtension(request)?.complete == false)
        let fired = try harness.advance(to: .utc(2026, 1, 2))
        let elapsed = clock.now - start
        #expect(elapsed < .seconds(30), "mass extension took \(elapsed)")
        #expect(fired.filter { $0.notificationType == .renewalExtended }.count == 9_000)
        #expect(Harness.kinds(Array(fired.suffix(1))) == ["RENEWAL_EXTENSION/SUMMARY"])
        guard case .summary(let summary) = fired.last?.payload else { Issue.record("no summary"); return }
        #expect(summary.succeededCount == 9_000)
        #expect(summary.failedCount == 0)
        guard case .massExtensionStatus(let after) = try harness.ok(status).reply else { Issue.record("no status"); return }
        #expect(after.complete)
        #expect(after.completeDate == .utc(2026, 1, 2))
        #expect(after.succeededCount == 9_000)
        let again = try harness.ok(.massExtendRenewalDate(MassExtendRenewalDateRequest(productId: "news.basic.monthly", extendByDays: 7, extendReasonCode: 3, requestIdentifier: request)))
        #expect(again.events.isEmpty)
        #expect(try harness.advance(to: .utc(2026, 1, 3)).isEmpty)
    }

    @Test("R-EXT-4 a mass extension of a family-shared product extends each purchaser's members, their events right after their purchaser's")
    func massExtensionReachesFamilies() throws {
        var harness = try Harness()
        var purchasers: [String] = []
        for family in 0..<3 {
            try harness.ok(.purchase(PurchaseRequest(
                customerId: "parent\(family)", productId: "news.standard.monthly", storefront: "USA",
                familyMemberCustomerIds: ["kid\(family)"])))
            purchasers.append(try #require(try harness.store.subscriptionIds(customerId: "parent\(family)", groupId: "news").first))
        }
        let members = try purchasers.indices.map { family in
            try #require(try harness.store.subscriptionIds(customerId: "kid\(family)", groupId: "news").first)
        }
        let expiresBefore = try harness.subscription(members[1]).expiresDate
        let request = "22222222-3333-4444-5555-666666666666"
        try harness.ok(.massExtendRenewalDate(MassExtendRenewalDateRequest(
            productId: "news.standard.monthly", extendByDays: 4, extendReasonCode: 1, requestIdentifier: request)))
        let fired = try harness.advance(to: harness.now)
        let extended = fired.filter { $0.notificationType == .renewalExtended }.map(\.subscriptionId)
        // The walk's order among purchasers is the store's; each member follows its purchaser.
        #expect(extended.count == 6)
        for (purchaser, member) in zip(purchasers, members) {
            let position = try #require(extended.firstIndex(of: purchaser))
            #expect(extended[position + 1] == member)
        }
        #expect(Harness.kinds(Array(fired.suffix(1))) == ["RENEWAL_EXTENSION/SUMMARY"])
        guard case .summary(let summary) = fired.last?.payload else { Issue.record("no summary"); return }
        // Members are extended through their purchaser, not counted on their own.
        #expect(summary.succeededCount == 3)
        #expect(try harness.subscription(members[1]).expiresDate == expiresBefore.adding(days: 4))
    }

    @Test("R-EXT-4 a subscription that cannot be extended gets RENEWAL_EXTENSION/FAILURE and can be retried singly")
    func massFailure() throws {
        var harness = try Harness()
        let ok = try harness.purchase("news.basic.monthly", customer: "ok")
        let maxed = try harness.purchase("news.basic.monthly", customer: "maxed")
        try harness.ok(Self.extend(maxed, days: 1, request: "1"))
        try harness.ok(Self.extend(maxed, days: 1, request: "2"))
        let request = "11111111-2222-3333-4444-555555555555"
        try harness.ok(.massExtendRenewalDate(MassExtendRenewalDateRequest(productId: "news.basic.monthly", extendByDays: 3, extendReasonCode: 0, requestIdentifier: request)))
        let fired = try harness.advance(to: harness.now)
        #expect(Set(Harness.kinds(fired)) == ["RENEWAL_EXTENDED/-", "RENEWAL_EXTENSION/FAILURE", "RENEWAL_EXTENSION/SUMMARY"])
        #expect(fired.first { $0.subtype == .failure }?.subscriptionId == maxed)
        #expect(fired.first { $0.notificationType == .renewalExtended }?.subscriptionId == ok)
        #expect(try harness.rejected(.massExtendRenewalDate(MassExtendRenewalDateRequest(productId: "news.basic.monthly", extendByDays: 3, extendReasonCode: 0, requestIdentifier: "not-a-uuid")))?.appleErrorCode == 4000011)
        #expect(try harness.rejected(.getMassExtensionStatus(GetMassExtensionStatusRequest(productId: "news.basic.monthly", requestIdentifier: "x")))?.appleErrorCode == 4040009)
    }

    @Test("R-EXT-4 reading a mass extension's status changes nothing: the queued job runs when time moves, not on the read")
    func statusReadHasNoSideEffect() throws {
        var harness = try Harness()
        let subscription = try harness.purchase("news.basic.monthly", customer: "reader")
        let expiresBefore = try harness.subscription(subscription).expiresDate
        let request = "0b7e4d5c-2f1a-4c3b-8d9e-6a5b4c3d2e1f"
        try harness.ok(.massExtendRenewalDate(MassExtendRenewalDateRequest(productId: "news.basic.monthly", extendByDays: 5, extendReasonCode: 1, requestIdentifier: request)))
        let status = EngineCommand.getMassExtensionStatus(GetMassExtensionStatusRequest(productId: "news.basic.monthly", requestIdentifier: request))
        #expect(status.isQuery)
        // The job is due now; the clock has not moved. Reading twice fires nothing.
        for _ in 0..<2 {
            let read = try harness.ok(status)
            #expect(read.events.isEmpty)
            guard case .massExtensionStatus(let pending) = read.reply else { Issue.record("\(read.reply)"); return }
            #expect(!pending.complete)
            #expect(pending.succeededCount == 0)
        }
        #expect(try harness.store.massExtension(request)?.complete == false)
        #expect(try harness.subscription(subscription).expiresDate == expiresBefore)
        // A read of the statuses fires nothing either.
        #expect(try harness.ok(.getAllSubscriptionStatuses(GetAllSubscriptionStatusesRequest(transactionId: subscription))).events.isEmpty)
        // Time moves (by any amount): the job runs, and the next read reports it.
        let fired = try harness.advance(to: harness.now.adding(milliseconds: 1))
        #expect(fired.contains { $0.notificationType == .renewalExtended && $0.subscriptionId == subscription })
        guard case .massExtensionStatus(let done) = try harness.ok(status).reply else { Issue.record("no status"); return }
        #expect(done.complete)
        #expect(done.succeededCount == 1)
        #expect(try harness.subscription(subscription).expiresDate == expiresBefore.adding(days: 5))
    }
}
