import Foundation
import GRDB

/// The consumer's SQLite database (GRDB, WAL journal): subscription aggregates with their
/// history and due timers, mass extensions, processed commands (`command_id` → first reply),
/// the event outbox and the persisted test clock.
///
/// Every write goes through ``write(_:)``, one SQLite transaction that GRDB runs on its own
/// serial writer queue, so no SQLite call ever blocks the cooperative thread pool.
///
/// Durability: the writer runs with `PRAGMA synchronous = FULL`, so a committed transaction
/// survives a power loss or an OS crash before ``write(_:)`` returns (in WAL mode, GRDB's
/// default NORMAL may lose the last commits, which the consumer would already have acked).
/// Group commit pays for the extra fsync once per batch, not once per command.
public final class SubscriptionDatabase: Sendable {
    private let pool: DatabasePool
    private let path: String
    /// Checkpoints beside the writer instead of inside its commits.
    let checkpointer: WALCheckpointer

    /// Opens (and creates or migrates) the database at `path`.
    ///
    /// - Parameter busyTimeout: how long a writer waits for another process's lock before
    ///   failing with `SQLITE_BUSY` (a transient error the consumer retries).
    public convenience init(path: String, busyTimeout: Duration = .seconds(5)) throws(StoreError) {
        try self.init(path: path, busyTimeout: busyTimeout, checkpointer: WALCheckpointer(path: path))
    }

    /// Opens the database with `checkpointer`'s thresholds (tests).
    init(path: String, busyTimeout: Duration = .seconds(5), checkpointer: WALCheckpointer) throws(StoreError) {
        var configuration = Configuration()
        configuration.busyMode = .timeout(TimeInterval(busyTimeout.components.seconds))
        configuration.label = "subscriptions"
        configuration.prepareDatabase { database in
            // The writer keeps the hot pages of the aggregates and their indexes in memory
            // (32 MiB; SQLite's default is 2 MiB); readers keep the default.
            if !database.configuration.readonly {
                try database.execute(sql: "PRAGMA cache_size = -32768")
                // No checkpoint inside a commit: the checkpointer copies the log beside the
                // writer, and the writer only past its inline limit (WALCheckpointer).
                checkpointer.install(on: database)
            }
        }
        self.path = path
        self.checkpointer = checkpointer
        do {
            // Synced commits: a command is acked once its batch committed.
            pool = try DatabasePool.durable(path: path, configuration: configuration, migrator: StoreSchema.migrator)
        } catch {
            throw StoreError(.cannotOpen, "cannot open the database at \(path): \(error)")
        }
    }

    deinit {
        // The writer's WAL hook points at the checkpointer, unretained: the checkpointer goes
        // only after the writer's connection is closed.
        do {
            try pool.close()
            checkpointer.close()
        } catch {
            // A connection is still open (an access still running): keep the checkpointer
            // alive for its hook rather than leave the hook pointing at freed memory.
            _ = Unmanaged.passRetained(checkpointer)
        }
    }

    /// Runs `body` in one write transaction; commits when it returns, rolls back when it throws.
    public func write<Result: Sendable>(
        _ body: @escaping @Sendable (StoreTransaction) throws -> Result
    ) async throws -> Result {
        try await pool.write { database in
            try body(StoreTransaction(database: database))
        }
    }

    /// Reads in a snapshot (never blocked by the writer).
    public func read<Result: Sendable>(
        _ body: @escaping @Sendable (StoreTransaction) throws -> Result
    ) async throws -> Result {
        try await pool.read { database in
            try body(StoreTransaction(database: database))
        }
    }

    /// The writer connection's `PRAGMA synchronous` (2 = FULL), for tests of durability.
    public func writerSynchronousMode() async throws -> Int {
        try await pool.writerSynchronousMode()
    }

    /// Moves the WAL into the main file (`wal_checkpoint(TRUNCATE)`), then counts rows and
    /// pages: the database's size on disk without its WAL (the storage tool).
    public func checkpointedStatistics() async throws -> StorageStatistics {
        try await pool.writeWithoutTransaction { database in
            try database.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)")
            return try StoreTransaction(database: database).storageStatistics()
        }
    }

    /// Checks that the database answers (readiness probe).
    public func ping() async -> Bool {
        (try? await pool.read { try Int.fetchOne($0, sql: "SELECT 1") }) == 1
    }
}

extension SubscriptionDatabase: ConsumerStore {
    public func write<Result: Sendable>(
        _ body: @escaping @Sendable (any ConsumerStoreTransaction) throws -> Result
    ) async throws -> Result {
        try await pool.write { database in
            try body(StoreTransaction(database: database))
        }
    }

    public func read<Result: Sendable>(
        _ body: @escaping @Sendable (any ConsumerStoreTransaction) throws -> Result
    ) async throws -> Result {
        try await pool.read { database in
            try body(StoreTransaction(database: database))
        }
    }

    public func isOutage(_ error: any Error) -> Bool { Self.isOutage(error) }

    public var summary: String {
        "sqlite \(path) (memory statistics \(SQLiteProcessSettings.memoryStatisticsOff ? "off" : "on"))"
    }
}

