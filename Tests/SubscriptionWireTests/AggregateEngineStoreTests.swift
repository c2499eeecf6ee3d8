import Foundation
import SubscriptionStore
import Testing

@testable import SubscriptionEngine
@testable import SubscriptionHandler
@testable import SubscriptionWire

/// The same commands applied to the reference `InMemoryEngineStore` and to an
/// `AggregateEngineStore` over an aggregate transaction must give the same outcomes and state.
/// The reference makes new ids as the stored one does (time-ordered over one writer).
struct StorePair {
    let engine: SubscriptionEngine
    var reference: InMemoryEngineStore
    var stored: AggregateEngineStore
    var count = 0

    static let start = Timestamp.utc(2026, 1, 1)

    init(transaction: any AggregateTransaction) throws {
        engine = SubscriptionEngine(catalog: try exampleCatalog())
        stored = AggregateEngineStore(transaction)
        reference = InMemoryEngineStore(subscriptionIds: stored.subscriptionIdScheme)
    }

    mutating func apply(_ command: EngineCommand, at now: Timestamp) throws {
        count += 1
        let expected = try engine.apply(command, commandId: "c\(count)", at: now, in: &reference)
        let actual = try engine.apply(command, commandId: "c\(count)", at: now, in: &stored)
        #expect(actual == expected)
        #expect(expected.reply.rejection == nil, "\(expected.reply)")
    }

    mutating func advance(to time: Timestamp) throws {
        let expected = try engine.advance(to: time, in: &reference)
        let actual = try engine.advance(to: time, in: &stored)
        #expect(actual == expected)
    }

    mutating func buy(_ productId: String, _ customer: String, at now: Timestamp) throws {
        try apply(.purchase(PurchaseRequest(customerId: customer, productId: productId, storefront: "USA")), at: now)
    }

    /// Four subscriptions of three customers bought at millisecond-odd times.
    mutating func populate() throws {
        try buy("news.basic.monthly", "alice", at: Self.start)
        try buy("sports.monthly", "alice", at: Self.start.adding(milliseconds: 123))
        try buy("news.premium.monthly", "bob", at: Self.start.adding(days: 3).adding(milliseconds: 777))
        try buy("news.basic.monthly", "carol", at: Self.start.adding(days: 5).adding(milliseconds: 1))
    }

    /// Every aggregate, its history and the indexes agree with the reference.
    func expectSameState() throws {
        for (id, subscription) in reference.subscriptions {
            #expect(try stored.subscription(id) == subscription)
            #expect(try stored.transactions(of: id) == reference.transactions(of: id))
        }
        for customer in ["alice", "bob", "carol", "nobody"] {
            #expect(try stored.subscriptionIds(customerId: customer) == reference.subscriptionIds(customerId: customer).sorted())
            for group in ["news", "sports", "bundle"] {
                #expect(try stored.subscriptionIds(customerId: customer, groupId: group)
                    == reference.subscriptionIds(customerId: customer, groupId: group).sorted())
            }
        }
        for product in ["news.basic.monthly", "news.premium.monthly", "sports.monthly", "news.standard.monthly"] {
            for first in ["", "3"] {
                #expect(try stored.subscriptionIds(productId: product, from: first, limit: 10)
                    == reference.subscriptionIds(productId: product, from: first, limit: 10))
            }
        }
        #expect(try stored.earliestDueTime() == reference.earliestDueTime())
    }
}

@Suite struct AggregateEngineStoreTests {
    @Test("indexes, aggregates and history answer like InMemoryEngineStore")
    func indexes() throws {
        var pair = try StorePair(transaction: InMemoryAggregateTransaction())
        try pair.populate()
        try pair.expectSameState()
        #expect(try pair.stored.subscriptionIds(productId: "news.basic.monthly", from: "", limit: 10).count == 2)
    }

