import CompactCoding
import StableIdentifiers
import Testing

@testable import SubscriptionEngine

/// The refund and consumption flow as Apple runs it (docs/refunds.md): R-REF-1…5.
@Suite struct RefundFlowTests {
    static let consumption = ConsumptionInformation(
        customerConsented: true, sampleContentProvided: false, deliveryStatus: .delivered, consumptionPercentage: 25_000,
        refundPreference: .grantProrated)

    static func ask(_ id: String, _ reason: ConsumptionRequestReason? = .unsatisfiedWithPurchase) -> EngineCommand {
        .requestCustomerRefund(CustomerRefundRequest(transactionId: id, reason: reason))
    }

    static func decide(_ id: String, _ decision: RefundDecision?) -> EngineCommand {
        .decideRefund(DecideRefundRequest(transactionId: id, decision: decision))
    }

    static func send(_ id: String, _ information: ConsumptionInformation = consumption) -> EngineCommand {
        .sendConsumptionInformation(SendConsumptionInformationRequest(transactionId: id, information: information))
    }

    @Test("R-REF-1 a refund request emits CONSUMPTION_REQUEST with the reason and changes nothing else; one at a time, latest transaction only")
    func request() throws {
        var harness = try Harness()
        let id = try harness.purchase("news.basic.monthly")
        try harness.advance(to: .utc(2026, 2, 5))
        let latest = try #require(try harness.subscription(id).latestTransaction?.transactionId)
        #expect(latest != id, "the subscription renewed once")
        harness.now = .utc(2026, 2, 6)
        let before = try harness.subscription(id)
        let outcome = try harness.ok(Self.ask(latest, .fulfillmentIssue))
        let event = try #require(outcome.events.last)
        #expect(Harness.kinds(outcome.events) == ["CONSUMPTION_REQUEST/-"])
        #expect(event.data?.consumptionRequestReason == .fulfillmentIssue)
        #expect(event.data?.status == .active)
        #expect(event.data?.transactionInfo?.transactionId == latest)
        let after = try harness.subscription(id)
        #expect(after.refundRequest == RefundRequest(transactionId: latest, reason: .fulfillmentIssue, requestedAt: .utc(2026, 2, 6)))
        #expect(after.state == before.state && after.autoRenewStatus == before.autoRenewStatus)
        #expect(after.latestTransaction == before.latestTransaction)

        #expect(try harness.rejected(Self.ask(latest))?.appleErrorCode == 4_099_005, "one pending request at a time")
        #expect(try harness.rejected(Self.ask(id))?.appleErrorCode == 4_030_024, "an earlier transaction")
        #expect(try harness.rejected(Self.ask("nope"))?.appleErrorCode == 4_040_010)
        #expect(try harness.rejected(Self.ask(latest, nil))?.field == "reason")
    }

    @Test("R-REF-2 consumption information is kept on the pending request; Apple's codes for a missing consent or delivery status")
    func consumptionInformation() throws {
        var harness = try Harness()
        let id = try harness.purchase("news.basic.monthly")
        #expect(try harness.rejected(Self.send(id))?.appleErrorCode == 4_049_142, "no request pending")
        try harness.ok(Self.ask(id))
        let outcome = try harness.ok(Self.send(id))
        #expect(outcome.reply == .accepted)
        #expect(outcome.events.isEmpty)
        #expect(try harness.subscription(id).refundRequest?.consumption == Self.consumption)

        var refused = Self.consumption
        refused.customerConsented = false
        #expect(try harness.rejected(Self.send(id, refused))?.appleErrorCode == 4_000_035)
        refused = Self.consumption
        refused.deliveryStatus = nil
        #expect(try harness.rejected(Self.send(id, refused))?.appleErrorCode == 4_000_036)
        refused = Self.consumption
        refused.consumptionPercentage = 100_001
        #expect(try harness.rejected(Self.send(id, refused))?.field == "consumptionPercentage")
        #expect(try harness.subscription(id).refundRequest?.consumption == Self.consumption, "a refusal changes nothing")

        let stored = try harness.subscription(id)
        #expect(try Subscription(recordBytes: stored.recordBytes()) == stored, "the request survives the store's records")
    }

