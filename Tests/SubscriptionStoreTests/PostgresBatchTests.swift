import Dispatch
import Foundation
import ServiceTestSupport
import SubscriptionStore
import SubscriptionStorePostgres
import Testing

/// A batch in a handful of statements on PostgreSQL (docs/scale-out.md): the preload answers the
/// batch's reads, misses go to the server, writes are sent together, the preload's locks are
/// taken in one fixed order, and replicas that meet on the same rows lose nothing.
@Suite("PostgreSQL store: a batch in a handful of statements", .requiresPostgres)
struct PostgresBatchTests {
    /// Three subscriptions of two customers, a processed command and a due time.
    static func seeded() async throws -> (store: PostgresStore, url: String) {
        let url = try await StoreBackend.freshPostgresURL()
        let store = try await PostgresStore.open(url: url, logger: StoreBackend.logger)
        try await store.write { transaction in
            try transaction.putSubscription(Data("s1".utf8), id: "s1", customerId: "ann", groupId: "news", productId: "monthly", dueAt: 5_000)
            try transaction.putSubscription(Data("s2".utf8), id: "s2", customerId: "ann", groupId: "sport", productId: "annual", dueAt: nil)
            try transaction.putSubscription(Data("s3".utf8), id: "s3", customerId: "bob", groupId: "news", productId: "monthly", dueAt: nil)
            try transaction.recordProcessed(commandId: "done", method: "Purchase", reply: Data([7]), at: Date(), digest: Data([9]))
        }
        return (store, url)
    }

    static let keys = StoreReadKeys(
        commandIds: ["done", "new"], subscriptionIds: ["s3", "absent"],
        customers: [.init(clockId: nil, customerId: "ann"), .init(clockId: nil, customerId: "carol")])

    @Test("after the preload the batch's reads cost no statement, hits and absent ids alike; a read it did not name costs one")
    func preloadAnswersReads() async throws {
        let (store, _) = try await Self.seeded()
        let counts = try await store.writePostgres { transaction in
            let start = transaction.statementCount
            try transaction.preload(Self.keys)
            let preload = transaction.statementCount - start
            #expect(try transaction.processedCommand(commandId: "done")?.reply == Data([7]))
            #expect(try transaction.processedCommand(commandId: "done")?.digest == Data([9]))
            #expect(try transaction.processedCommand(commandId: "new") == nil)
            #expect(try transaction.subscription("s3") == Data("s3".utf8))
            #expect(try transaction.subscription("s1") == Data("s1".utf8), "a customer's subscriptions are loaded with it")
            #expect(try transaction.subscription("absent") == nil)
            #expect(try !transaction.containsSubscription("absent"))
            #expect(try transaction.subscriptionIds(customerId: "ann", groupId: "news") == ["s1"])
            #expect(try transaction.subscriptionIds(customerId: "ann") == ["s1", "s2"])
            #expect(try transaction.subscriptionIds(customerId: "carol").isEmpty)
            #expect(try transaction.clock(ofSubscription: "s1") == .consumer)
            #expect(try !transaction.hasTestClocks())
            #expect(try !transaction.maySubscriptionBeDue(onClock: nil, atOrBefore: 4_999))
            let hits = transaction.statementCount - start - preload
            #expect(try transaction.subscription("not-named") == nil)
            #expect(try transaction.subscriptionIds(customerId: "bob") == ["s3"])
            #expect(try transaction.maySubscriptionBeDue(onClock: nil, atOrBefore: 5_000))
            return (preload, hits, transaction.statementCount - start - preload - hits)
        }
        #expect(counts.0 == 2, "processed commands with the customers' locks, then the subscriptions with the customers'")
        #expect(counts.1 == 0)
        #expect(counts.2 == 4, "the id, the customer's lock and list, the earliest due time")
        await store.close()
    }

