import Foundation
import SubscriptionMessages
import SubscriptionStore
import SwiftProtobuf
import Testing

@testable import SubscriptionEngine
@testable import SubscriptionWire

/// The consumer writes its events and subscription replies with ``ProtobufWriter`` straight from
/// the engine's values: the bytes must be exactly what swift-protobuf writes for the generated
/// messages the mapping builds (golden replays and the scale-out proof compare events byte for
/// byte; analytics consumers decode them with other libraries). Debug builds also check every
/// event and reply the consumer encodes (`OutgoingEvent`, `OutgoingReply`).
@Suite struct WireEncodingTests {
    /// Both encodings of `event` and the outbox entries they give.
    static func expectSameBytes(_ event: EngineEvent, causedBy commandId: String? = nil, sourceLocation: SourceLocation = #_sourceLocation)
        throws
    {
        let written = try OutgoingEvent(event, causedBy: commandId).outboxEntry()
        let generated = try OutgoingEvent(Subscriptions_V1_NotificationEvent(event, causedBy: commandId)).outboxEntry()
        #expect(written == generated, "\(event.notificationType) \(event.subtype.map(\.rawValue) ?? "NONE")", sourceLocation: sourceLocation)
        // And the bytes decode to the message the mapping builds.
        #expect(
            try Subscriptions_V1_NotificationEvent(serializedBytes: written.body) == Subscriptions_V1_NotificationEvent(event, causedBy: commandId),
            sourceLocation: sourceLocation)
    }

    @Test("every field of a data event, with Advanced Commerce details, is written byte for byte as swift-protobuf writes it")
    func fullDataEvent() throws {
        let data = NotificationData(
            environment: .production, appAppleId: 1_234_567_890, bundleId: "com.example.news", bundleVersion: "1.0",
            status: .billingGracePeriod, transactionInfo: EventMappingTests.transaction, renewalInfo: EventMappingTests.renewal,
            consumptionRequestReason: .unintendedPurchase)
        try Self.expectSameBytes(EventMappingTests.event(.data(data)))
        try Self.expectSameBytes(EventMappingTests.event(.data(data), causedBy: nil), causedBy: "cmd-9")
        try Self.expectSameBytes(EventMappingTests.event(.data(data), causedBy: nil))
    }

    @Test("absent and default values are left out as swift-protobuf leaves them out")
    func defaults() throws {
        var renewal = EventMappingTests.renewal
        renewal.gracePeriodExpiresDate = nil
        renewal.priceIncreaseStatus = nil
        renewal.expirationIntent = nil
        renewal.advancedCommerceInfo = nil
        renewal.offerType = nil
        renewal.offerIdentifier = nil
        renewal.offerDiscountType = nil
        renewal.offerPeriod = nil
        renewal.autoRenewStatus = false
        renewal.renewalPrice = 0
        renewal.appAccountToken = ""
        var transaction = EventMappingTests.transaction
        transaction.revocationDate = nil
        transaction.revocationReason = nil
        transaction.revocationType = nil
        transaction.revocationPercentage = nil
        transaction.isUpgraded = false
        transaction.quantity = 0
        transaction.price = 0
        transaction.advancedCommerceInfo = nil
        for info in [transaction, nil] {
            let data = NotificationData(
                environment: .sandbox, appAppleId: 0, bundleId: "", bundleVersion: "", status: .active, transactionInfo: info,
                renewalInfo: renewal)
            try Self.expectSameBytes(EventMappingTests.event(.data(data), causedBy: nil))
        }
    }

    @Test(
        "instants before 1970, at it and with milliseconds; negative numbers; long and non-ASCII strings",
        arguments: [Int64(-1), -86_400_001, 0, 1, 999, 1_767_225_600_000, 4_102_444_799_999])
    func edgeValues(milliseconds: Int64) throws {
        let instant = Timestamp(millisecondsSince1970: milliseconds)
        var transaction = EventMappingTests.transaction
        transaction.purchaseDate = instant
        transaction.expiresDate = instant
        transaction.signedDate = instant
        transaction.price = Milliunits(milliseconds)
        transaction.quantity = Int(milliseconds % 1000)
        transaction.appAccountToken = String(repeating: "ä", count: 100)  // 200 bytes: a two-byte length
        transaction.offerIdentifier = String(repeating: "x", count: 17_000)  // a three-byte length, nested twice
        var renewal = EventMappingTests.renewal
        renewal.renewalDate = instant
        renewal.renewalPrice = Milliunits(-milliseconds)
        renewal.offerIdentifier = "ünïcødé 🧾"
        let data = NotificationData(
            environment: .xcode, appAppleId: -milliseconds, bundleId: "b", bundleVersion: "v", status: .revoked,
            transactionInfo: transaction, renewalInfo: renewal)
        var event = EventMappingTests.event(.data(data))
        event.signedDate = instant
        event.sequence = UInt64(Int64.max) - UInt64(milliseconds & 0xFF)  // the outbox keeps it as an Int64
        try Self.expectSameBytes(event)
    }

