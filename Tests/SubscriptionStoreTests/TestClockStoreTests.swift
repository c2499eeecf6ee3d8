import Foundation
import SubscriptionStore
import Testing

/// Test clocks in the store (docs/test-clocks.md): the partition by clock on SQLite and
/// PostgreSQL (``StoreBackend``); SQLite's query plans.
@Suite("Store: test clocks")
struct TestClockStoreTests {
    let database: SubscriptionDatabase

    init() throws {
        database = try SubscriptionDatabase(path: temporaryDatabasePath())
    }

    @Test("R-CLK-2 each clock sees only its own customers, due timers, product walks and mass extensions", arguments: StoreBackend.available)
    func clocksPartitionTheIndexes(backend: StoreBackend) async throws {
        let database = try await backend.open()
        try await database.write { transaction in
            try transaction.putTestClock(StoredTestClock(id: "clock_a", name: "A", now: 100, createdAt: 100))
            try transaction.putSubscription(Data("1".utf8), id: "s1", customerId: "ann", groupId: "news", productId: "monthly", dueAt: 10)
            try transaction.putSubscription(
                Data("2".utf8), id: "s2", customerId: "ann", groupId: "news", productId: "monthly", dueAt: 5, clockId: "clock_a")
            try transaction.putSubscription(
                Data("3".utf8), id: "s3", customerId: "bob", groupId: "news", productId: "monthly", dueAt: 7, clockId: "clock_b")
            try transaction.putMassExtension(Data("j".utf8), id: "j1", productId: "monthly", dueAt: 1, clockId: "clock_a")
            // Saved again through another store: the clock a row was first stored with stays.
            try transaction.putSubscription(Data("2b".utf8), id: "s2", customerId: "ann", groupId: "news", productId: "monthly", dueAt: 6)
        }
        try await database.read { (transaction) throws in
            #expect(try transaction.dueSubscriptionIds(atOrBefore: 100, limit: 10) == ["s1"])
            #expect(try transaction.dueSubscriptionIds(onClock: "clock_a", atOrBefore: 100, limit: 10) == ["s2"])
            #expect(try transaction.earliestSubscriptionDue(onClock: "clock_a") == 6)
            #expect(try transaction.earliestSubscriptionDue() == 10)
            #expect(try transaction.subscriptionIds(customerId: "ann") == ["s1"])
            #expect(try transaction.subscriptionIds(customerId: "ann", groupId: "news", onClock: "clock_a") == ["s2"])
            #expect(try transaction.subscriptionIds(productId: "monthly", onClock: "clock_b", from: "", limit: 10) == ["s3"])
            #expect(try transaction.subscriptionIds(productId: "monthly", from: "", limit: 10) == ["s1"])
            #expect(try transaction.dueMassExtensionIds(atOrBefore: 100, limit: 10).isEmpty)
            #expect(try transaction.dueMassExtensionIds(onClock: "clock_a", atOrBefore: 100, limit: 10) == ["j1"])
            #expect(try transaction.earliestDueDate() == Date(timeIntervalSince1970: 0.010))
            #expect(try transaction.clock(ofSubscription: "s2") == .testClock("clock_a"))
            #expect(try transaction.clock(ofSubscription: "s1") == .consumer)
            #expect(try transaction.clock(ofSubscription: "none") == nil)
            #expect(try transaction.hasTestClocks())
            #expect(try transaction.subscriptionCount(onClock: "clock_a") == 1)
        }
    }

