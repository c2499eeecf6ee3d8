import Foundation
import Testing

@testable import SubscriptionEngine

@Suite struct PersistenceTests {
    /// A busy scenario: bundle with increases, in-app subscription with failure and recovery,
    /// extensions and a mass extension, run against any store.
    static func run(_ store: inout some EngineStore) throws -> [EngineEvent] {
        let engine = SubscriptionEngine(catalog: try exampleCatalog())
        var events: [EngineEvent] = []
        var count = 0
        func apply(_ command: EngineCommand, _ now: Timestamp, _ store: inout some EngineStore) throws -> EngineOutcome {
            count += 1
            let outcome = try engine.apply(command, commandId: "c\(count)", at: now, in: &store)
            events += outcome.events
            return outcome
        }
        let start = Timestamp.utc(2026, 1, 1)
        let bundle = try apply(.createSubscription(CreateSubscriptionRequest(customerId: "a", requestInfo: RequestInfo(requestReferenceId: "c"), currency: "USD", descriptors: SubscriptionDescriptors(displayName: "B", description: "B"), items: [AdvancedCommerceItem(sku: "NEWS_BASIC", price: 4990), AdvancedCommerceItem(sku: "LIVE_SPORTS", price: 9990)], period: "P1M", storefront: "USA")), start, &store)
        guard case .subscription(let info) = bundle.reply else { return events }
        let bundleId = info.renewalInfo.originalTransactionId
        _ = try apply(.changePrice(ChangePriceRequest(transactionId: bundleId, requestInfo: RequestInfo(requestReferenceId: "p"), items: [PriceChangeItem(sku: "LIVE_SPORTS", price: 19990, dependentSKUs: ["NEWS_BASIC"])])), start.adding(days: 1), &store)
        let inApp = try apply(.purchase(PurchaseRequest(customerId: "b", productId: "news.basic.monthly", storefront: "USA")), start.adding(days: 2), &store)
        guard case .subscription(let second) = inApp.reply else { return events }
        let inAppId = second.renewalInfo.originalTransactionId
        _ = try apply(.reportBillingOutcome(ReportBillingOutcomeRequest(originalTransactionId: inAppId, outcome: .chargeFailed)), start.adding(days: 3), &store)
        _ = try apply(.massExtendRenewalDate(MassExtendRenewalDateRequest(productId: "news.basic.monthly", extendByDays: 2, extendReasonCode: 3, requestIdentifier: "6f1d2b3a-8c44-4e51-9a0e-571c3d2290ab")), start.adding(days: 4), &store)
        _ = try apply(.reportBillingOutcome(ReportBillingOutcomeRequest(originalTransactionId: inAppId, outcome: .paymentMethodFixed)), .utc(2026, 2, 20), &store)
        events += try engine.advance(to: .utc(2026, 6, 1), in: &store)
        return events
    }

    @Test("R-EVT-3 aggregates persisted as JSON give the same events as in memory (replay after a restart)")
    func jsonRoundTrip() throws {
        var memory = InMemoryEngineStore()
        var json = JSONRoundTripStore()
        let expected = try Self.run(&memory)
        let actual = try Self.run(&json)
        #expect(expected.count > 10)
        #expect(actual == expected)
        for (id, subscription) in memory.subscriptions {
            #expect(try json.subscription(id) == subscription)
            // The in-memory store's own answer and the protocol's default (a load) agree.
            #expect(try memory.containsSubscription(id))
            #expect(try json.containsSubscription(id))
        }
        #expect(try !memory.containsSubscription("2000000000000000000"))
        #expect(try !json.containsSubscription("2000000000000000000"))
    }

    @Test("R-EVT-3 aggregates persisted as compact records give the same events and state as in memory")
    func recordRoundTrip() throws {
        var memory = InMemoryEngineStore()
        var records = JSONRoundTripStore(encoding: .record)
        let expected = try Self.run(&memory)
        let actual = try Self.run(&records)
        #expect(actual == expected)
        for (id, subscription) in memory.subscriptions {
            let stored = try #require(try records.subscription(id))
            #expect(stored == subscription)
            #expect(stored.recordBytes() == subscription.recordBytes(), "the same state is the same bytes")
        }
        for id in ["6f1d2b3a-8c44-4e51-9a0e-571c3d2290ab"] {
            #expect(try records.massExtension(id) == memory.massExtension(id))
        }
    }
}
