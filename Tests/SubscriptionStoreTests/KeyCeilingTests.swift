import Foundation
import GRDB
import Testing

@testable import SubscriptionStore

/// ``StoreTransaction/containsSubscription(_:)`` and ``StoreTransaction/processedCommand(commandId:)``:
/// a new key above every stored one is answered without a query (``KeyCeiling``), and the
/// answer is SQLite's for every key, in the transaction that inserted it, after the next
/// transaction starts and after a rolled-back savepoint.
@Suite("Key ceilings")
struct KeyCeilingTests {
    private let database: SubscriptionDatabase

    init() throws {
        database = try SubscriptionDatabase(path: temporaryDatabasePath())
    }

    private static func put(_ id: String, in transaction: StoreTransaction) throws {
        try transaction.putSubscription(
            Data("body".utf8), id: id, customerId: "c-\(id)", groupId: "g", productId: "p", dueAt: nil, clockId: nil)
    }

    /// SQLite's own answer: a row with exactly these bytes.
    private static func stored(_ id: String, in transaction: StoreTransaction) throws -> Bool {
        try Bool.fetchOne(transaction.database, sql: "SELECT EXISTS (SELECT 1 FROM subscription WHERE id = ?)", arguments: [id]) ?? false
    }

    /// How many statements SQLite ran on the transaction's connection during `body`.
    private static func statements<T>(in transaction: StoreTransaction, _ body: () throws -> T) rethrows -> (T, Int) {
        let count = StatementCount()
        transaction.database.trace(options: .statement) { _ in count.value += 1 }
        defer { transaction.database.trace(options: .statement, nil) }
        let value = try body()
        return (value, count.value)
    }

    @Test("a new id above every stored one is absent without a query; at or below the greatest, SQLite is asked")
    func aboveTheGreatestNeedsNoQuery() async throws {
        try await database.write { transaction in
            try Self.put("3176722560000050", in: transaction)
        }
        try await database.write { transaction in
            // The first check reads MAX(id) once; the next ones above it run nothing.
            let (first, firstStatements) = try Self.statements(in: transaction) { try transaction.containsSubscription("3176722560000051") }
            #expect(first == false && firstStatements == 1)
            let (above, aboveStatements) = try Self.statements(in: transaction) { try transaction.containsSubscription("3176722560000199") }
            #expect(above == false && aboveStatements == 0)
            // The greatest itself and an id below it are looked up.
            let (greatest, greatestStatements) = try Self.statements(in: transaction) { try transaction.containsSubscription("3176722560000050") }
            #expect(greatest == true && greatestStatements == 1)
            let (below, belowStatements) = try Self.statements(in: transaction) { try transaction.containsSubscription("3176722560000049") }
            #expect(below == false && belowStatements == 1)
            // A hashed id sorts below every time-ordered one: looked up.
            let (hashed, hashedStatements) = try Self.statements(in: transaction) { try transaction.containsSubscription("2964344931800865") }
            #expect(hashed == false && hashedStatements == 1)
        }
    }

    @Test("ids inserted by the transaction are present, others of the same millisecond absent, as SQLite says")
    func insertedInTheTransaction() async throws {
        let ids = (0..<100).map { String(3_176_722_560_000_000 + $0) }
        try await database.write { transaction in
            #expect(try transaction.containsSubscription(ids[40]) == false)
            try Self.put(ids[40], in: transaction)
            #expect(try transaction.containsSubscription(ids[40]) == true)
            // Below the one inserted, above the greatest of the start (none): absent.
            #expect(try transaction.containsSubscription(ids[39]) == false)
            try Self.put(ids[39], in: transaction)
            for id in ids {
                #expect(try transaction.containsSubscription(id) == Self.stored(id, in: transaction), "\(id)")
            }
        }
        try await database.write { transaction in
            for id in ids {
                let contains = try transaction.containsSubscription(id)
                #expect(try contains == Self.stored(id, in: transaction), "\(id)")
            }
        }
    }

    @Test("an id checked, then inserted, is saved once: the check counts as the lookup that missed")
    func checkedThenSaved() async throws {
        try await database.write { transaction in
            #expect(try transaction.containsSubscription("3176722560000007") == false)
            try Self.put("3176722560000007", in: transaction)
            try Self.put("3176722560000007", in: transaction)
        }
        let count = try await database.read { transaction in
            try Int.fetchOne(transaction.database, sql: "SELECT COUNT(*) FROM subscription WHERE id = '3176722560000007'")
        }
        #expect(count == 1)
    }