    @Test("due index: same ids in the same (time, id) order and the same earliest time")
    func dueIndex() throws {
        var pair = try StorePair(transaction: InMemoryAggregateTransaction())
        try pair.populate()
        for days in [0, 7, 31, 35, 40, 400] {
            let time = try StorePair.start.adding(days: days)
            for limit in [1, 2, 10] {
                #expect(try pair.stored.dueSubscriptionIds(atOrBefore: time, limit: limit)
                    == pair.reference.dueSubscriptionIds(atOrBefore: time, limit: limit))
            }
        }
    }

    @Test("a switch, an idempotent extension, a mass extension and a year of renewals keep the stores equal")
    func history() throws {
        var pair = try StorePair(transaction: InMemoryAggregateTransaction())
        try pair.populate()
        let alice = try #require(try pair.reference.subscriptionIds(customerId: "alice", groupId: "news").first)
        try pair.apply(
            .switchProduct(SwitchProductRequest(originalTransactionId: alice, productId: "news.premium.monthly")),
            at: StorePair.start.adding(days: 10))
        let extend = EngineCommand.extendRenewalDate(ExtendRenewalDateRequest(
            originalTransactionId: alice, extendByDays: 3, extendReasonCode: 1, requestIdentifier: "ext-1"))
        try pair.apply(extend, at: StorePair.start.adding(days: 11))
        try pair.apply(extend, at: StorePair.start.adding(days: 12))
        #expect(try pair.stored.requestResult("ext:ext-1", of: alice) != nil)
        let requestIdentifier = "9b2b6a0e-1c55-4f4e-8b0c-6a4b5f0f2d31"
        try pair.apply(
            .massExtendRenewalDate(MassExtendRenewalDateRequest(
                productId: "news.basic.monthly", extendByDays: 10, extendReasonCode: 1, requestIdentifier: requestIdentifier)),
            at: StorePair.start.adding(days: 13))
        #expect(try pair.stored.massExtension(requestIdentifier) == pair.reference.massExtension(requestIdentifier))
        try pair.advance(to: StorePair.start.adding(days: 400))
        #expect(try pair.stored.massExtension(requestIdentifier) == pair.reference.massExtension(requestIdentifier))
        #expect(try pair.stored.massExtension(requestIdentifier)?.complete == true)
        try pair.expectSameState()
        #expect(try pair.stored.transactions(of: alice).count > 12)
    }

    @Test("R-EXT-4 a mass extension over SQLite pages, across a page boundary and with families, gives the reference store's events and state")
    func massExtensionOverSQLite() async throws {
        let directory = FileManager.default.temporaryDirectory.appending(path: "walked-pages-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = try SubscriptionDatabase(path: directory.appending(path: "db.sqlite").path)
        let engine = SubscriptionEngine(catalog: try exampleCatalog())
        var purchases: [(EngineCommand, Timestamp)] = []
        for index in 0..<(MassExtension.batchSize + 150) {
            // A family every 40 purchases: its member follows its purchaser, wherever the page ends.
            let family = index % 40 == 0 ? ["kid-\(index)"] : []
            purchases.append((.purchase(PurchaseRequest(
                customerId: "customer-\(index)", productId: "news.standard.monthly", storefront: "USA",
                familyMemberCustomerIds: family)), try StorePair.start.adding(milliseconds: Int64(index) * 60_000)))
        }
        let request = "3a6f0c1e-52d4-4d0b-9a7e-2f1c9e5b8d40"
        let requestedAt = try StorePair.start.adding(days: 2)
        let purchaseCount = Int64(purchases.count)
        let commands = purchases + [(.massExtendRenewalDate(MassExtendRenewalDateRequest(
            productId: "news.standard.monthly", extendByDays: 5, extendReasonCode: 1, requestIdentifier: request)), requestedAt)]
        var reference = InMemoryEngineStore(subscriptionIds: .timeOrdered)
        for (index, (command, at)) in commands.enumerated() {
            _ = try engine.apply(command, commandId: "c\(index)", at: at, in: &reference)
        }
        let expected = try engine.advance(to: requestedAt, in: &reference, massExtensionBatches: 10)
        let referenceState = reference.subscriptions
        let actual = try await database.write { transaction in
            var store = AggregateEngineStore(transaction)
            for (index, (command, at)) in commands.enumerated() {
                _ = try engine.apply(command, commandId: "c\(index)", at: at, in: &store)
            }
            return try engine.advance(to: requestedAt, in: &store, massExtensionBatches: 10)
        }
        // The SQLite walk goes in storage order, the reference's by id: the same events, each
        // subscription's in the same order, and the summary last.
        let members = referenceState.values.compactMap { subscription in
            subscription.familyPurchaserId.map { (member: subscription.originalTransactionId, purchaser: $0) }
        }
        #expect(members.count == 54)
        #expect(actual.count == purchases.count + members.count + 1)
        #expect(actual.count == expected.count)
        for (member, purchaser) in members {
            let position = try #require(actual.firstIndex { $0.subscriptionId == member })
            #expect(position > 0 && actual[position - 1].subscriptionId == purchaser)
        }
        #expect(Set(actual.map(\.notificationUUID)) == Set(expected.map(\.notificationUUID)))
        #expect(actual.last?.subtype == .summary)
        #expect(actual.last == expected.last)
        #expect(Dictionary(grouping: actual, by: \.subscriptionId) == Dictionary(grouping: expected, by: \.subscriptionId))
        try await database.read { transaction in
            let store = AggregateEngineStore(transaction)
            for (id, subscription) in referenceState {
                let stored = try store.subscription(id)
                #expect(stored == subscription)
            }
            let job = try store.massExtension(request)
            #expect(job?.succeededCount == purchaseCount)
        }
    }

    @Test("Timestamp to Date and back is exact under rounding and truncation", arguments: [
        Int64(0), 1, 999, 1_767_225_600_123, 1_767_225_600_999, 4_102_444_799_999, -1,
    ])
    func timestampRoundTrip(milliseconds: Int64) throws {
        let date = Timestamp(millisecondsSince1970: milliseconds).date
        #expect(Int64((date.timeIntervalSince1970 * 1000).rounded(.down)) == milliseconds)
        #expect(try Timestamp(date).millisecondsSince1970 == milliseconds)
        #expect(try Timestamp(Date(timeIntervalSince1970: Double(milliseconds) / 1000)).millisecondsSince1970 == milliseconds)
    }
}
