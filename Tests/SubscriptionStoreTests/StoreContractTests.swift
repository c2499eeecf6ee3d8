import Foundation
import SubscriptionStore
import Testing

private struct Rollback: Error {}

/// What every ``ConsumerStore`` does, run against SQLite and PostgreSQL alike (``StoreBackend``).
@Suite("Store contract (SQLite and PostgreSQL)")
struct StoreContractTests {
    @Test("subscriptions round-trip with their indexes; due ids come earliest first, ties by id", arguments: StoreBackend.available)
    func aggregatesAndTimers(backend: StoreBackend) async throws {
        let database = try await backend.open()
        try await database.write { transaction in
            try transaction.putSubscription(Data("b".utf8), id: "b", customerId: "bob", groupId: "news", productId: "monthly", dueAt: 10)
            try transaction.putSubscription(Data("a".utf8), id: "a", customerId: "ann", groupId: "news", productId: "monthly", dueAt: 10)
            try transaction.putSubscription(Data("c".utf8), id: "c", customerId: "ann", groupId: "sport", productId: "annual", dueAt: 5)
            try transaction.putSubscription(Data("d".utf8), id: "d", customerId: "ann", groupId: "news", productId: "annual", dueAt: nil)
            try transaction.putMassExtension(Data("j".utf8), id: "j", productId: "monthly", dueAt: 1)
        }
        let (due, byProduct, byCustomer, byGroup, earliest, body) = try await database.read { transaction in
            (
                try transaction.dueSubscriptionIds(atOrBefore: 10, limit: 10),
                try transaction.subscriptionIds(productId: "monthly", from: "", limit: 10),
                try transaction.subscriptionIds(customerId: "ann"),
                try transaction.subscriptionIds(customerId: "ann", groupId: "news"),
                try transaction.earliestDueDate(),
                try transaction.subscription("c")
            )
        }
        #expect(due == ["c", "a", "b"])
        #expect(byProduct == ["a", "b"])
        #expect(byCustomer == ["a", "c", "d"])
        #expect(byGroup == ["a", "d"])
        #expect(earliest == Date(timeIntervalSince1970: 0.001))
        #expect(body == Data("c".utf8))
        let (limited, fromB, job) = try await database.read {
            (
                try $0.dueSubscriptionIds(atOrBefore: 7, limit: 10),
                try $0.subscriptionIds(productId: "monthly", from: "b", limit: 10),
                try $0.dueMassExtensionIds(atOrBefore: 1, limit: 10)
            )
        }
        #expect(limited == ["c"])
        #expect(fromB == ["b"])
        #expect(job == ["j"])
    }


    @Test("a mass extension's walk visits every subscription of the product on its clock once, page by page, whatever is added behind it", arguments: StoreBackend.available)
    func walkVisitsEachSubscriptionOnce(backend: StoreBackend) async throws {
        let database = try await backend.open()
        let ids = (0..<25).map { String(format: "%016d", ($0 * 7_919) % 25) }
        try await database.write { transaction in
            for (index, id) in ids.enumerated() {
                let product = index % 5 == 0 ? "annual" : "monthly"
                try transaction.putSubscription(Data(id.utf8), id: id, customerId: "c\(index)", groupId: "news", productId: product, dueAt: nil)
            }
            try transaction.putSubscription(Data("x".utf8), id: "x", customerId: "cx", groupId: "news", productId: "monthly", dueAt: nil, clockId: "clock_a")
        }
        var seen: [String] = []
        var cursor = ""
        var pages = 0
        while true {
            let page = try await database.write { [cursor] transaction in
                let page = try transaction.walkSubscriptions(productId: "monthly", onClock: nil, from: cursor, limit: 4)
                // Added while the walk is under way: seen at most once, never twice.
                try transaction.putSubscription(Data(), id: "late-\(cursor)", customerId: "late", groupId: "news", productId: "monthly", dueAt: nil)
                return page
            }
            #expect(page.ids.count <= 4)
            seen += page.ids
            pages += 1
            guard let next = page.next else { break }
            #expect(page.ids.count == 4, "only the last page is short")
            cursor = next
        }
        let expected = ids.enumerated().filter { $0.offset % 5 != 0 }.map(\.element)
        #expect(Set(seen).isSuperset(of: expected))
        #expect(seen.count == Set(seen).count, "no subscription twice")
        #expect(!seen.contains("x"), "another clock's subscription")
        #expect(seen.allSatisfy { expected.contains($0) || $0.hasPrefix("late-") })
        #expect(pages >= 5)
    }

