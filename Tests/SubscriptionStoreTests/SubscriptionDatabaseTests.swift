import Foundation
import SubscriptionStore
import Testing

/// A database file in a fresh temporary directory.
func temporaryDatabasePath() -> String {
    FileManager.default.temporaryDirectory
        .appending(path: "subscriptions-store-\(UUID().uuidString)")
        .appending(path: "test.sqlite").path
}

@Suite("SQLite store")
struct SubscriptionDatabaseTests {
    let database: SubscriptionDatabase
    let path = temporaryDatabasePath()

    init() throws {
        database = try SubscriptionDatabase(path: path)
    }

    @Test("the writer commits with synchronous = FULL: an acked command survives a power loss")
    func durable() async throws {
        #expect(try await database.writerSynchronousMode() == 2)
    }

    @Test("a database opened again (a restart after a crash) still commits with synchronous = FULL, and keeps what was committed")
    func durableAfterReopening() async throws {
        try await database.write { try $0.recordProcessed(commandId: "before-restart", method: "Purchase", reply: Data([7]), at: Date()) }
        let reopened = try SubscriptionDatabase(path: path)
        #expect(try await reopened.writerSynchronousMode() == 2)
        #expect(try await reopened.read { try $0.processedReply(commandId: "before-restart") } == Data([7]))
    }

    @Test("state survives closing and reopening the file")
    func reopen() async throws {
        try await database.write { transaction in
            try transaction.setSetting("clock", to: "1700000000000")
            try transaction.putSubscription(Data("kept".utf8), id: "k", customerId: "c", groupId: "g", productId: "p", dueAt: nil)
        }
        let reopened = try SubscriptionDatabase(path: path)
        let (clock, body) = try await reopened.read { (try $0.setting("clock"), try $0.subscription("k")) }
        #expect(clock == "1700000000000")
        #expect(body == Data("kept".utf8))
        #expect(await reopened.ping())
    }

    @Test("the storage statistics count rows per table and the file's pages")
    func statistics() async throws {
        try await database.write { transaction in
            for index in 0..<3 {
                try transaction.recordProcessed(commandId: "c\(index)", method: "Purchase", reply: Data([1]), at: Date())
            }
        }
        let statistics = try await database.read { try $0.storageStatistics() }
        #expect(statistics.rows["processed_command"] == 3)
        #expect(statistics.rows["outbox"] == 0)
        #expect(statistics.bytes >= statistics.usedBytes)
        #expect(statistics.usedBytes > 0)
    }

    @Test("a path that cannot be created is a cannotOpen error naming the path")
    func unopenable() {
        #expect(throws: StoreError.self) {
            _ = try SubscriptionDatabase(path: "/proc/no-such-dir/x.sqlite")
        }
    }
}
