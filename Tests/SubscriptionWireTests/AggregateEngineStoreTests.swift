import Foundation
import SubscriptionEngine
import SubscriptionStore
import Testing

@testable import SubscriptionWire

/// A document transaction that keeps due dates as whole milliseconds truncated, like the
/// SQLite store's `due_at INTEGER` column.
final class TruncatingDocumentTransaction: DocumentTransaction {
    private let base = InMemoryDocumentTransaction()

    private static func truncated(_ date: Date) -> Date {
        Date(timeIntervalSince1970: TimeInterval(Int64((date.timeIntervalSince1970 * 1000).rounded(.down))) / 1000)
    }

    func document(kind: String, key: String) throws -> Data? { try base.document(kind: kind, key: key) }
    func putDocument(_ body: Data, kind: String, key: String, tag: String?, dueAt: Date?) throws {
        try base.putDocument(body, kind: kind, key: key, tag: tag, dueAt: dueAt.map(Self.truncated))
    }
    func deleteDocument(kind: String, key: String) throws { try base.deleteDocument(kind: kind, key: key) }
    func keys(kind: String) throws -> [String] { try base.keys(kind: kind) }
    func keys(kind: String, tag: String) throws -> [String] { try base.keys(kind: kind, tag: tag) }
    func dueKeys(kind: String, atOrBefore date: Date, limit: Int) throws -> [String] {
        try base.dueKeys(kind: kind, atOrBefore: Self.truncated(date), limit: limit)
    }
    func earliestDueDate() throws -> Date? { try base.earliestDueDate() }
}

@Suite struct DocumentEngineStoreTests {
    /// Applies the same commands to the reference store and to a document store.
    struct Pair {
        let engine: SubscriptionEngine
        var reference = InMemoryEngineStore()
        var documents: DocumentEngineStore
        var count = 0

        init(transaction: any DocumentTransaction = InMemoryDocumentTransaction()) throws {
            engine = SubscriptionEngine(catalog: try exampleCatalog())
            documents = DocumentEngineStore(transaction)
        }

        mutating func apply(_ command: EngineCommand, at now: Timestamp) throws {
            count += 1
            let expected = try engine.apply(command, commandId: "c\(count)", at: now, in: &reference)
            let actual = try engine.apply(command, commandId: "c\(count)", at: now, in: &documents)
            #expect(actual == expected)
            #expect(expected.reply.rejection == nil, "\(expected.reply)")
        }

        mutating func advance(to time: Timestamp) throws {
            let expected = try engine.advance(to: time, in: &reference)
            let actual = try engine.advance(to: time, in: &documents)
            #expect(actual == expected)
        }

        mutating func buy(_ productId: String, _ customer: String, at now: Timestamp) throws {
            try apply(.purchase(PurchaseRequest(customerId: customer, productId: productId, storefront: "USA")), at: now)
        }
    }

    static let start = Timestamp.utc(2026, 1, 1)

    static func populated(transaction: any DocumentTransaction = InMemoryDocumentTransaction()) throws -> Pair {
        var pair = try Pair(transaction: transaction)
        try pair.buy("news.basic.monthly", "alice", at: start)
        try pair.buy("sports.monthly", "alice", at: start.adding(milliseconds: 123))
        try pair.buy("news.premium.monthly", "bob", at: start.adding(days: 3).adding(milliseconds: 777))
        try pair.buy("news.basic.monthly", "carol", at: start.adding(days: 5).adding(milliseconds: 1))
        return pair
    }

