import Foundation
import SubscriptionStore
import Testing

/// A database file in a fresh temporary directory.
func temporaryDatabasePath() -> String {
    FileManager.default.temporaryDirectory
        .appending(path: "subscriptions-store-\(UUID().uuidString)")
        .appending(path: "test.sqlite").path
}

private struct Rollback: Error {}

@Suite("SQLite store")
struct SubscriptionDatabaseTests {
    let database: SubscriptionDatabase
    let path = temporaryDatabasePath()

    init() throws {
        database = try SubscriptionDatabase(path: path)
    }

    @Test("documents round-trip with their tag and due date; due keys come earliest first, ties by key")
    func documentsAndTimers() async throws {
        let base = Date(timeIntervalSince1970: 1_700_000_000)
        try await database.write { transaction in
            try transaction.putDocument(Data("b".utf8), kind: "subscription", key: "b", tag: "monthly", dueAt: base.addingTimeInterval(10))
            try transaction.putDocument(Data("a".utf8), kind: "subscription", key: "a", tag: "monthly", dueAt: base.addingTimeInterval(10))
            try transaction.putDocument(Data("c".utf8), kind: "subscription", key: "c", tag: "annual", dueAt: base.addingTimeInterval(5))
            try transaction.putDocument(Data("d".utf8), kind: "subscription", key: "d", tag: nil, dueAt: nil)
            try transaction.putDocument(Data("j".utf8), kind: "job", key: "j", tag: nil, dueAt: base.addingTimeInterval(1))
        }
        let (due, tagged, all, earliest, body) = try await database.read { transaction in
            (
                try transaction.dueKeys(kind: "subscription", atOrBefore: base.addingTimeInterval(10), limit: 10),
                try transaction.keys(kind: "subscription", tag: "monthly"),
                try transaction.keys(kind: "subscription"),
                try transaction.earliestDueDate(),
                try transaction.document(kind: "subscription", key: "c")
            )
        }
        #expect(due == ["c", "a", "b"])
        #expect(tagged == ["a", "b"])
        #expect(all == ["a", "b", "c", "d"])
        #expect(earliest == base.addingTimeInterval(1))
        #expect(body == Data("c".utf8))
        let limited = try await database.read { try $0.dueKeys(kind: "subscription", atOrBefore: base.addingTimeInterval(7), limit: 10) }
        #expect(limited == ["c"])
    }

    @Test("a throwing write rolls back everything it did")
    func rollback() async throws {
        await #expect(throws: Rollback.self) {
            try await database.write { transaction in
                try transaction.putDocument(Data("x".utf8), kind: "subscription", key: "x", tag: nil, dueAt: nil)
                try transaction.enqueue([OutboxEntry(routingKey: "DID_RENEW.NONE", messageId: "m", correlationId: "c", subscriptionId: "x", sequence: 1, signedAt: 1, body: Data([1]))])
                throw Rollback()
            }
        }
        let (document, backlog) = try await database.read { (try $0.document(kind: "subscription", key: "x"), try $0.outboxCount()) }
        #expect(document == nil)
        #expect(backlog == 0)
    }

    @Test("a processed command keeps its first reply; recording it twice fails")
    func processedCommands() async throws {
        try await database.write { try $0.recordProcessed(commandId: "c1", method: "Purchase", reply: Data([1, 2]), at: Date()) }
        await #expect(throws: (any Error).self) {
            try await database.write { try $0.recordProcessed(commandId: "c1", method: "Purchase", reply: Data([3]), at: Date()) }
        }
        let reply = try await database.read { try $0.processedReply(commandId: "c1") }
        #expect(reply == Data([1, 2]))
        #expect(try await database.read { try $0.processedReply(commandId: "other") } == nil)
    }

    @Test("the outbox hands entries out in insertion order and forgets confirmed ones")
    func outbox() async throws {
        let entries = (1...5).map {
            OutboxEntry(routingKey: "DID_RENEW.NONE", messageId: "m\($0)", correlationId: "", subscriptionId: "s", sequence: Int64($0), signedAt: Int64($0), body: Data([UInt8($0)]))
        }
        try await database.write { try $0.enqueue(entries) }
        let firstThree = try await database.read { try $0.pendingOutbox(limit: 3) }
        #expect(firstThree.map(\.messageId) == ["m1", "m2", "m3"])
        #expect(firstThree.map(\.body) == [Data([1]), Data([2]), Data([3])])
        try await database.write { try $0.removeFromOutbox(ids: firstThree.map(\.id)) }
        let rest = try await database.read { try $0.pendingOutbox(limit: 10) }
        #expect(rest.map(\.messageId) == ["m4", "m5"])
        #expect(try await database.read { try $0.outboxCount() } == 2)
    }

    @Test("state survives closing and reopening the file")
    func reopen() async throws {
        try await database.write { transaction in
            try transaction.setSetting("clock", to: "1700000000000")
            try transaction.putDocument(Data("kept".utf8), kind: "subscription", key: "k", tag: nil, dueAt: nil)
        }
        let reopened = try SubscriptionDatabase(path: path)
        let (clock, body) = try await reopened.read { (try $0.setting("clock"), try $0.document(kind: "subscription", key: "k")) }
        #expect(clock == "1700000000000")
        #expect(body == Data("kept".utf8))
        #expect(await reopened.ping())
    }

    @Test("a path that cannot be created is a cannotOpen error naming the path")
    func unopenable() {
        #expect(throws: StoreError.self) {
            _ = try SubscriptionDatabase(path: "/proc/no-such-dir/x.sqlite")
        }
    }
}