    @Test("summaries and subscriber communications are written as swift-protobuf writes them")
    func otherPayloads() throws {
        let summary = MassExtensionSummary(
            requestIdentifier: "mass-1", environment: .sandbox, appAppleId: 0, bundleId: "com.example.news",
            productId: "news.basic.monthly", storefrontCountryCodes: ["USA", "KOR"], failedCount: 2, succeededCount: 9998)
        try Self.expectSameBytes(EventMappingTests.event(.summary(summary), causedBy: nil))
        let communication = SubscriberCommunication(
            channel: .priceIncreaseSheet, kind: .consentReminder, priceChangeIds: ["pc-1", "pc-2"], consentRequired: true,
            effectiveRenewalDate: EventMappingTests.t2, originalTransactionId: "otid", storefront: "KOR", environment: .production,
            bundleId: "com.example.news", renewalInfo: EventMappingTests.renewal)
        try Self.expectSameBytes(EventMappingTests.event(.communication(communication)))
    }

    @Test("every event of a year of subscriptions (offers, switches, failed and recovered payments, extensions, price increases, a mass extension) is written byte for byte as swift-protobuf writes it")
    func engineEvents() throws {
        var corpus = EngineCorpus(engine: SubscriptionEngine(catalog: try exampleCatalog()))
        try corpus.run()
        #expect(corpus.events.count > 40)
        #expect(Set(corpus.events.map(\.notificationType)).count >= 6, "\(Set(corpus.events.map(\.notificationType)))")
        for event in corpus.events {
            try Self.expectSameBytes(event, causedBy: "a1c0d9e2-0000-4000-8000-000000000001")
        }
        #expect(corpus.replies.count > 10)
        for (route, reply) in corpus.replies {
            try Self.expectSameReply(reply, route: route)
        }
    }

    /// Both encodings of a successful `reply` on `route`.
    static func expectSameReply(_ reply: EngineReply, route: CommandRoute, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let repliedAt = Timestamp(millisecondsSince1970: 1_767_225_600_321)
        let outgoing = try OutgoingReply(reply, route: route, commandId: "6f1c2a0e-8d4b-4a51-9b0e-3f5d7c2a9e10", repliedAt: repliedAt)
        let generated = Subscriptions_V1_CommandReply(
            commandId: "6f1c2a0e-8d4b-4a51-9b0e-3f5d7c2a9e10", result: try Subscriptions_V1_CommandReply.OneOf_Result(reply, route: route),
            repliedAt: repliedAt)
        #expect(outgoing.message == generated, "\(route)", sourceLocation: sourceLocation)
        #expect(try outgoing.encoded() == generated.serializedBytes(), "\(route)", sourceLocation: sourceLocation)
        #expect(outgoing.status == .ok)
    }

    @Test("a subscription reply is written by hand on every route that answers with a subscription, and a switch's with its two fields")
    func subscriptionReplies() throws {
        let info = SubscriptionInfo(
            transactionInfo: EventMappingTests.transaction, renewalInfo: EventMappingTests.renewal, status: .billingRetry)
        for route in OutgoingReply.subscriptionResultFields.keys {
            try Self.expectSameReply(.subscription(info), route: route)
        }
        try Self.expectSameReply(.switchProduct(info, effectiveImmediately: true, proratedRefund: 1_234), route: .switchProduct)
        try Self.expectSameReply(.switchProduct(info, effectiveImmediately: false, proratedRefund: 0), route: .switchProduct)
        var bare = info
        bare.transactionInfo = nil
        bare.status = nil
        try Self.expectSameReply(.subscription(bare), route: .purchase)
    }

    @Test("a reply that does not answer its route is refused as the mapping refuses it; other replies go through the generated type")
    func otherReplies() throws {
        let info = SubscriptionInfo(transactionInfo: nil, renewalInfo: EventMappingTests.renewal, status: nil)
        #expect(throws: ReplyMappingError.self) {
            _ = try OutgoingReply(.subscription(info), route: .getTransactionInfo, commandId: "c", repliedAt: EventMappingTests.t1)
        }
        try Self.expectSameReply(.massExtendRenewalDate(requestIdentifier: "9b2b6a0e-1c55-4f4e-8b0c-6a4b5f0f2d31"), route: .massExtendRenewalDate)
        try Self.expectSameReply(.renewalInfo(info), route: .setAutoRenew)
    }
}