    @Test("confirmed events' outbox deletions wait past the preload (no statement of their own), a read of the outbox sees them, the commit keeps them")
    func outboxRemovalsWaitForTheWrites() async throws {
        let (store, _) = try await Self.seeded()
        let entry = OutboxEntry(
            routingKey: "SUBSCRIBED.INITIAL_BUY", messageId: "m", correlationId: "", subscriptionId: "s1", sequence: 1, signedAt: 1, body: Data([1]))
        let ids = try await store.write { transaction in try transaction.enqueue([entry, entry, entry]).map(\.id) }
        let (preloadStatements, countedAfterRemoval) = try await store.writePostgres { transaction in
            try transaction.removeFromOutbox(ids: Array(ids.prefix(2)))
            let start = transaction.statementCount
            try transaction.preload(Self.keys)
            let preload = transaction.statementCount - start
            // A statement that names the outbox sends the deletion first.
            return (preload, try transaction.outboxCount())
        }
        let bare = try await store.writePostgres { transaction in
            let start = transaction.statementCount
            try transaction.preload(Self.keys)
            return transaction.statementCount - start
        }
        #expect(preloadStatements == bare, "the preload costs what it costs without pending deletions")
        #expect(countedAfterRemoval == 1)
        // Deletions that no statement sent go with the commit.
        try await store.write { transaction in
            try transaction.removeFromOutbox(ids: [ids[2]])
            try transaction.preload(Self.keys)
        }
        #expect(try await store.read { try $0.outboxCount() } == 0)
        await store.close()
    }

    @Test("writes wait for the next statement and go as one; reads in the transaction see them before and after they are sent")
    func writesGoTogether() async throws {
        let (store, _) = try await Self.seeded()
        let (writes, outboxIds) = try await store.writePostgres { transaction in
            try transaction.preload(Self.keys)
            let start = transaction.statementCount
            // Found (an update), absent (an insert), never read (an upsert).
            try transaction.putSubscription(Data("s1'".utf8), id: "s1", customerId: "ann", groupId: "news", productId: "annual", dueAt: 100)
            try transaction.putSubscription(Data("new".utf8), id: "absent", customerId: "ann", groupId: "kids", productId: "kids", dueAt: nil)
            try transaction.putSubscription(Data("s9".utf8), id: "s9", customerId: "dan", groupId: "news", productId: "monthly", dueAt: nil)
            try transaction.putTransaction(Data([1]), subscriptionId: "s1", position: 0, transactionId: "t0")
            try transaction.putRequestResult(Data([2]), key: "r1", subscriptionId: "s1")
            try transaction.recordProcessed(commandId: "new", method: "Purchase", reply: Data([3]), at: Date(), digest: nil)
            try transaction.removeFromOutbox(ids: [12_345])
            #expect(transaction.statementCount == start, "nothing sent yet")
            #expect(try transaction.subscription("s1") == Data("s1'".utf8))
            #expect(try transaction.subscription("absent") == Data("new".utf8))
            #expect(try transaction.subscriptionIds(customerId: "ann") == ["absent", "s1", "s2"])
            #expect(try transaction.processedCommand(commandId: "new")?.reply == Data([3]))
            #expect(try !transaction.maySubscriptionBeDue(onClock: nil, atOrBefore: 99), "the floor follows the saved due time")
            let entries = (0..<3).map {
                OutboxEntry(routingKey: "SUBSCRIBED.INITIAL_BUY", messageId: "m\($0)", correlationId: "", subscriptionId: "s1", sequence: Int64($0), signedAt: 1, body: Data([UInt8($0)]))
            }
            let stored = try transaction.enqueue(entries)
            #expect(stored.map(\.messageId) == ["m0", "m1", "m2"])
            // A read the cache cannot answer sends nothing more: the writes went with the outbox.
            #expect(try transaction.transactions(subscriptionId: "s1") == [Data([1])])
            return (transaction.statementCount - start, stored.map(\.id))
        }
        #expect(writes == 2, "the writes with the outbox rows, then the history read")
        #expect(outboxIds == outboxIds.sorted() && Set(outboxIds).count == 3)
        let (s1, absent, s9, result, processed, digest, due) = try await store.read { transaction in
            (
                try transaction.subscription("s1"), try transaction.subscription("absent"), try transaction.subscription("s9"),
                try transaction.requestResult(key: "r1", subscriptionId: "s1"), try transaction.processedReply(commandId: "new"),
                try transaction.processedCommand(commandId: "new")?.digest, try transaction.dueSubscriptionIds(atOrBefore: 100, limit: 10)
            )
        }
        #expect(s1 == Data("s1'".utf8))
        #expect(absent == Data("new".utf8))
        #expect(s9 == Data("s9".utf8))
        #expect(result == Data([2]))
        #expect(processed == Data([3]))
        #expect(digest == nil, "a command without a digest keeps none (NULL in the array)")
        #expect(due == ["s1"])
        await store.close()
    }

