import Foundation
import GRDB

/// Test clocks (docs/test-clocks.md): the clocks themselves and which clock a subscription is on.
extension StoreTransaction {
    public func clock(ofSubscription id: String) throws -> StoredClockMembership? {
        try firstRow("SELECT clock_id FROM subscription WHERE id = ?", id) { StoredClockMembership(clockId: $0.string(0)) }
    }

    /// Read once per transaction (a batch of commands), then kept: ``putTestClock(_:)`` and
    /// ``deleteTestClock(_:)`` keep the answer true.
    public func hasTestClocks() throws -> Bool {
        if let known = knownHasTestClocks { return known }
        let exists = try Bool.fetchOne(statement("SELECT EXISTS (SELECT 1 FROM test_clock)")) ?? false
        knownHasTestClocks = exists
        return exists
    }

    public func testClock(_ id: String) throws -> StoredTestClock? {
        try Row.fetchOne(statement("SELECT id, name, now_at, created_at FROM test_clock WHERE id = ?"), arguments: [id])
            .map(Self.testClock(from:))
    }

    public func testClocks() throws -> [StoredTestClock] {
        try Row.fetchAll(statement("SELECT id, name, now_at, created_at FROM test_clock ORDER BY id")).map(Self.testClock(from:))
    }

    public func putTestClock(_ clock: StoredTestClock) throws {
        try statement("INSERT OR REPLACE INTO test_clock (id, name, now_at, created_at) VALUES (?, ?, ?, ?)")
            .execute(arguments: [clock.id, clock.name, clock.now, clock.createdAt])
        knownHasTestClocks = true
    }

    public func subscriptionCount(onClock clockId: String) throws -> Int {
        try Int.fetchOne(statement("SELECT COUNT(*) FROM subscription WHERE clock_id = ?"), arguments: [clockId]) ?? 0
    }

    public func deleteTestClock(_ id: String) throws -> Int {
        let count = try subscriptionCount(onClock: id)
        for sql in [
            "DELETE FROM transaction_history WHERE subscription_id IN (SELECT id FROM subscription WHERE clock_id = ?)",
            "DELETE FROM request_result WHERE subscription_id IN (SELECT id FROM subscription WHERE clock_id = ?)",
            "DELETE FROM subscription WHERE clock_id = ?",
            "DELETE FROM mass_extension WHERE clock_id = ?",
            "DELETE FROM test_clock WHERE id = ?",
        ] {
            try statement(sql).execute(arguments: [id])
        }
        knownHasTestClocks = nil
        walked = [:]
        return count
    }

    private static func testClock(from row: Row) -> StoredTestClock {
        StoredTestClock(id: row[0], name: row[1], now: row[2], createdAt: row[3])
    }
}

extension StoreTransaction {
    /// SQLite's query plan of each statement (`EXPLAIN QUERY PLAN`, details joined), with every
    /// `?` parameter bound to NULL: for tests that a query uses its index.
    public func queryPlans(_ sqls: [String]) throws -> [String] {
        try sqls.map { sql in
            let nulls = [DatabaseValue](repeating: .null, count: sql.filter { $0 == "?" }.count)
            return try Row.fetchAll(database, sql: "EXPLAIN QUERY PLAN " + sql, arguments: StatementArguments(nulls))
                .map { $0["detail"] as String? ?? "" }
                .joined(separator: "; ")
        }
    }
}
