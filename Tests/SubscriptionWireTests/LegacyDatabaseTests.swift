import Foundation
import SubscriptionEngine
import SubscriptionStore
import Testing

@testable import SubscriptionHandler
@testable import SubscriptionWire

/// `Fixtures/v1-database.sqlite` was written by the consumer before the v2 schema (JSON
/// documents, index documents, the whole transaction history inside each aggregate): three
/// purchases on the test clock, 40 days of renewals, alice extended with an idempotency key,
/// bob upgraded, and a mass extension accepted but not started.
@Suite struct LegacyDatabaseTests {
    static let alice = "2692449936161063"
    static let bob = "2848050730594431"
    static let carol = "2589752587062817"
    static let massExtension = "6f1d2b3a-8c44-4e51-9a0e-571c3d2290ab"

    /// A copy of the fixture, opened (and so migrated) by the current store.
    static func migrated() throws -> SubscriptionDatabase {
        let source = try #require(Bundle.module.url(forResource: "v1-database", withExtension: "sqlite", subdirectory: "Fixtures"))
        let directory = FileManager.default.temporaryDirectory.appending(path: "legacy-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appending(path: "subscriptions.sqlite")
        try FileManager.default.copyItem(at: source, to: path)
        return try SubscriptionDatabase(path: path.path)
    }

    @Test("v1 documents become v2 aggregates with their history, replies and indexes")
    func migratesDocuments() async throws {
        let database = try Self.migrated()
        try await database.read { transaction in
            let store = AggregateEngineStore(transaction)
            for id in [Self.alice, Self.bob, Self.carol] {
                let subscription = try #require(try store.subscription(id))
                let history = try store.transactions(of: id)
                #expect(history.count == subscription.transactionCount)
                #expect(history.count >= 2, "purchase and a renewal")
                #expect(history.last == subscription.latestTransaction)
                #expect(try store.containsTransaction(history[0].transactionId, of: id))
            }
            let bobHistory = try store.transactions(of: Self.bob)
            #expect(bobHistory.dropLast().last?.isUpgraded == true, "the transaction the upgrade replaced")
            #expect(bobHistory.last?.isUpgraded == false)
            #expect(try store.requestResult("ext:fixture-ext-1", of: Self.alice) != nil)
            #expect(try store.subscriptionIds(customerId: "alice", groupId: "news") == [Self.alice])
            #expect(try store.subscriptionIds(productId: "news.basic.monthly", from: "", limit: 10) == [Self.carol, Self.alice])
            let job = try #require(try store.massExtension(Self.massExtension))
            #expect(!job.complete)
            #expect(job.resumeAt == "")
            #expect(try store.earliestMassExtensionDueTime() == job.nextDueTime)
        }
    }

    @Test("the engine goes on from migrated state: the pending mass extension runs and saves in the compact form")
    func engineContinues() async throws {
        let database = try Self.migrated()
        let engine = SubscriptionEngine(catalog: try exampleCatalog())
        let events = try await database.write { transaction in
            var store = AggregateEngineStore(transaction)
            let job = try #require(try store.massExtension(Self.massExtension))
            let events = try engine.advance(to: job.requestedAt, in: &store)
            let replay = try engine.apply(
                .extendRenewalDate(ExtendRenewalDateRequest(
                    originalTransactionId: Self.alice, extendByDays: 5, extendReasonCode: 1, requestIdentifier: "fixture-ext-1")),
                commandId: "again", at: job.requestedAt, in: &store)
            #expect(replay.events.isEmpty, "the idempotency key's first reply answers")
            return events
        }
        #expect(events.filter { $0.notificationType == .renewalExtended }.map(\.subscriptionId).sorted() == [Self.carol, Self.alice].sorted())
        #expect(events.last?.subtype == .summary)
        let (body, job) = try await database.read { transaction in
            (try transaction.subscription(Self.alice), try AggregateEngineStore(transaction).massExtension(Self.massExtension))
        }
        #expect(body?.first != UInt8(ascii: "{"), "saved again in the compact encoding")
        #expect(job?.complete == true)
    }
}