    @Test("whether a subscription may be due follows every write of the transaction: never says no while one is due", arguments: StoreBackend.available)
    func mayBeDueFollowsTheTransaction(backend: StoreBackend) async throws {
        let database = try await backend.open()
        let answers = try await database.write { transaction in
            var answers: [Bool] = []
            answers.append(try transaction.maySubscriptionBeDue(onClock: nil, atOrBefore: 100))  // empty: no
            try transaction.putSubscription(Data("a".utf8), id: "a", customerId: "c", groupId: "g", productId: "p", dueAt: 500)
            answers.append(try transaction.maySubscriptionBeDue(onClock: nil, atOrBefore: 100))  // due at 500: no
            try transaction.putSubscription(Data("b".utf8), id: "b", customerId: "c", groupId: "g", productId: "p", dueAt: 50)
            answers.append(try transaction.maySubscriptionBeDue(onClock: nil, atOrBefore: 100))  // due at 50: yes
            try transaction.putSubscription(Data("b".utf8), id: "b", customerId: "c", groupId: "g", productId: "p", dueAt: 900)
            answers.append(try transaction.maySubscriptionBeDue(onClock: nil, atOrBefore: 100))  // moved later: no
            answers.append(try transaction.maySubscriptionBeDue(onClock: nil, atOrBefore: 600))  // a at 500: yes
            try transaction.putSubscription(
                Data("t".utf8), id: "t", customerId: "c", groupId: "g", productId: "p", dueAt: 10, clockId: "clock_x")
            answers.append(try transaction.maySubscriptionBeDue(onClock: nil, atOrBefore: 100))  // another clock's: no
            answers.append(try transaction.maySubscriptionBeDue(onClock: "clock_x", atOrBefore: 100))  // its own: yes
            return answers
        }
        #expect(answers == [false, false, true, false, true, false, true])
    }

    @Test("a write transaction says whether it is the database's only writer: SQLite yes (new ids may be time-ordered), PostgreSQL's replicas no", arguments: StoreBackend.available)
    func singleWriter(backend: StoreBackend) async throws {
        let database = try await backend.open()
        let single = try await database.write { $0.hasSingleWriter }
        #expect(single == (backend == .sqlite))
    }