    @Test("the statements of a batch do not grow with its size", arguments: [10, 200])
    func statementsPerBatch(size: Int) async throws {
        let (store, _) = try await Self.seeded()
        let statements = try await store.writePostgres { transaction in
            let start = transaction.statementCount
            let keys = StoreReadKeys(
                commandIds: (0..<size).map { "command-\($0)" }, subscriptionIds: (0..<size).map { "new-\($0)" },
                customers: (0..<size).map { .init(clockId: nil, customerId: "customer-\($0)") })
            try transaction.preload(keys)
            var events: [OutboxEntry] = []
            for index in 0..<size {
                #expect(try transaction.processedCommand(commandId: "command-\(index)") == nil)
                #expect(try transaction.subscriptionIds(customerId: "customer-\(index)", groupId: "news").isEmpty)
                #expect(try !transaction.containsSubscription("new-\(index)"))
                #expect(try !transaction.maySubscriptionBeDue(onClock: nil, atOrBefore: 4_000))
                try transaction.putSubscription(Data([1]), id: "new-\(index)", customerId: "customer-\(index)", groupId: "news", productId: "monthly", dueAt: 9_000)
                try transaction.putTransaction(Data([2]), subscriptionId: "new-\(index)", position: 0, transactionId: "t\(index)")
                try transaction.recordProcessed(commandId: "command-\(index)", method: "Purchase", reply: Data([3]), at: Date(), digest: Data([4]))
                events.append(OutboxEntry(routingKey: "SUBSCRIBED.INITIAL_BUY", messageId: "m\(index)", correlationId: "", subscriptionId: "new-\(index)", sequence: 1, signedAt: 1, body: Data([5])))
            }
            _ = try transaction.enqueue(events)
            return transaction.statementCount - start
        }
        #expect(statements == 3, "two to preload, one to write")
        #expect(try await store.read { try $0.processedCommandCount() } == size + 1)
        await store.close()
    }

    /// A customer's advisory lock key on the consumer's clock, as the store writes it.
    static func lockKey(_ customer: String) -> String { "customer::\(customer)" }

    @Test("customers' locks are taken in one fixed order: a preload meeting a held lock holds exactly the keys ordered before it")
    func customerLockOrder() async throws {
        let (store, url) = try await Self.seeded()
        let holder = try await PostgresStore.open(url: url, logger: StoreBackend.logger)
        let customers = (0..<12).map { "customer-\($0)" }
        let hashes = try await store.writePostgres { transaction in
            try customers.map { try transaction.execute("SELECT hashtextextended(\(Self.lockKey($0)), 0)").first?.decode(Int64.self) ?? 0 }
        }
        let ordered = zip(customers, hashes).sorted { $0.1 < $1.1 }
        let blocked = ordered[ordered.count / 2]
        let holding = Locked(false)
        let release = DispatchSemaphore(value: 0)
        async let held: Void = holder.writePostgres { transaction in
            try transaction.execute("SELECT pg_advisory_xact_lock(hashtextextended(\(Self.lockKey(blocked.0)), 0))")
            holding.withLock { $0 = true }
            _ = release.wait(timeout: .now() + 20)
        }
        while !holding.withLock({ $0 }) { try await Task.sleep(for: .milliseconds(20)) }
        // The preload names the customers in reverse order of their keys.
        async let preloaded: Void = store.writePostgres { transaction in
            try transaction.preload(StoreReadKeys(customers: ordered.reversed().map { .init(clockId: nil, customerId: $0.0) }))
        }
        let observer = try await PostgresStore.open(url: url, logger: StoreBackend.logger)
        var granted: Set<Int64> = []
        for _ in 0..<100 {
            granted = try await observer.writePostgres { transaction in
                Set(try transaction.execute("""
                    SELECT (classid::int8 << 32) | objid::int8 FROM pg_locks
                    WHERE locktype = 'advisory' AND granted AND database = (SELECT oid FROM pg_database WHERE datname = current_database())
                    """).map { try $0.decode(Int64.self) })
            }
            if granted.count > ordered.count / 2 { break }
            try await Task.sleep(for: .milliseconds(50))
        }
        let expected = Set(ordered.prefix(ordered.count / 2 + 1).map(\.1))
        #expect(granted == expected, "the held key and every key ordered before it, none after it")
        release.signal()
        try await held
        try await preloaded
        for store in [store, holder, observer] { await store.close() }
    }

