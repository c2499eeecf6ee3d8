import Foundation
import Logging
import PostgresNIO
import SubscriptionStore

/// One PostgreSQL transaction of ``PostgresStore``: the same calls as the SQLite store's
/// ``StoreTransaction`` (``ConsumerStoreTransaction``), each one or a few statements that block
/// the store's queue until the server answered. Valid only inside the closure that received it.
///
/// A test clock's id is `clock_id`; the consumer's clock is stored as `''` (not NULL, so that
/// `clock_id = $1` uses the `(clock_id, …)` indexes; test clock ids are never empty).
///
/// **Locks (several replicas, docs/scale-out.md).** In a write transaction (`locking`), what a
/// command reads before it changes it is locked until the commit, so transactions of different
/// replicas that touch the same thing run one after the other and the later one reads what the
/// earlier committed (`READ COMMITTED`: a statement that waited for a lock sees the newest
/// version): a subscription, a mass extension, a test clock and a setting (the manual clock)
/// are read `FOR UPDATE`; a customer's subscriptions are looked up under a transaction-scoped
/// advisory lock on the customer (and clock), which also covers a subscription not created yet.
/// Read-only transactions take no locks.
public final class PostgresTransaction {
    let connection: PostgresConnection
    let logger: Logger
    /// Whether reads lock what they return (write transactions).
    let locking: Bool

    init(connection: PostgresConnection, logger: Logger, locking: Bool) {
        self.connection = connection
        self.logger = logger
        self.locking = locking
    }

    /// A row read `FOR UPDATE`; when there is no such row yet (in a write transaction), the
    /// advisory lock `key` is taken and the row read again: two replicas creating the same row
    /// take turns, and the later one finds the earlier one's row.
    func lockedRead(orLock key: String, _ read: () throws -> Data?) throws -> Data? {
        if let found = try read() { return found }
        guard locking else { return nil }
        try execute("SELECT pg_advisory_xact_lock(hashtextextended(\(key), 0))")
        return try read()
    }

    /// `FOR UPDATE` in a write transaction, nothing in a read-only one.
    var forUpdate: String { locking ? " FOR UPDATE" : "" }

    /// In a write transaction, waits for and takes the advisory lock of a customer on a clock
    /// (released at commit or rollback).
    func lockCustomer(_ customerId: String, onClock clockId: String?) throws {
        guard locking else { return }
        let key = "customer:\(Self.column(clockId)):\(customerId)"
        try execute("SELECT pg_advisory_xact_lock(hashtextextended(\(key), 0))")
    }

    /// Runs `query` and returns its rows (blocking the store's queue, never the cooperative pool).
    @discardableResult
    public func execute(_ query: PostgresQuery) throws -> PostgresQueryResult {
        try BoundedWait.value(of: connection.query(query, logger: logger), closing: connection)
    }

    /// The first column of the first row, or nil when there is no row.
    func value<Value: PostgresDecodable>(_ type: Value.Type, _ query: PostgresQuery) throws -> Value? {
        try execute(query).first.map { try $0.decode(Value.self) }
    }

    /// The first column of every row.
    func values<Value: PostgresDecodable>(_ type: Value.Type, _ query: PostgresQuery) throws -> [Value] {
        try execute(query).map { try $0.decode(Value.self) }
    }

    /// The stored `clock_id` of a clock (nil = the consumer's clock).
    static func column(_ clockId: String?) -> String { clockId ?? "" }

    static func milliseconds(_ date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
    }
}