    @Test("a preview's savepoint undoes what it wrote, rethrows what it threw, and keeps the rest of the transaction", arguments: StoreBackend.available)
    func previewSavepointRollsBack(backend: StoreBackend) async throws {
        let database = try await backend.open()
        let seenInside = try await database.write { transaction in
            try transaction.putSubscription(Data("kept".utf8), id: "kept", customerId: "c", groupId: "g", productId: "p", dueAt: nil)
            let inside = try transaction.rollingBack {
                try transaction.putSubscription(Data("gone".utf8), id: "gone", customerId: "c", groupId: "g", productId: "p", dueAt: nil)
                return try transaction.subscription("gone")
            }
            #expect(throws: Rollback.self) {
                try transaction.rollingBack { () throws -> Int in
                    try transaction.putSubscription(Data("x".utf8), id: "thrown", customerId: "c", groupId: "g", productId: "p", dueAt: nil)
                    throw Rollback()
                }
            }
            return inside
        }
        #expect(seenInside == Data("gone".utf8))
        let (kept, gone, thrown) = try await database.read {
            (try $0.subscription("kept"), try $0.subscription("gone"), try $0.subscription("thrown"))
        }
        #expect(kept == Data("kept".utf8) && gone == nil && thrown == nil)
    }

    @Test("saving a subscription again moves it in the product and due indexes but keeps customer and group", arguments: StoreBackend.available)
    func upsert(backend: StoreBackend) async throws {
        let database = try await backend.open()
        try await database.write { transaction in
            try transaction.putSubscription(Data("1".utf8), id: "s", customerId: "ann", groupId: "news", productId: "basic", dueAt: 5)
            try transaction.putSubscription(Data("2".utf8), id: "s", customerId: "ann", groupId: "news", productId: "premium", dueAt: nil)
        }
        let (basic, premium, due, body) = try await database.read {
            (
                try $0.subscriptionIds(productId: "basic", from: "", limit: 10),
                try $0.subscriptionIds(productId: "premium", from: "", limit: 10),
                try $0.earliestSubscriptionDue(),
                try $0.subscription("s")
            )
        }
        #expect(basic.isEmpty)
        #expect(premium == ["s"])
        #expect(due == nil)
        #expect(body == Data("2".utf8))
    }


    @Test("history: transactions by position (a position written again replaces it) and idempotency replies", arguments: StoreBackend.available)
    func history(backend: StoreBackend) async throws {
        let database = try await backend.open()
        try await database.write { transaction in
            try transaction.putTransaction(Data("t0".utf8), subscriptionId: "s", position: 0, transactionId: "s")
            try transaction.putTransaction(Data("t1".utf8), subscriptionId: "s", position: 1, transactionId: "s-2")
            try transaction.putTransaction(Data("t1'".utf8), subscriptionId: "s", position: 1, transactionId: "s-2")
            try transaction.putTransaction(Data("x".utf8), subscriptionId: "other", position: 0, transactionId: "other")
            try transaction.putRequestResult(Data("r".utf8), key: "ext:1", subscriptionId: "s")
        }
        let (transactions, has, hasNot, result, missing) = try await database.read {
            (
                try $0.transactions(subscriptionId: "s"),
                try $0.containsTransaction("s-2", subscriptionId: "s"),
                try $0.containsTransaction("other", subscriptionId: "s"),
                try $0.requestResult(key: "ext:1", subscriptionId: "s"),
                try $0.requestResult(key: "ext:1", subscriptionId: "other")
            )
        }
        #expect(transactions == [Data("t0".utf8), Data("t1'".utf8)])
        #expect(has)
        #expect(!hasNot)
        #expect(result == Data("r".utf8))
        #expect(missing == nil)
    }


    @Test("pruning deletes at most the batch size of records older than the horizon, oldest first, and nothing younger", arguments: StoreBackend.available)
    func pruneProcessedCommands(backend: StoreBackend) async throws {
        let database = try await backend.open()
        let base = Date(timeIntervalSince1970: 1_000_000)
        try await database.write { transaction in
            for index in 0..<10 {
                try transaction.recordProcessed(
                    commandId: "c\(index)", method: "Purchase", reply: Data([UInt8(index)]), at: base.addingTimeInterval(Double(index)))
            }
        }
        let horizon = base.addingTimeInterval(6)
        let first = try await database.write { try $0.pruneProcessedCommands(before: horizon, limit: 4) }
        let firstGone = try await database.read { transaction in
            try (0..<10).filter { try transaction.processedReply(commandId: "c\($0)") == nil }
        }
        let second = try await database.write { try $0.pruneProcessedCommands(before: horizon, limit: 4) }
        let third = try await database.write { try $0.pruneProcessedCommands(before: horizon, limit: 4) }
        #expect(first == 4)
        #expect(firstGone == [0, 1, 2, 3], "oldest first")
        #expect(second == 2)
        #expect(third == 0)
        #expect(try await database.read { try $0.processedCommandCount() } == 4)
    }


    @Test("a throwing write rolls back everything it did", arguments: StoreBackend.available)
    func rollback(backend: StoreBackend) async throws {
        let database = try await backend.open()
        await #expect(throws: Rollback.self) {
            try await database.write { transaction in
                try transaction.putSubscription(Data("x".utf8), id: "x", customerId: "c", groupId: "g", productId: "p", dueAt: nil)
                try transaction.enqueue([OutboxEntry(routingKey: "DID_RENEW.NONE", messageId: "m", correlationId: "c", subscriptionId: "x", sequence: 1, signedAt: 1, body: Data([1]))])
                throw Rollback()
            }
        }
        let (document, backlog) = try await database.read { (try $0.subscription("x"), try $0.outboxCount()) }
        #expect(document == nil)
        #expect(backlog == 0)
    }


    @Test("a processed command keeps its first reply; recording it twice fails", arguments: StoreBackend.available)
    func processedCommands(backend: StoreBackend) async throws {
        let database = try await backend.open()
        try await database.write { try $0.recordProcessed(commandId: "c1", method: "Purchase", reply: Data([1, 2]), at: Date()) }
        await #expect(throws: (any Error).self) {
            try await database.write { try $0.recordProcessed(commandId: "c1", method: "Purchase", reply: Data([3]), at: Date()) }
        }
        let reply = try await database.read { try $0.processedReply(commandId: "c1") }
        #expect(reply == Data([1, 2]))
        #expect(try await database.read { try $0.processedReply(commandId: "other") } == nil)
    }


    @Test("the outbox hands entries out in insertion order and forgets confirmed ones", arguments: StoreBackend.available)
    func outbox(backend: StoreBackend) async throws {
        let database = try await backend.open()
        let entries = (1...5).map {
            OutboxEntry(routingKey: "DID_RENEW.NONE", messageId: "m\($0)", correlationId: "", subscriptionId: "s", sequence: Int64($0), signedAt: Int64($0), body: Data([UInt8($0)]))
        }
        let stored = try await database.write { try $0.enqueue(entries) }
        #expect(stored.map(\.id) == [1, 2, 3, 4, 5])
        let firstThree = try await database.read { try $0.pendingOutbox(limit: 3) }
        #expect(firstThree.map(\.messageId) == ["m1", "m2", "m3"])
        #expect(firstThree.map(\.body) == [Data([1]), Data([2]), Data([3])])
        try await database.write { try $0.removeFromOutbox(ids: firstThree.map(\.id)) }
        let rest = try await database.read { try $0.pendingOutbox(limit: 10) }
        #expect(rest.map(\.messageId) == ["m4", "m5"])
        #expect(try await database.read { try $0.outboxCount() } == 2)
        #expect(try await database.read { try $0.pendingOutbox(after: 4, limit: 10) }.map(\.messageId) == ["m5"])
    }


    @Test("removing confirmed entries that are not consecutive removes exactly them", arguments: StoreBackend.available)
    func outboxGaps(backend: StoreBackend) async throws {
        let database = try await backend.open()
        let entries = (1...8).map {
            OutboxEntry(routingKey: "K", messageId: "m\($0)", correlationId: "", subscriptionId: "s", sequence: Int64($0), signedAt: 0, body: Data())
        }
        _ = try await database.write { try $0.enqueue(entries) }
        try await database.write { try $0.removeFromOutbox(ids: [7, 1, 2, 5, 4]) }
        #expect(try await database.read { try $0.pendingOutbox(limit: 10) }.map(\.id) == [3, 6, 8])
    }

}