    @Test("subscriptions are locked in id order: a preload meeting a locked row holds the rows before it and none after")
    func subscriptionLockOrder() async throws {
        let (store, url) = try await Self.seeded()
        let ids = (0..<9).map { "row-\($0)" }
        try await store.write { transaction in
            for id in ids { try transaction.putSubscription(Data(id.utf8), id: id, customerId: id, groupId: "news", productId: "monthly", dueAt: nil) }
        }
        let holder = try await PostgresStore.open(url: url, logger: StoreBackend.logger)
        let holding = Locked(false)
        let release = DispatchSemaphore(value: 0)
        async let held: Void = holder.writePostgres { transaction in
            try transaction.execute("SELECT id FROM subscription WHERE id = 'row-4' FOR UPDATE")
            holding.withLock { $0 = true }
            _ = release.wait(timeout: .now() + 20)
        }
        while !holding.withLock({ $0 }) { try await Task.sleep(for: .milliseconds(20)) }
        async let preloaded: Void = store.writePostgres { transaction in
            try transaction.preload(StoreReadKeys(subscriptionIds: [ids[7], ids[1], ids[8], ids[4], ids[0], ids[6], ids[3], ids[2], ids[5]]))
        }
        let observer = try await PostgresStore.open(url: url, logger: StoreBackend.logger)
        var free: [String] = []
        for _ in 0..<100 {
            try await Task.sleep(for: .milliseconds(50))
            free = try await observer.writePostgres { transaction in
                try transaction.execute("SELECT id FROM subscription WHERE id LIKE 'row-%' ORDER BY id FOR UPDATE SKIP LOCKED").map { try $0.decode(String.self) }
            }
            if free.count <= 4 { break }
        }
        #expect(free == ["row-5", "row-6", "row-7", "row-8"], "rows 0-3 taken by the preload, 4 by the holder")
        release.signal()
        try await held
        try await preloaded
        for store in [store, holder, observer] { await store.close() }
    }

    @Test("an id found absent that another replica creates meanwhile: the insert fails, the batch runs again and finds the row")
    func absentThenCreatedElsewhere() async throws {
        let (store, url) = try await Self.seeded()
        let other = try await PostgresStore.open(url: url, logger: StoreBackend.logger)
        let attempts = Locked(0)
        let seen = try await store.writePostgres { transaction -> Data? in
            let attempt = attempts.withLock { $0 += 1; return $0 }
            try transaction.preload(StoreReadKeys(subscriptionIds: ["contested"]))
            let found = try transaction.subscription("contested")
            if attempt == 1 {
                #expect(found == nil)
                // The other replica creates it and commits while this batch still runs.
                let done = DispatchSemaphore(value: 0)
                Task {
                    try? await other.write { try $0.putSubscription(Data("theirs".utf8), id: "contested", customerId: "x", groupId: "news", productId: "monthly", dueAt: nil) }
                    done.signal()
                }
                _ = done.wait(timeout: .now() + 20)
            }
            try transaction.putSubscription((found ?? Data()) + Data("+ours".utf8), id: "contested", customerId: "x", groupId: "news", productId: "monthly", dueAt: nil)
            return found
        }
        #expect(attempts.withLock { $0 } == 2)
        #expect(seen == Data("theirs".utf8))
        #expect(try await store.read { try $0.subscription("contested") } == Data("theirs+ours".utf8), "nothing of theirs lost")
        await other.close()
        await store.close()
    }