    @Test("R-REF-3 a granted request emits REFUND and revokes; a declined one emits REFUND_DECLINED and changes nothing")
    func decision() throws {
        var harness = try Harness()
        let granted = try harness.purchase("news.basic.monthly")
        let declined = try harness.purchase("news.basic.monthly", customer: "bob")
        #expect(try harness.rejected(Self.decide(granted, .grantFull))?.appleErrorCode == 4_049_142, "no request pending")
        try harness.ok(Self.ask(granted, .fulfillmentIssue))
        try harness.ok(Self.ask(declined))
        harness.now = .utc(2026, 1, 16)

        let refund = try harness.ok(Self.decide(granted, .grantProrated))
        #expect(Harness.kinds(refund.events) == ["REFUND/-"])
        let info = try #require(refund.events.last?.data?.transactionInfo)
        #expect(refund.events.last?.data?.status == .revoked)
        #expect(info.revocationDate == .utc(2026, 1, 16))
        #expect(info.revocationReason == .appIssue, "FULFILLMENT_ISSUE is an app issue")
        #expect(info.revocationType == .refundProrated)
        let subscription = try harness.subscription(granted)
        #expect(subscription.refundRequest == nil)
        #expect(subscription.state == .revoked && !subscription.autoRenewStatus)
        #expect(subscription.latestTransaction?.refundAmount == 1543, "16 of 31 days unused of 2.99")

        let before = try harness.subscription(declined)
        let decline = try harness.ok(Self.decide(declined, .decline))
        #expect(Harness.kinds(decline.events) == ["REFUND_DECLINED/-"])
        #expect(decline.events.last?.data?.status == .active)
        let after = try harness.subscription(declined)
        #expect(after.refundRequest == nil)
        #expect(after.latestTransaction == before.latestTransaction && after.state == .active)
        #expect(try harness.rejected(Self.decide(declined, nil))?.field == "decision")
    }

    @Test("R-REF-4 a reversed refund emits REFUND_REVERSED, clears the revocation and keeps the renewal date; nothing to reverse is refused")
    func reversal() throws {
        var harness = try Harness()
        let id = try harness.purchase("news.basic.monthly")
        #expect(try harness.rejected(Self.decide(id, .reverse))?.appleErrorCode == 4_099_006)
        try harness.ok(Self.ask(id))
        harness.now = .utc(2026, 1, 10)
        try harness.ok(Self.decide(id, .grantFull))
        let expires = try harness.subscription(id).expiresDate
        harness.now = .utc(2026, 1, 20)
        let reversal = try harness.ok(Self.decide(id, .reverse))
        #expect(Harness.kinds(reversal.events) == ["REFUND_REVERSED/-"])
        let info = try #require(reversal.events.last?.data?.transactionInfo)
        #expect(info.revocationDate == nil && info.revocationReason == nil && info.revocationType == nil)
        #expect(reversal.events.last?.data?.status == .active)
        let subscription = try harness.subscription(id)
        #expect(subscription.expiresDate == expires)
        #expect(subscription.latestTransaction?.refundAmount == nil)
        #expect(try harness.rejected(Self.decide(id, .reverse))?.appleErrorCode == 4_099_006, "reversed once")
        // Auto-renew stayed off with the refund: the restored period runs out.
        let fired = try harness.advance(to: expires.adding(days: 1))
        #expect(Harness.kinds(fired) == ["EXPIRED/VOLUNTARY"])
    }

    @Test("R-REF-4 a refund reversed after its period has ended leaves the subscription expired")
    func lateReversal() throws {
        var harness = try Harness()
        let id = try harness.purchase("news.basic.monthly")
        try harness.ok(Self.ask(id))
        try harness.ok(Self.decide(id, .grantFull))
        harness.now = .utc(2026, 3, 1)
        let reversal = try harness.ok(Self.decide(id, .reverse))
        #expect(reversal.events.last?.data?.status == .expired)
        #expect(try harness.subscription(id).state == .expired)
    }

