import Foundation
import GRDB
import Testing

@testable import SubscriptionStore

/// Schema v5: `subscription` and `processed_command` become rowid tables appended in creation
/// order (docs/consumer.md, "Storage and retention"). A database written at v4 keeps every row, key and
/// index, and a mass extension that was walking by id resumes where it was.
@Suite("SQLite schema v5 (rowid tables)")
struct RowidTablesMigrationTests {
    let path = temporaryDatabasePath()

    /// A database at schema v4 with `count` subscriptions of one product (ids `s00`…, inserted in
    /// reverse order) and a processed command.
    func writeVersion4(subscriptions count: Int) throws {
        try FileManager.default.createDirectory(
            at: URL(filePath: path).deletingLastPathComponent(), withIntermediateDirectories: true)
        let queue = try DatabaseQueue(path: path)
        try StoreSchema.migrator.migrate(queue, upTo: "v4-command-digest")
        try queue.write { database in
            for index in (0..<count).reversed() {
                try database.execute(
                    sql: """
                        INSERT INTO subscription (id, customer_id, group_id, product_id, due_at, body, clock_id)
                        VALUES (?, ?, 'news', 'monthly', ?, ?, NULL)
                        """,
                    arguments: [String(format: "s%02d", index), "customer\(index)", 1_000 + index, Data([UInt8(index)])])
            }
            try database.execute(
                sql: "INSERT INTO processed_command (command_id, method, reply, processed_at, command_digest) VALUES ('c1', 'Purchase', x'01', 5, x'02')")
        }
        try queue.close()
    }

    @Test("rows, keys and indexes survive the move to rowid tables")
    func keepsRowsAndIndexes() async throws {
        try writeVersion4(subscriptions: 10)
        let database = try SubscriptionDatabase(path: path)
        try await database.read { (transaction) throws in
            #expect(try transaction.subscription("s03") == Data([3]))
            #expect(try transaction.subscriptionIds(customerId: "customer7", groupId: "news") == ["s07"])
            #expect(try transaction.dueSubscriptionIds(atOrBefore: 1_001, limit: 10) == ["s00", "s01"])
            #expect(try transaction.processedCommand(commandId: "c1")?.reply == Data([1]))
            #expect(try transaction.processedCommand(commandId: "c1")?.digest == Data([2]))
            #expect(try transaction.subscriptionIds(productId: "monthly", from: "s08", limit: 10) == ["s08", "s09"])
        }
        let duplicate = await #expect(throws: (any Error).self) {
            try await database.write { try $0.recordProcessed(commandId: "c1", method: "Purchase", reply: Data(), at: Date()) }
        }
        #expect(duplicate != nil, "the command id stays unique")
    }

    @Test("a mass extension's id cursor from before v5 resumes at the same subscription, then walks the rest in storage order")
    func legacyCursorResumes() async throws {
        try writeVersion4(subscriptions: 10)
        let database = try SubscriptionDatabase(path: path)
        let (resumed, rest, added) = try await database.write { transaction in
            // Bought after the upgrade, with an id between the old ones.
            try transaction.putSubscription(Data(), id: "s045", customerId: "new", groupId: "news", productId: "monthly", dueAt: nil)
            let resumed = try transaction.walkSubscriptions(productId: "monthly", onClock: nil, from: "s04", limit: 3)
            let rest = try transaction.walkSubscriptions(productId: "monthly", onClock: nil, from: try #require(resumed.next), limit: 10)
            let added = try transaction.walkSubscriptions(productId: "monthly", onClock: nil, from: "s99", limit: 10)
            return (resumed, rest, added)
        }
        #expect(resumed.ids == ["s04", "s05", "s06"], "old rows in their old (id) order")
        #expect(rest.ids == ["s07", "s08", "s09", "s045"], "then what came after the upgrade")
        #expect(rest.next == nil)
        #expect(added.ids == ["s045"], "a cursor past every old id goes on with the new rows")
    }

    @Test("a walk's cursor that is neither an id position nor '#' and a number is refused, naming it")
    func badCursor() async throws {
        let database = try SubscriptionDatabase(path: path)
        let error = await #expect(throws: StoreError.self) {
            try await database.read { try $0.walkSubscriptions(productId: "monthly", onClock: nil, from: "#twelve", limit: 3) }
        }
        #expect("\(String(describing: error))".contains("#twelve"))
    }

    @Test("a purchase appends: new subscriptions and processed commands take the next storage positions")
    func appendsInCreationOrder() async throws {
        let database = try SubscriptionDatabase(path: path)
        try await database.write { transaction in
            for id in ["m", "z", "a"] {
                try transaction.putSubscription(Data(), id: id, customerId: id, groupId: "news", productId: "monthly", dueAt: nil)
                try transaction.recordProcessed(commandId: "command-\(id)", method: "Purchase", reply: Data(), at: Date())
            }
            // An update keeps the row where it is.
            try transaction.putSubscription(Data([1]), id: "m", customerId: "m", groupId: "news", productId: "monthly", dueAt: 5)
        }
        let (subscriptions, commands) = try await database.read { transaction in
            (
                try transaction.walkSubscriptions(productId: "monthly", onClock: nil, from: "", limit: 10).ids,
                try String.fetchAll(transaction.database, sql: "SELECT command_id FROM processed_command ORDER BY ordinal")
            )
        }
        #expect(subscriptions == ["m", "z", "a"])
        #expect(commands == ["command-m", "command-z", "command-a"])
    }

    @Test("a walk page's bodies are read with it, and a write or a rolled-back preview never leaves a stale one")
    func walkedBodiesStayCurrent() async throws {
        let database = try SubscriptionDatabase(path: path)
        let bodies = try await database.write { transaction in
            for id in ["a", "b", "c"] {
                try transaction.putSubscription(Data(id.utf8), id: id, customerId: id, groupId: "news", productId: "monthly", dueAt: nil)
            }
            _ = try transaction.walkSubscriptions(productId: "monthly", onClock: nil, from: "", limit: 10)
            var bodies = [try transaction.subscription("a")]
            try transaction.putSubscription(Data("a2".utf8), id: "a", customerId: "a", groupId: "news", productId: "monthly", dueAt: nil)
            bodies.append(try transaction.subscription("a"))
            try transaction.rollingBack {
                try transaction.putSubscription(Data("b2".utf8), id: "b", customerId: "b", groupId: "news", productId: "monthly", dueAt: nil)
                _ = try transaction.walkSubscriptions(productId: "monthly", onClock: nil, from: "", limit: 10)
            }
            bodies.append(try transaction.subscription("b"))
            return bodies
        }
        #expect(bodies == [Data("a".utf8), Data("a2".utf8), Data("b".utf8)])
    }
}