/// Engine events and replies of varied subscriptions over a year, for the encoding tests.
struct EngineCorpus {
    let engine: SubscriptionEngine
    var store = InMemoryEngineStore()
    var events: [EngineEvent] = []
    var replies: [(CommandRoute, EngineReply)] = []
    var count = 0
    let start = Timestamp.utc(2026, 1, 1)

    init(engine: SubscriptionEngine) {
        self.engine = engine
    }

    mutating func apply(_ command: EngineCommand, route: CommandRoute, at now: Timestamp) throws {
        count += 1
        let outcome = try engine.apply(command, commandId: "corpus-\(count)", at: now, in: &store)
        events += outcome.events
        #expect(outcome.reply.rejection == nil, "\(command)")
        if outcome.reply.rejection == nil { replies.append((route, outcome.reply)) }
    }

    mutating func advance(to time: Timestamp) throws {
        events += try engine.advance(to: time, in: &store)
    }

    func subscription(of customer: String, group: String) throws -> String {
        try #require(try store.subscriptionIds(customerId: customer, groupId: group).first)
    }

    mutating func run() throws {
        let purchases: [(String, StorefrontCode)] = [
            ("news.premium.monthly", "USA"), ("news.premium.annual", "KOR"), ("news.standard.monthly", "KOR"),
            ("news.basic.monthly", "JPN"), ("sports.monthly", "IND"), ("news.premium.monthly", "DEU"),
        ]
        for (index, (product, storefront)) in purchases.enumerated() {
            try apply(
                .purchase(PurchaseRequest(customerId: "c\(index)", productId: product, storefront: storefront,
                    appAccountToken: index.isMultiple(of: 2) ? "6f1c2a0e-8d4b-4a51-9b0e-3f5d7c2a9e1\(index)" : "")),
                route: .purchase, at: start.adding(days: index))
        }
        let c0 = try subscription(of: "c0", group: "news")
        let c2 = try subscription(of: "c2", group: "news")
        let c3 = try subscription(of: "c3", group: "news")
        try apply(.switchProduct(SwitchProductRequest(originalTransactionId: c3, productId: "news.premium.monthly")), route: .switchProduct,
            at: start.adding(days: 10))
        try apply(.switchProduct(SwitchProductRequest(originalTransactionId: c0, productId: "news.basic.monthly")), route: .switchProduct,
            at: start.adding(days: 11))
        try apply(.setAutoRenew(SetAutoRenewRequest(originalTransactionId: c2, enable: false)), route: .setAutoRenew,
            at: start.adding(days: 12))
        try apply(.reportBillingOutcome(ReportBillingOutcomeRequest(originalTransactionId: c3, outcome: .chargeFailed)),
            route: .reportBillingOutcome, at: start.adding(days: 14))
        try apply(.reportBillingOutcome(ReportBillingOutcomeRequest(originalTransactionId: c3, outcome: .paymentMethodFixed)),
            route: .reportBillingOutcome, at: start.adding(days: 20))
        try apply(.setAutoRenew(SetAutoRenewRequest(originalTransactionId: c2, enable: true)), route: .setAutoRenew,
            at: start.adding(days: 20))
        // c5's payments fail from now on: billing retry, then expiry.
        try apply(.reportBillingOutcome(ReportBillingOutcomeRequest(originalTransactionId: try subscription(of: "c5", group: "news"),
            outcome: .chargeFailed)), route: .reportBillingOutcome, at: start.adding(days: 21))
        try advance(to: start.adding(days: 70))
        try apply(.extendRenewalDate(ExtendRenewalDateRequest(
            originalTransactionId: c0, extendByDays: 5, extendReasonCode: 1, requestIdentifier: "ext-1")),
            route: .extendRenewalDate, at: start.adding(days: 70))
        try apply(.massExtendRenewalDate(MassExtendRenewalDateRequest(
            productId: "news.basic.monthly", extendByDays: 10, extendReasonCode: 1, requestIdentifier: "9b2b6a0e-1c55-4f4e-8b0c-6a4b5f0f2d31")),
            route: .massExtendRenewalDate, at: start.adding(days: 73))
        try advance(to: start.adding(days: 365))
    }
}
