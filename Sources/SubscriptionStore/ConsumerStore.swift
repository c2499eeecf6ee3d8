import Foundation

/// The consumer's store, whatever the database: ``SubscriptionDatabase`` (SQLite, one machine,
/// the default) or `PostgresStore` (module `SubscriptionStorePostgres`, several replicas on one
/// PostgreSQL database; docs/scale-out.md). The consumer only ever talks to this protocol, and
/// the store tests run against both implementations.
///
/// Every write is one database transaction: it commits when `body` returns and rolls back
/// when it throws, so effects, the processed-command record and the outbox entries of a batch
/// are committed together or not at all. `body` runs on a thread of the store's own (never the
/// cooperative pool) and may block there.
public protocol ConsumerStore: Sendable {
    /// Runs `body` in one write transaction; commits when it returns, rolls back when it throws.
    func write<Result: Sendable>(
        _ body: @escaping @Sendable (any ConsumerStoreTransaction) throws -> Result
    ) async throws -> Result

    /// Runs `body` in a read-only transaction (a consistent snapshot).
    func read<Result: Sendable>(
        _ body: @escaping @Sendable (any ConsumerStoreTransaction) throws -> Result
    ) async throws -> Result

    /// Whether the database answers (readiness probe).
    func ping() async -> Bool

    /// Whether `error` says the database cannot be written now (disk full, connection lost,
    /// locked) rather than that the transaction is wrong: the same transaction can succeed once
    /// the outage is over, so the consumer commits it again instead of handing its commands back.
    func isOutage(_ error: any Error) -> Bool

    /// What the store is, for logs: `sqlite <path>` or `postgresql <host:port/database>`.
    var summary: String { get }

    /// Whether a batch's transaction should first name what it will read
    /// (``ConsumerStoreTransaction/preload(_:)``): true where reads are round trips
    /// (PostgreSQL); false by default, where naming them would cost more than reading them.
    var preloadsReads: Bool { get }
}

extension ConsumerStore {
    public var preloadsReads: Bool { false }
}

/// One transaction of a ``ConsumerStore``: the engine's aggregates (``AggregateTransaction``),
/// processed commands, the event outbox, settings and retention. Valid only inside the closure
/// that received it.
public protocol ConsumerStoreTransaction: AggregateTransaction {
    /// The reply stored when `commandId` was first processed, or nil if it never was.
    func processedReply(commandId: String) throws -> Data?
    /// The reply stored when `commandId` was first processed and the digest of that command's
    /// body (nil for commands processed before it was recorded), or nil if it never was.
    func processedCommand(commandId: String) throws -> (reply: Data, digest: Data?)?
    /// Records that `commandId` was processed, what was answered and the digest of its body;
    /// recording the same id twice fails.
    func recordProcessed(commandId: String, method: String, reply: Data, at date: Date, digest: Data?) throws
    /// The number of processed commands.
    func processedCommandCount() throws -> Int
    /// Every processed command id (audits).
    func processedCommandIds() throws -> [String]
    /// Deletes at most `limit` processed-command records processed before `horizon`, oldest
    /// first; returns how many it deleted.
    func pruneProcessedCommands(before horizon: Date, limit: Int) throws -> Int

    /// Appends events to the outbox, in order; returns them with the ids the store assigned
    /// (ascending: the order they must be published in).
    @discardableResult
    func enqueue(_ entries: consuming [OutboxEntry]) throws -> [OutboxEntry]
    /// The oldest unpublished entries after `id` (exclusive), at most `limit`, oldest first.
    func pendingOutbox(after id: Int64, limit: Int) throws -> [OutboxEntry]
    /// Removes entries the broker confirmed.
    func removeFromOutbox(ids: [Int64]) throws
    /// The number of entries waiting to be published.
    func outboxCount() throws -> Int

    /// A stored setting (e.g. the test clock's time), or nil.
    func setting(_ name: String) throws -> String?
    /// Stores a setting.
    func setSetting(_ name: String, to value: String) throws

    /// Runs `body` in a savepoint that is always rolled back: whatever it wrote is undone and the
    /// rest of the transaction stays as it was (a preview, docs/previews.md). A thrown error
    /// rolls back too and is rethrown.
    func rollingBack<Value>(_ body: () throws -> Value) throws -> Value

    /// Loads what a batch of commands is about to read (``StoreReadKeys``), taking in a write
    /// transaction the locks those reads would take, so that the batch's reads are answered
    /// without a round trip each. Nothing changes in what any read answers. The default does
    /// nothing: SQLite's reads are calls into the process, not round trips.
    func preload(_ keys: StoreReadKeys) throws
}

extension ConsumerStoreTransaction {
    public func preload(_ keys: StoreReadKeys) throws {}

    /// The earliest due time of any subscription or mass extension on the consumer's clock (the
    /// scheduler sleeps until it; test clocks never fire by themselves).
    public func earliestDueDate() throws -> Date? {
        [try earliestSubscriptionDue(), try earliestMassExtensionDue()].compactMap { $0 }.min()
            .map { Date(timeIntervalSince1970: TimeInterval($0) / 1000) }
    }

    /// `recordProcessed` without a digest.
    public func recordProcessed(commandId: String, method: String, reply: Data, at date: Date) throws {
        try recordProcessed(commandId: commandId, method: method, reply: reply, at: date, digest: nil)
    }

    /// The oldest unpublished entries, at most `limit`.
    public func pendingOutbox(limit: Int) throws -> [OutboxEntry] {
        try pendingOutbox(after: 0, limit: limit)
    }
}