    @Test("customer, customer+group and product indexes answer like InMemoryEngineStore")
    func indexes() throws {
        let pair = try Self.populated()
        for customer in ["alice", "bob", "carol", "nobody"] {
            #expect(try pair.documents.subscriptionIds(customerId: customer).sorted()
                == pair.reference.subscriptionIds(customerId: customer).sorted())
            for group in ["news", "sports", "bundle"] {
                #expect(try pair.documents.subscriptionIds(customerId: customer, groupId: group).sorted()
                    == pair.reference.subscriptionIds(customerId: customer, groupId: group).sorted())
            }
        }
        for product in ["news.basic.monthly", "news.premium.monthly", "sports.monthly", "news.standard.monthly"] {
            #expect(try pair.documents.subscriptionIds(productId: product) == pair.reference.subscriptionIds(productId: product))
        }
        #expect(try pair.documents.subscriptionIds(productId: "news.basic.monthly").count == 2)
        for id in pair.reference.subscriptions.keys {
            #expect(try pair.documents.subscription(id) == pair.reference.subscription(id))
        }
    }

    @Test("due index: same ids in the same (time, id) order and the same earliest time")
    func dueIndex() throws {
        let pair = try Self.populated()
        #expect(try pair.documents.earliestDueTime() == pair.reference.earliestDueTime())
        for days in [0, 7, 31, 35, 40, 400] {
            let time = Self.start.adding(days: days)
            for limit in [1, 2, 10] {
                #expect(try pair.documents.dueSubscriptionIds(atOrBefore: time, limit: limit)
                    == pair.reference.dueSubscriptionIds(atOrBefore: time, limit: limit))
            }
        }
    }

    @Test("a product change moves the subscription in the product index; mass extensions are stored and due")
    func productChangeAndMassExtension() throws {
        var pair = try Self.populated()
        let alice = try #require(try pair.reference.subscriptionIds(customerId: "alice", groupId: "news").first)
        try pair.apply(
            .switchProduct(SwitchProductRequest(originalTransactionId: alice, productId: "news.premium.monthly")),
            at: Self.start.adding(days: 10))
        let requestIdentifier = "9b2b6a0e-1c55-4f4e-8b0c-6a4b5f0f2d31"
        try pair.apply(
            .massExtendRenewalDate(MassExtendRenewalDateRequest(
                productId: "news.basic.monthly", extendByDays: 10, extendReasonCode: 1, requestIdentifier: requestIdentifier)),
            at: Self.start.adding(days: 11))
        for product in ["news.basic.monthly", "news.premium.monthly"] {
            #expect(try pair.documents.subscriptionIds(productId: product) == pair.reference.subscriptionIds(productId: product))
        }
        #expect(try pair.documents.massExtension(requestIdentifier) == pair.reference.massExtension(requestIdentifier))
        let time = Self.start.adding(days: 12)
        #expect(try pair.documents.dueMassExtensionIds(atOrBefore: time, limit: 5)
            == pair.reference.dueMassExtensionIds(atOrBefore: time, limit: 5))
        #expect(try pair.documents.earliestDueTime() == pair.reference.earliestDueTime())
        try pair.advance(to: Self.start.adding(days: 60))
        #expect(try pair.documents.massExtension(requestIdentifier) == pair.reference.massExtension(requestIdentifier))
    }

    @Test("a store that truncates due dates to milliseconds still fires millisecond-precise timers")
    func truncatingStore() throws {
        var pair = try Self.populated(transaction: TruncatingDocumentTransaction())
        #expect(try pair.documents.earliestDueTime() == pair.reference.earliestDueTime())
        try pair.advance(to: Self.start.adding(days: 70))
        #expect(try pair.documents.earliestDueTime() == pair.reference.earliestDueTime())
    }

    @Test("Timestamp to Date and back is exact under rounding and truncation", arguments: [
        Int64(0), 1, 999, 1_767_225_600_123, 1_767_225_600_999, 4_102_444_799_999, -1,
    ])
    func timestampRoundTrip(milliseconds: Int64) {
        let date = Timestamp(millisecondsSince1970: milliseconds).date
        #expect(Int64((date.timeIntervalSince1970 * 1000).rounded(.down)) == milliseconds)
        #expect(Timestamp(date).millisecondsSince1970 == milliseconds)
        #expect(Timestamp(Date(timeIntervalSince1970: Double(milliseconds) / 1000)).millisecondsSince1970 == milliseconds)
    }
}