    @Test("two replicas changing the same subscriptions through preloaded batches lose no update")
    func replicasLoseNothing() async throws {
        let (store, url) = try await Self.seeded()
        let ids = (0..<5).map { "counter-\($0)" }
        try await store.write { transaction in
            for id in ids { try transaction.putSubscription(Data("0".utf8), id: id, customerId: id, groupId: "news", productId: "monthly", dueAt: nil) }
        }
        let other = try await PostgresStore.open(url: url, logger: StoreBackend.logger)
        let rounds = 20
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (replica, order) in [(store, ids), (other, Array(ids.reversed()))] {
                group.addTask {
                    for _ in 0..<rounds {
                        try await replica.write { transaction in
                            try transaction.preload(StoreReadKeys(subscriptionIds: order))
                            for id in order {
                                let count = Int(String(decoding: try transaction.subscription(id) ?? Data(), as: UTF8.self)) ?? -1_000
                                try transaction.putSubscription(Data("\(count + 1)".utf8), id: id, customerId: id, groupId: "news", productId: "monthly", dueAt: nil)
                            }
                        }
                    }
                }
            }
            try await group.waitForAll()
        }
        let counts = try await store.read { transaction in try ids.map { String(decoding: try transaction.subscription($0) ?? Data(), as: UTF8.self) } }
        #expect(counts == Array(repeating: "\(2 * rounds)", count: ids.count))
        await other.close()
        await store.close()
    }

    @Test("with no test clock the preload's two statements go together; a clock created meanwhile makes the batch run again in the locked order")
    func preloadSentTogetherUntilATestClockExists() async throws {
        let (store, url) = try await Self.seeded()
        // A batch that finds no test clock: the next one sends its preload without waiting in between.
        let first = try await store.writePostgres { transaction in
            let start = transaction.statementCount
            try transaction.preload(Self.keys)
            return (transaction.statementCount - start, try transaction.hasTestClocks())
        }
        #expect(first.0 == 2)
        #expect(!first.1)
        let other = try await PostgresStore.open(url: url, logger: StoreBackend.logger)
        try await other.write { try $0.putTestClock(StoredTestClock(id: "clock_a", name: "a", now: 1, createdAt: 1)) }
        let attempts = Locked(0)
        let second = try await store.writePostgres { transaction in
            attempts.withLock { $0 += 1 }
            let start = transaction.statementCount
            try transaction.preload(Self.keys)
            return (transaction.statementCount - start, try transaction.hasTestClocks(), try transaction.subscription("s3"))
        }
        #expect(attempts.withLock { $0 } == 2, "the batch sent together found a clock and ran again")
        #expect(second.0 == 3, "processed commands and locks, the named subscriptions' clocks, then the subscriptions")
        #expect(second.1)
        #expect(second.2 == Data("s3".utf8))
        attempts.withLock { $0 = 0 }
        try await store.writePostgres { transaction in
            attempts.withLock { $0 += 1 }
            try transaction.preload(Self.keys)
        }
        #expect(attempts.withLock { $0 } == 1, "once a clock was seen, the preload locks in order from the start")
        for store in [store, other] { await store.close() }
    }

    @Test("a preview after the preload leaves the batch as it was: its writes are dropped, the cache answers as before it")
    func previewRestoresTheCache() async throws {
        let (store, _) = try await Self.seeded()
        let (inside, after) = try await store.writePostgres { transaction in
            try transaction.preload(Self.keys)
            let inside = try transaction.rollingBack { () -> Data? in
                try transaction.putSubscription(Data("preview".utf8), id: "s3", customerId: "bob", groupId: "news", productId: "monthly", dueAt: nil)
                try transaction.putSubscription(Data("made".utf8), id: "absent", customerId: "ann", groupId: "kids", productId: "kids", dueAt: nil)
                return try transaction.subscription("s3")
            }
            return (inside, (try transaction.subscription("s3"), try transaction.subscription("absent"), try transaction.subscriptionIds(customerId: "ann")))
        }
        #expect(inside == Data("preview".utf8))
        #expect(after.0 == Data("s3".utf8))
        #expect(after.1 == nil)
        #expect(after.2 == ["s1", "s2"])
        #expect(try await store.read { try $0.subscription("absent") } == nil)
        await store.close()
    }
}