    @Test("R-REF-5 Set App Account Token sets the renewal info's and latest transaction's token, and later renewals carry it")
    func appAccountToken() throws {
        var harness = try Harness()
        let id = try harness.purchase("news.basic.monthly")
        let token = "7E3FB20B-4CDB-47CC-936D-99D65F608138"
        let outcome = try harness.ok(.setAppAccountToken(SetAppAccountTokenRequest(originalTransactionId: id, appAccountToken: token)))
        #expect(outcome.reply == .accepted)
        #expect(outcome.events.isEmpty)
        #expect(try harness.subscription(id).latestTransaction?.appAccountToken == token.lowercased())
        let renewal = try harness.advance(to: .utc(2026, 2, 2))
        #expect(renewal.last?.data?.transactionInfo?.appAccountToken == token.lowercased())
        #expect(renewal.last?.data?.renewalInfo.appAccountToken == token.lowercased())

        let later = try #require(try harness.subscription(id).latestTransaction?.transactionId)
        let set = { (id: String, token: String) in
            EngineCommand.setAppAccountToken(SetAppAccountTokenRequest(originalTransactionId: id, appAccountToken: token))
        }
        #expect(try harness.rejected(set(later, token))?.appleErrorCode == 4_000_187)
        #expect(try harness.rejected(set(id, "not-a-uuid"))?.appleErrorCode == 4_000_183)
        #expect(try harness.rejected(set("nope", token))?.appleErrorCode == 4_040_010)

        try harness.ok(.purchase(PurchaseRequest(
            customerId: "mum", productId: "news.standard.monthly", storefront: "USA", familyMemberCustomerIds: ["kid"])))
        let member = try #require(try harness.store.subscriptionIds(customerId: "kid", groupId: "news").first)
        #expect(try harness.rejected(set(member, token))?.appleErrorCode == 4_000_185)
    }

    @Test("R-REF-6 Look Up Order ID finds the transaction of an order id, also an earlier one; an id this service did not make is INVALID")
    func orderLookup() throws {
        var harness = try Harness()
        let id = try harness.purchase("news.basic.monthly")
        try harness.advance(to: .utc(2026, 2, 5))
        let latest = try #require(try harness.subscription(id).latestTransaction?.transactionId)
        for transactionId in [id, latest] {
            let outcome = try harness.ok(.lookUpOrderId(LookUpOrderIdRequest(orderId: OrderID.make(transactionId: transactionId))))
            guard case .orderLookup(let valid, let transactions) = outcome.reply else {
                Issue.record("\(outcome.reply)")
                return
            }
            #expect(valid)
            #expect(transactions.map(\.transactionId) == [transactionId])
            #expect(outcome.events.isEmpty, "a read fires nothing")
        }
        for orderId in ["MK5TTTVWJH", OrderID.make(transactionId: "999999"), "", "M", "m64s36d1n6rvkge9g"] {
            let outcome = try harness.ok(.lookUpOrderId(LookUpOrderIdRequest(orderId: orderId)))
            #expect(outcome.reply == .orderLookup(valid: false, []), "\(orderId)")
        }
    }

    @Test("R-REF-4 a family member loses access with the purchaser's granted refund and gets it back with its reversal")
    func familyReversal() throws {
        var harness = try Harness()
        try harness.ok(.purchase(PurchaseRequest(
            customerId: "mum", productId: "news.standard.monthly", storefront: "USA", familyMemberCustomerIds: ["kid"])))
        let purchaser = try #require(try harness.store.subscriptionIds(customerId: "mum", groupId: "news").first)
        let member = try #require(try harness.store.subscriptionIds(customerId: "kid", groupId: "news").first)
        try harness.ok(Self.ask(purchaser))
        harness.now = .utc(2026, 1, 10)
        let refund = try harness.ok(Self.decide(purchaser, .grantFull))
        #expect(refund.events.map(\.subscriptionId) == [purchaser, member])
        #expect(try harness.subscription(member).state == .revoked)
        let reversal = try harness.ok(Self.decide(purchaser, .reverse))
        #expect(Harness.kinds(reversal.events) == ["REFUND_REVERSED/-", "REFUND_REVERSED/-"])
        #expect(reversal.events.map(\.subscriptionId) == [purchaser, member])
        let restored = try harness.subscription(member)
        #expect(restored.state == .active)
        #expect(restored.latestTransaction?.revocationDate == nil)
    }
}