    @Test("R-CLK-3 deleting a clock deletes its subscriptions, their history and replies, and its mass extensions, nothing else", arguments: StoreBackend.available)
    func deleteTakesEverythingOnTheClock(backend: StoreBackend) async throws {
        let database = try await backend.open()
        let deleted = try await database.write { transaction in
            try transaction.putTestClock(StoredTestClock(id: "clock_a", name: "", now: 0, createdAt: 0))
            try transaction.putSubscription(Data("1".utf8), id: "kept", customerId: "c", groupId: "g", productId: "p", dueAt: 1)
            try transaction.putSubscription(Data("2".utf8), id: "gone", customerId: "c", groupId: "g", productId: "p", dueAt: 1, clockId: "clock_a")
            try transaction.putTransaction(Data("t".utf8), subscriptionId: "gone", position: 0, transactionId: "gone")
            try transaction.putTransaction(Data("t".utf8), subscriptionId: "kept", position: 0, transactionId: "kept")
            try transaction.putRequestResult(Data("r".utf8), key: "k", subscriptionId: "gone")
            try transaction.putMassExtension(Data("j".utf8), id: "j", productId: "p", dueAt: 1, clockId: "clock_a")
            return try transaction.deleteTestClock("clock_a")
        }
        #expect(deleted == 1)
        try await database.read { (transaction) throws in
            #expect(try transaction.subscription("gone") == nil)
            #expect(try transaction.transactions(subscriptionId: "gone").isEmpty)
            #expect(try transaction.requestResult(key: "k", subscriptionId: "gone") == nil)
            #expect(try transaction.massExtension("j") == nil)
            #expect(try transaction.testClock("clock_a") == nil)
            #expect(try !transaction.hasTestClocks())
            #expect(try transaction.subscription("kept") == Data("1".utf8))
            #expect(try transaction.transactions(subscriptionId: "kept").count == 1)
        }
    }

    @Test("whether a test clock exists is read once per transaction and stays true to what the transaction did")
    func hasTestClocksFollowsTheTransaction() async throws {
        let answers = try await database.write { transaction in
            var answers = [try transaction.hasTestClocks()]
            try transaction.putTestClock(StoredTestClock(id: "clock_a", name: "", now: 0, createdAt: 0))
            answers.append(try transaction.hasTestClocks())
            try transaction.putTestClock(StoredTestClock(id: "clock_b", name: "", now: 0, createdAt: 0))
            _ = try transaction.deleteTestClock("clock_a")
            answers.append(try transaction.hasTestClocks())
            _ = try transaction.deleteTestClock("clock_b")
            answers.append(try transaction.hasTestClocks())
            return answers
        }
        #expect(answers == [false, true, true, false])
    }

    @Test("R-CLK-2 the due queries of a clock use the (clock_id, due_at, id) index")
    func dueQueryUsesTheIndex() async throws {
        let plans = try await database.read { (transaction) throws in
            try transaction.queryPlans([
                "SELECT id FROM subscription WHERE clock_id IS ? AND due_at IS NOT NULL AND due_at <= ? ORDER BY due_at, id LIMIT ?",
                "SELECT MIN(due_at) FROM subscription WHERE clock_id IS ? AND due_at IS NOT NULL",
            ])
        }
        for plan in plans {
            #expect(plan.contains("USING COVERING INDEX subscription_due"), "\(plan)")
            #expect(!plan.contains("TEMP B-TREE"), "\(plan)")
        }
    }

    @Test("a mass extension's product walk reads in storage order, without sorting a clock's rows per batch (it did: 154,000 of 1,000,000 subscriptions in 10 minutes)")
    func productWalkUsesThePrimaryKey() async throws {
        let plans = try await database.read { (transaction) throws in
            try transaction.queryPlans([StoreTransaction.storageWalkSQL])
        }
        for plan in plans {
            #expect(plan.contains("INTEGER PRIMARY KEY"), "\(plan)")
            #expect(!plan.contains("TEMP B-TREE"), "\(plan)")
        }
    }

    @Test("the what-if's pages read by the id index, without sorting a clock's rows per page")
    func idWalkUsesTheIdIndex() async throws {
        let plans = try await database.read { (transaction) throws in
            try transaction.queryPlans([StoreTransaction.productWalkSQL])
        }
        for plan in plans {
            #expect(plan.contains("USING INDEX sqlite_autoindex_subscription"), "\(plan)")
            #expect(!plan.contains("TEMP B-TREE"), "\(plan)")
        }
    }
}
