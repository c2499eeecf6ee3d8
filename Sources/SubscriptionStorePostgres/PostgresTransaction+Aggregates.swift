import Foundation
import PostgresNIO
import SubscriptionStore

extension PostgresTransaction: AggregateTransaction {
    /// Replicas write side by side (docs/scale-out.md): two of them picking time-ordered ids in
    /// the same millisecond would take turns on each other's advisory locks, and across two
    /// batches could deadlock; hashed ids practically never meet.
    public var hasSingleWriter: Bool { false }

    public func subscription(_ id: String) throws -> Data? {
        try lockedRead(orLock: "subscription:\(id)") {
            try value(Data.self, "SELECT body FROM subscription WHERE id = \(id)\(unescaped: forUpdate)")
        }
    }

    public func putSubscription(
        _ body: Data, id: String, customerId: String, groupId: String, productId: String, dueAt: Int64?, clockId: String?
    ) throws {
        try execute("""
            INSERT INTO subscription (id, customer_id, group_id, product_id, due_at, body, clock_id)
            VALUES (\(id), \(customerId), \(groupId), \(productId), \(dueAt), \(body), \(Self.column(clockId)))
            ON CONFLICT (id) DO UPDATE SET product_id = excluded.product_id, due_at = excluded.due_at, body = excluded.body
            """)
    }

    public func subscriptionIds(customerId: String, groupId: String, onClock clockId: String?) throws -> [String] {
        try lockCustomer(customerId, onClock: clockId)
        return try values(String.self, """
            SELECT id FROM subscription WHERE clock_id = \(Self.column(clockId)) AND customer_id = \(customerId) AND group_id = \(groupId)
            ORDER BY id
            """)
    }

    public func subscriptionIds(customerId: String, onClock clockId: String?) throws -> [String] {
        try lockCustomer(customerId, onClock: clockId)
        return try values(String.self, "SELECT id FROM subscription WHERE clock_id = \(Self.column(clockId)) AND customer_id = \(customerId) ORDER BY id")
    }

    public func subscriptionIds(productId: String, onClock clockId: String?, from firstId: String, limit: Int) throws -> [String] {
        try values(String.self, """
            SELECT id FROM subscription WHERE id >= \(firstId) AND product_id = \(productId) AND clock_id = \(Self.column(clockId))
            ORDER BY id LIMIT \(limit)
            """)
    }

    public func dueSubscriptionIds(onClock clockId: String?, atOrBefore dueAt: Int64, limit: Int) throws -> [String] {
        try values(String.self, """
            SELECT id FROM subscription WHERE clock_id = \(Self.column(clockId)) AND due_at IS NOT NULL AND due_at <= \(dueAt)
            ORDER BY due_at, id LIMIT \(limit)
            """)
    }

    public func earliestSubscriptionDue(onClock clockId: String?) throws -> Int64? {
        try value(Int64?.self, "SELECT MIN(due_at) FROM subscription WHERE clock_id = \(Self.column(clockId)) AND due_at IS NOT NULL") ?? nil
    }

    public func putTransaction(_ body: Data, subscriptionId: String, position: Int, transactionId: String) throws {
        try execute("""
            INSERT INTO transaction_history (subscription_id, position, transaction_id, body)
            VALUES (\(subscriptionId), \(position), \(transactionId), \(body))
            ON CONFLICT (subscription_id, position) DO UPDATE SET transaction_id = excluded.transaction_id, body = excluded.body
            """)
    }

    public func transactions(subscriptionId: String) throws -> [Data] {
        try values(Data.self, "SELECT body FROM transaction_history WHERE subscription_id = \(subscriptionId) ORDER BY position")
    }

    public func containsTransaction(_ transactionId: String, subscriptionId: String) throws -> Bool {
        try value(Bool.self, """
            SELECT EXISTS (SELECT 1 FROM transaction_history WHERE subscription_id = \(subscriptionId) AND transaction_id = \(transactionId))
            """) ?? false
    }

    public func requestResult(key: String, subscriptionId: String) throws -> Data? {
        try value(Data.self, "SELECT body FROM request_result WHERE subscription_id = \(subscriptionId) AND key = \(key)")
    }

    public func putRequestResult(_ body: Data, key: String, subscriptionId: String) throws {
        try execute("""
            INSERT INTO request_result (subscription_id, key, body) VALUES (\(subscriptionId), \(key), \(body))
            ON CONFLICT (subscription_id, key) DO UPDATE SET body = excluded.body
            """)
    }