    @Test("a row inserted in a rolled-back savepoint is gone again; one deleted there is back")
    func rolledBackSavepoint() async throws {
        try await database.write { transaction in
            try Self.put("3176722560000010", in: transaction)
        }
        try await database.write { transaction in
            try transaction.rollingBack {
                #expect(try transaction.containsSubscription("3176722560000020") == false)
                try Self.put("3176722560000020", in: transaction)
                #expect(try transaction.containsSubscription("3176722560000020") == true)
                try transaction.database.execute(sql: "DELETE FROM subscription WHERE id = '3176722560000010'")
                #expect(try transaction.containsSubscription("3176722560000010") == false)
            }
            #expect(try transaction.containsSubscription("3176722560000020") == false)
            #expect(try transaction.containsSubscription("3176722560000010") == true)
            // Inserting it now works (the insert did not survive the savepoint).
            try Self.put("3176722560000020", in: transaction)
            #expect(try transaction.containsSubscription("3176722560000020") == true)
        }
    }

    @Test("a keyless command's id above every processed one was never processed, without a query; a redelivery is found")
    func processedCommands() async throws {
        let first = "019aa1b2-0000-7000-8000-000000000001"
        let later = "019aa1b2-0001-7000-8000-000000000002"
        let keyed = "00112233-4455-5677-8899-aabbccddeeff"  // a keyed (version 5) id below the greatest: looked up
        try await database.write { transaction in
            #expect(try transaction.processedCommand(commandId: first) == nil)
            try transaction.recordProcessed(commandId: first, method: "Purchase", reply: Data([1]), at: Date(), digest: Data([9]))
            // The same transaction sees what it recorded (a redelivery within one batch).
            #expect(try transaction.processedCommand(commandId: first)?.reply == Data([1]))
        }
        try await database.write { transaction in
            let (new, newStatements) = try Self.statements(in: transaction) { try transaction.processedCommand(commandId: later) }
            #expect(new == nil && newStatements == 1)  // MAX(command_id), read once
            let (again, againStatements) = try Self.statements(in: transaction) {
                try transaction.processedCommand(commandId: "019aa1b2-0002-7000-8000-000000000003")
            }
            #expect(again == nil && againStatements == 0)
            let (replayed, replayStatements) = try Self.statements(in: transaction) { try transaction.processedCommand(commandId: first) }
            #expect(replayed?.reply == Data([1]) && replayed?.digest == Data([9]) && replayStatements == 1)
            let (keyedReply, keyedStatements) = try Self.statements(in: transaction) { try transaction.processedCommand(commandId: keyed) }
            #expect(keyedReply == nil && keyedStatements == 1)
            try transaction.recordProcessed(commandId: later, method: "Purchase", reply: Data([2]), at: Date(), digest: nil)
            #expect(try transaction.processedCommand(commandId: later)?.reply == Data([2]))
        }
    }

    @Test("order is SQLite's, byte by byte: a prefix sorts first, and text Swift calls equal is two ids")
    func byteOrder() throws {
        // "3" is a prefix of "30": above it. Below "30": "3", "29", "2999".
        let short = KeyCeiling(greatest: "30")
        #expect(short.excludes("300") && short.excludes("31") && short.excludes("4"))
        #expect(!short.excludes("30") && !short.excludes("3") && !short.excludes("29") && !short.excludes("2999"))
        // "é" precomposed (C3 A9) and "e" + combining acute (65 CC 81) are equal Strings in Swift
        // but different ids in SQLite; the precomposed one's bytes sort above.
        let decomposed = KeyCeiling(greatest: "e\u{301}")
        #expect(decomposed.excludes("\u{E9}"))
        let precomposed = KeyCeiling(greatest: "\u{E9}")
        #expect(!precomposed.excludes("e\u{301}"))
        // An empty table excludes every id; an inserted id never is.
        var empty = KeyCeiling(greatest: nil)
        #expect(empty.excludes("1") && empty.excludes(""))
        empty.inserted("1")
        #expect(!empty.excludes("1") && empty.excludes("2"))
    }

    @Test("with a decomposed id stored, the precomposed one is absent, as SQLite says")
    func decomposedStored() async throws {
        try await database.write { transaction in
            try Self.put("e\u{301}", in: transaction)
        }
        try await database.write { transaction in
            let precomposed = try transaction.containsSubscription("\u{E9}")
            #expect(precomposed == false)
            #expect(try Self.stored("\u{E9}", in: transaction) == false)
            #expect(try transaction.containsSubscription("e\u{301}") == true)
        }
    }
}

/// The statements counted by ``KeyCeilingTests``' trace (the connection's queue only).
private final class StatementCount {
    var value = 0
}
