import Foundation
import Logging
import PostgresNIO
import SubscriptionStore

/// One PostgreSQL transaction of ``PostgresStore``: the same calls as the SQLite store's
/// ``StoreTransaction`` (``ConsumerStoreTransaction``), served so that a batch of commands costs a
/// handful of round trips, not a few per command (docs/scale-out.md, "A batch in a handful of
/// statements"): what the batch will read is loaded up front by ``preload(_:)``, one statement
/// per kind; every read is answered from what the transaction already read or wrote
/// (``PostgresReadCache``) before it goes to the server; and writes are kept
/// (``PostgresPendingWrites``) until the server is next needed, then sent as one statement.
/// Valid only inside the closure that received it.
///
/// A test clock's id is `clock_id`; the consumer's clock is stored as `''` (not NULL, so that
/// `clock_id = $1` uses the `(clock_id, …)` indexes; test clock ids are never empty).
///
/// **Locks (several replicas, docs/scale-out.md).** In a write transaction (`locking`), what a
/// command reads before it changes it is locked until the commit, so transactions of different
/// replicas that touch the same thing run one after the other and the later one reads what the
/// earlier committed (`READ COMMITTED`: a statement that waited for a lock sees the newest
/// version): a subscription, a mass extension and a setting (the manual clock) are read
/// `FOR UPDATE`, a test clock `FOR SHARE` by the commands on it and `FOR UPDATE` by an advance;
/// a customer's subscriptions are looked up under a transaction-scoped advisory lock on the
/// customer (and clock). The preload takes each kind of lock for the whole batch in one
/// statement, in a fixed order (clocks, then customers, then subscriptions by id), so two
/// batches never wait for each other crosswise. Read-only transactions take no locks.
public final class PostgresTransaction {
    let connection: PostgresConnection
    let logger: Logger
    /// Whether reads lock what they return (write transactions).
    let locking: Bool
    /// What this transaction read and wrote, answered without a round trip.
    var cache = PostgresReadCache()
    /// Writes not sent yet.
    var pending = PostgresPendingWrites()
    /// Statements sent to the server so far (tests; the benchmark counts them on the server).
    public private(set) var statementCount = 0
    /// Statements sent without waiting for their answers (``sendAhead(_:)``), in order: the
    /// next statement waits for them first.
    private var unanswered: [EventLoopFuture<PostgresQueryResult>] = []

    /// Whether the previous transaction on this store saw no test clock: the preload then sends
    /// its statements together (``preload(_:)``).
    let expectsNoTestClocks: Bool

    init(connection: PostgresConnection, logger: Logger, locking: Bool, expectsNoTestClocks: Bool = false) {
        self.connection = connection
        self.logger = logger
        self.locking = locking
        self.expectsNoTestClocks = expectsNoTestClocks
    }

    /// `FOR UPDATE` in a write transaction, nothing in a read-only one.
    var forUpdate: String { locking ? " FOR UPDATE" : "" }

    /// The advisory lock key of a customer on a clock column (`''`: the consumer's clock).
    static func customerLockKey(clock: String, customerId: String) -> String {
        "customer:\(clock):\(customerId)"
    }

    /// In a write transaction, waits for and takes the advisory lock of a customer on a clock
    /// (released at commit or rollback).
    func lockCustomer(_ customerId: String, clock: String) throws {
        guard locking else { return }
        try execute("SELECT pg_advisory_xact_lock(hashtextextended(\(Self.customerLockKey(clock: clock, customerId: customerId)), 0))")
    }

    /// Sends the pending writes, then runs `query` and returns its rows (blocking the store's
    /// queue, never the cooperative pool). Pending outbox deletions alone wait for a statement
    /// that names the outbox (or the next write, or the commit): no other statement can see
    /// them, so a batch whose only pending writes are the previous batches' confirmed events
    /// does not pay a round trip for them before its preload.
    @discardableResult
    public func execute(_ query: PostgresQuery) throws -> PostgresQueryResult {
        try flush(before: query)
        return try send(query)
    }

    /// ``execute(_:)`` without waiting for the answer (after the pending writes, if they must go
    /// first): the next ``send(_:)`` waits for it; the future is its answer.
    func executeAhead(_ query: PostgresQuery) throws -> EventLoopFuture<PostgresQueryResult> {
        try flush(before: query)
        return sendAhead(query)
    }

    /// Sends the pending writes that `query` could see: all of them, unless outbox deletions are
    /// all that is pending and `query` does not name the outbox.
    private func flush(before query: PostgresQuery) throws {
        if !pending.hasOnlyOutboxRemovals || query.sql.contains("outbox") { try flush() }
    }

    /// Sends the pending writes (before a read the cache cannot answer, and before the commit).
    func flush() throws {
        guard let statement = pending.statement() else { return }
        try send(statement)
        pending = PostgresPendingWrites()
    }

    /// Sends the pending writes and `COMMIT` one after the other without waiting in between: the
    /// connection runs the commit as soon as the writes are answered, and this thread waits once.
    /// A write that fails is the error thrown (the server then ends the transaction with the
    /// commit's rollback).
    func commit() throws {
        if let statement = pending.statement() {
            sendAhead(statement)
            pending = PostgresPendingWrites()
        }
        try send("COMMIT")
    }

    /// Queues `query` on the connection without waiting for its answer (`BEGIN`, and the writes
    /// before `COMMIT`): postgres-nio runs a connection's statements in order, so the next one
    /// starts on the event loop the moment this one is answered instead of after a wake-up of
    /// the store's queue. The next ``send(_:)`` waits for this answer before its own, and throws
    /// its error.
    @discardableResult
    func sendAhead(_ query: PostgresQuery) -> EventLoopFuture<PostgresQueryResult> {
        statementCount += 1
        let answer = connection.query(query, logger: logger)
        unanswered.append(answer)
        return answer
    }

    /// Runs `query` as it is (after a statement sent ahead, whose failure it throws).
    @discardableResult
    func send(_ query: PostgresQuery) throws -> PostgresQueryResult {
        statementCount += 1
        let answer = connection.query(query, logger: logger)
        let earlier = unanswered
        unanswered = []
        for statement in earlier { _ = try BoundedWait.value(of: statement, closing: connection) }
        return try BoundedWait.value(of: answer, closing: connection)
    }

    /// Waits for the statements sent ahead that no later statement waited for (before a rollback).
    func settle() {
        let earlier = unanswered
        unanswered = []
        for statement in earlier { _ = try? BoundedWait.value(of: statement, closing: connection) }
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
