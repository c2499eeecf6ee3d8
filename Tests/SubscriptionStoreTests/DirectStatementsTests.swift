import Foundation
import GRDB
import GRDBSQLite
import Testing

@testable import SubscriptionStore

/// The hot statements bound and stepped through SQLite's C API (`DirectStatements.swift`):
/// the same values in and out as GRDB's own path, the same errors, and statements that stay
/// usable after a failure.
@Suite("Direct statements")
struct DirectStatementsTests {
    private let queue: DatabaseQueue

    init() throws {
        queue = try DatabaseQueue()
        try queue.write { database in
            try database.execute(sql: "CREATE TABLE value (key TEXT PRIMARY KEY, text TEXT, number INTEGER, blob BLOB)")
        }
    }

    @Test("text, integers, blobs and NULL read back as GRDB's own API wrote and reads them")
    func roundTrip() throws {
        let blob = Data((0..<300).map { UInt8($0 % 256) })
        try queue.write { database in
            try database.run("INSERT INTO value VALUES (?, ?, ?, ?)", "a", "grüße 🎟", Int64.min, blob)
            try database.run("INSERT INTO value VALUES (?, ?, ?, ?)", "b", "", 42, Data?.none)
            try database.run("INSERT INTO value VALUES (?, ?, ?, ?)", "c", String?.none, Int64?.none, Data([0]))
            try database.execute(sql: "INSERT INTO value VALUES (?, ?, ?, ?)", arguments: ["d", "by GRDB", 7, Data([1, 2])])
        }
        try queue.read { database in
            // Written directly, read by GRDB.
            let row = try #require(try Row.fetchOne(database, sql: "SELECT text, number, blob FROM value WHERE key = 'a'"))
            #expect(row[0] as String == "grüße 🎟")
            #expect(row[1] as Int64 == Int64.min)
            #expect(row[2] as Data == blob)
            #expect(try Bool.fetchOne(database, sql: "SELECT text IS NULL AND number IS NULL FROM value WHERE key = 'c'") == true)
            #expect(try String.fetchOne(database, sql: "SELECT typeof(text) FROM value WHERE key = 'b'") == "text")

            // Read directly, written either way.
            let read = { (key: String) in
                try database.firstRow("SELECT text, number, blob FROM value WHERE key = ?", key) { row in
                    (text: row.string(0), number: row.int64(1), blob: row.data(2))
                }
            }
            #expect(try read("a")?.text == "grüße 🎟")
            #expect(try read("a")?.blob == blob)
            #expect(try read("b")?.text == "")
            #expect(try read("b")?.number == 42)
            #expect(try read("b")?.blob == nil)
            #expect(try read("c")?.text == nil)
            #expect(try read("c")?.number == nil)
            #expect(try read("c")?.blob == Data([0]))
            #expect(try read("d")?.text == "by GRDB")
            #expect(try read("d")?.blob == Data([1, 2]))
            #expect(try read("none") == nil)
            #expect(try database.allRows("SELECT key FROM value WHERE number IS NOT NULL ORDER BY key DESC") { $0.string(0) } == ["d", "b", "a"])
            #expect(try database.allRows("SELECT key FROM value WHERE key > ?", "z") { $0.string(0) }.isEmpty)
        }
    }

    @Test("a statement given too few values is refused instead of keeping the previous call's")
    func tooFewValues() throws {
        try queue.write { database in
            try database.run("INSERT INTO value (key, text) VALUES (?, ?)", "a", "first")
            let error = #expect(throws: DatabaseError.self) {
                try database.run("INSERT INTO value (key, text) VALUES (?, ?)", "b")
            }
            #expect(error?.resultCode == .SQLITE_MISUSE)
            #expect(try Int.fetchOne(database, sql: "SELECT COUNT(*) FROM value") == 1)
        }
    }

    @Test("a constraint failure throws SQLite's code and message, and the statement runs again afterwards")
    func failureLeavesTheStatementUsable() throws {
        try queue.write { database in
            let insert = "INSERT INTO value (key, number) VALUES (?, ?)"
            try database.run(insert, "a", 1)
            let error = #expect(throws: DatabaseError.self) { try database.run(insert, "a", 2) }
            #expect(error?.resultCode == .SQLITE_CONSTRAINT)
            #expect(error?.message?.contains("UNIQUE") == true)
            #expect(error?.sql == insert)
            try database.run(insert, "b", 3)
            #expect(try database.allRows("SELECT number FROM value ORDER BY key") { $0.int64(0) } == [1, 3])
        }
    }

    @Test("a full database fails the statement with SQLITE_FULL, which the consumer takes for an outage (it waits, it does not give the batch back)")
    func fullDatabaseIsAnOutage() throws {
        let page = Data(repeating: 1, count: 4_000)
        var failure: (any Error)?
        try queue.inDatabase { database in
            // The file may not grow past a few pages: the next insert that needs a page fails.
            try database.execute(sql: "PRAGMA max_page_count = 8")
            do {
                try database.inTransaction {
                    for index in 0..<100 { try database.run("INSERT INTO value (key, blob) VALUES (?, ?)", "k\(index)", page) }
                    return .commit
                }
            } catch {
                failure = error
            }
            // The transaction was rolled back, and the connection takes the next one.
            #expect(try Int.fetchOne(database, sql: "SELECT COUNT(*) FROM value") == 0)
            try database.run("INSERT INTO value (key, number) VALUES (?, ?)", "after", 1)
        }
        let error = try #require(failure as? DatabaseError)
        #expect(error.resultCode == .SQLITE_FULL)
        #expect(SubscriptionDatabase.isOutage(error))
    }

    @Test("a statement a GRDB cursor left on a row starts over, and a read leaves no statement running")
    func cursorLeftMidway() throws {
        try queue.write { database in
            for key in ["a", "b", "c"] { try database.run("INSERT INTO value (key) VALUES (?)", key) }
            let sql = "SELECT key FROM value WHERE key >= ? ORDER BY key"
            let cursor = try String.fetchCursor(database.cachedStatement(sql: sql), arguments: ["a"])
            #expect(try cursor.next() == "a")
            #expect(try database.firstRow(sql, "b") { $0.string(0) } == "b")
            #expect(try database.allRows(sql, "a") { $0.string(0) } == ["a", "b", "c"])
            let statement = try database.cachedStatement(sql: sql).sqliteStatement
            #expect(sqlite3_stmt_busy(statement) == 0)
        }
    }

    @Test("the changes count and the last row id are SQLite's, as the store's upsert and outbox read them")
    func changesAndRowIds() throws {
        try queue.write { database in
            try database.run("INSERT INTO value (key, number) VALUES (?, ?)", "a", 1)
            #expect(database.changesCount == 1)
            let rowId = database.lastInsertedRowID
            try database.run("UPDATE value SET number = ? WHERE key = ?", 2, "missing")
            #expect(database.changesCount == 0)
            try database.run("INSERT INTO value (key, number) VALUES (?, ?)", "b", 1)
            #expect(database.lastInsertedRowID == rowId + 1)
        }
    }
}
