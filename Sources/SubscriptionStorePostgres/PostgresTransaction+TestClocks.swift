import Foundation
import PostgresNIO
import SubscriptionStore

/// Test clocks (docs/test-clocks.md): the clocks themselves and which clock a subscription is on.
extension PostgresTransaction {
    /// From a subscription this transaction read (a clock never changes for an id), else read
    /// (without a lock: the command then locks its clock, and the engine the subscription).
    public func clock(ofSubscription id: String) throws -> StoredClockMembership? {
        if case .present(_, let clock, _, _)? = cache.subscriptions[id] { return StoredClockMembership(clockId: clock.isEmpty ? nil : clock) }
        if let clock = cache.memberships[id] { return StoredClockMembership(clockId: clock.isEmpty ? nil : clock) }
        guard let clock = try value(String.self, "SELECT clock_id FROM subscription WHERE id = \(id)") else { return nil }
        cache.memberships[id] = clock
        return StoredClockMembership(clockId: clock.isEmpty ? nil : clock)
    }

    /// Read once per transaction (a batch of commands), then kept, as the SQLite store does:
    /// ``putTestClock(_:)`` keeps the answer true.
    public func hasTestClocks() throws -> Bool {
        if let known = cache.hasTestClocks { return known }
        let exists = try value(Bool.self, "SELECT EXISTS (SELECT 1 FROM test_clock)") ?? false
        cache.hasTestClocks = exists
        return exists
    }

    /// Shared: commands on one clock run side by side on several replicas; an advance or a
    /// delete (``testClockToChange(_:)``) waits for them and holds off the next ones. Once read
    /// in a write transaction it cannot change until the commit, so it is read once.
    public func testClock(_ id: String) throws -> StoredTestClock? {
        if let known = cache.testClocks[id] { return known }
        let clock = try execute("SELECT id, name, now_at, created_at FROM test_clock WHERE id = \(id)\(unescaped: locking ? " FOR SHARE" : "")")
            .first.map(Self.testClock(from:))
        cache.testClocks[id] = clock
        return clock
    }

    public func testClockToChange(_ id: String) throws -> StoredTestClock? {
        let clock = try execute("SELECT id, name, now_at, created_at FROM test_clock WHERE id = \(id)\(unescaped: forUpdate)")
            .first.map(Self.testClock(from:))
        cache.testClocks[id] = clock
        return clock
    }

    public func testClocks() throws -> [StoredTestClock] {
        try execute("SELECT id, name, now_at, created_at FROM test_clock ORDER BY id").map(Self.testClock(from:))
    }

    public func putTestClock(_ clock: StoredTestClock) throws {
        try execute("""
            INSERT INTO test_clock (id, name, now_at, created_at) VALUES (\(clock.id), \(clock.name), \(clock.now), \(clock.createdAt))
            ON CONFLICT (id) DO UPDATE SET name = excluded.name, now_at = excluded.now_at, created_at = excluded.created_at
            """)
        cache.testClocks[clock.id] = clock
        cache.hasTestClocks = true
    }

    public func subscriptionCount(onClock clockId: String) throws -> Int {
        try value(Int.self, "SELECT COUNT(*) FROM subscription WHERE clock_id = \(clockId)") ?? 0
    }

    /// Deletes the clock's rows; what this transaction knew of subscriptions is forgotten.
    public func deleteTestClock(_ id: String) throws -> Int {
        let count = try subscriptionCount(onClock: id)
        try execute("DELETE FROM transaction_history WHERE subscription_id IN (SELECT id FROM subscription WHERE clock_id = \(id))")
        try execute("DELETE FROM request_result WHERE subscription_id IN (SELECT id FROM subscription WHERE clock_id = \(id))")
        try execute("DELETE FROM subscription WHERE clock_id = \(id)")
        try execute("DELETE FROM mass_extension WHERE clock_id = \(id)")
        try execute("DELETE FROM test_clock WHERE id = \(id)")
        cache.forgetSubscriptions()
        cache.testClocks[id] = .some(nil)
        return count
    }

    static func testClock(from row: PostgresRow) throws -> StoredTestClock {
        let (id, name, now, createdAt) = try row.decode((String, String, Int64, Int64).self)
        return StoredTestClock(id: id, name: name, now: now, createdAt: createdAt)
    }
}