    public func massExtension(_ id: String) throws -> Data? {
        try lockedRead(orLock: "mass-extension:\(id)") {
            try value(Data.self, "SELECT body FROM mass_extension WHERE id = \(id)\(unescaped: forUpdate)")
        }
    }

    public func putMassExtension(_ body: Data, id: String, productId: String, dueAt: Int64?, clockId: String?) throws {
        try execute("""
            INSERT INTO mass_extension (id, product_id, due_at, body, clock_id)
            VALUES (\(id), \(productId), \(dueAt), \(body), \(Self.column(clockId)))
            ON CONFLICT (id) DO UPDATE SET product_id = excluded.product_id, due_at = excluded.due_at, body = excluded.body
            """)
    }

    public func dueMassExtensionIds(onClock clockId: String?, atOrBefore dueAt: Int64, limit: Int) throws -> [String] {
        try values(String.self, """
            SELECT id FROM mass_extension WHERE clock_id = \(Self.column(clockId)) AND due_at IS NOT NULL AND due_at <= \(dueAt)
            ORDER BY due_at, id LIMIT \(limit)
            """)
    }

    public func earliestMassExtensionDue(onClock clockId: String?) throws -> Int64? {
        try value(Int64?.self, "SELECT MIN(due_at) FROM mass_extension WHERE clock_id = \(Self.column(clockId)) AND due_at IS NOT NULL") ?? nil
    }

    public func clock(ofSubscription id: String) throws -> StoredClockMembership? {
        guard let clockId = try value(String.self, "SELECT clock_id FROM subscription WHERE id = \(id)") else { return nil }
        return StoredClockMembership(clockId: clockId.isEmpty ? nil : clockId)
    }

    public func hasTestClocks() throws -> Bool {
        try value(Bool.self, "SELECT EXISTS (SELECT 1 FROM test_clock)") ?? false
    }

    public func testClock(_ id: String) throws -> StoredTestClock? {
        // Shared: commands on one clock run side by side on several replicas; an advance or a
        // delete (`testClockToChange`) waits for them and holds off the next ones.
        try execute("SELECT id, name, now_at, created_at FROM test_clock WHERE id = \(id)\(unescaped: locking ? " FOR SHARE" : "")")
            .first.map(Self.testClock(from:))
    }

    public func testClockToChange(_ id: String) throws -> StoredTestClock? {
        try execute("SELECT id, name, now_at, created_at FROM test_clock WHERE id = \(id)\(unescaped: forUpdate)").first.map(Self.testClock(from:))
    }

    public func testClocks() throws -> [StoredTestClock] {
        try execute("SELECT id, name, now_at, created_at FROM test_clock ORDER BY id").map(Self.testClock(from:))
    }

    public func putTestClock(_ clock: StoredTestClock) throws {
        try execute("""
            INSERT INTO test_clock (id, name, now_at, created_at) VALUES (\(clock.id), \(clock.name), \(clock.now), \(clock.createdAt))
            ON CONFLICT (id) DO UPDATE SET name = excluded.name, now_at = excluded.now_at, created_at = excluded.created_at
            """)
    }

    public func subscriptionCount(onClock clockId: String) throws -> Int {
        try value(Int.self, "SELECT COUNT(*) FROM subscription WHERE clock_id = \(clockId)") ?? 0
    }

    public func deleteTestClock(_ id: String) throws -> Int {
        let count = try subscriptionCount(onClock: id)
        try execute("DELETE FROM transaction_history WHERE subscription_id IN (SELECT id FROM subscription WHERE clock_id = \(id))")
        try execute("DELETE FROM request_result WHERE subscription_id IN (SELECT id FROM subscription WHERE clock_id = \(id))")
        try execute("DELETE FROM subscription WHERE clock_id = \(id)")
        try execute("DELETE FROM mass_extension WHERE clock_id = \(id)")
        try execute("DELETE FROM test_clock WHERE id = \(id)")
        return count
    }

    private static func testClock(from row: PostgresRow) throws -> StoredTestClock {
        let (id, name, now, createdAt) = try row.decode((String, String, Int64, Int64).self)
        return StoredTestClock(id: id, name: name, now: now, createdAt: createdAt)
    }
}
