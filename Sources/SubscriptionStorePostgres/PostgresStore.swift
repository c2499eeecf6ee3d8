import Foundation
import Logging
import PostgresNIO
import SubscriptionStore
import Synchronization

/// The consumer's store on PostgreSQL (`DATABASE_URL=postgres://…`): the same tables and
/// guarantees as ``SubscriptionDatabase`` (SQLite), so several consumer replicas can share one
/// database (docs/scale-out.md).
///
/// Two connections, each on a serial queue of its own (``PostgresSession``): one for write
/// transactions, one for read-only ones, so a read (the relay's outbox scan, the scheduler's
/// next due time) is never queued behind a long write. A write transaction that PostgreSQL
/// aborts for a deadlock or a serialization failure, or that lost a race to insert the same key,
/// is run again in place (up to ``maximumAttempts`` times).
public final class PostgresStore: ConsumerStore {
    /// How often a transaction aborted for a transient reason is attempted.
    public static let maximumAttempts = 5

    private let writer: PostgresSession
    private let reader: PostgresSession
    private let configuration: PostgresStoreConfiguration
    private let connection: PostgresConnection.Configuration
    private let logger: Logger
    /// Whether the last write transaction found a test clock (its preload then locks the clocks
    /// between its statements instead of sending them together).
    private let testClocksSeen = Atomic<Bool>(true)

    private init(configuration: PostgresStoreConfiguration, logger: Logger) throws(StoreError) {
        self.configuration = configuration
        var driverLogger = logger
        driverLogger.logLevel = max(logger.logLevel, .notice)
        self.logger = driverLogger
        let connection: PostgresConnection.Configuration
        do {
            connection = try configuration.connectionConfiguration()
        } catch {
            throw StoreError(.cannotOpen, "cannot set up TLS for \(configuration.summary): \(error)")
        }
        self.connection = connection
        writer = PostgresSession(label: "subscriptions.postgres.writer", configuration: connection, logger: driverLogger)
        reader = PostgresSession(label: "subscriptions.postgres.reader", configuration: connection, logger: driverLogger)
    }

    /// Connects to the database of `url` and brings its schema up to date (``PostgresSchema``),
    /// trying again every second until `deadline` while the server cannot be reached.
    public static func open(
        url: String, logger: Logger, retryUntil deadline: ContinuousClock.Instant = .now
    ) async throws(StoreError) -> PostgresStore {
        let store = try PostgresStore(configuration: try PostgresStoreConfiguration(url: url), logger: logger)
        while true {
            do {
                _ = try await store.writer.run { [logger = store.logger] connection in
                    try PostgresSchema.migrate(connection, logger: logger)
                }
                return store
            } catch {
                // A certificate refused is a setting to fix, not an outage to wait out.
                let tlsFailure = store.configuration.tls.explain(error)
                if ContinuousClock.now < deadline, store.isOutage(error), tlsFailure == nil {
                    logger.info("PostgreSQL not reachable yet; retrying", metadata: ["database": "\(store.summary)", "error": "\(error)"])
                    try? await Task.sleep(for: .seconds(1))
                    continue
                }
                throw StoreError(
                    .cannotOpen, "cannot open the PostgreSQL database \(store.summary): \(tlsFailure ?? String(reflecting: error))")
            }
        }
    }

    /// Closes both connections.
    public func close() async {
        await writer.close()
        await reader.close()
    }

    public var summary: String { "postgresql \(configuration.summary)" }

    /// A batch's reads are loaded up front (``PostgresTransaction/preload(_:)``).
    public var preloadsReads: Bool { true }

    public func write<Result: Sendable>(
        _ body: @escaping @Sendable (any ConsumerStoreTransaction) throws -> Result
    ) async throws -> Result {
        try await transaction(on: writer, locking: true, body)
    }

    public func read<Result: Sendable>(
        _ body: @escaping @Sendable (any ConsumerStoreTransaction) throws -> Result
    ) async throws -> Result {
        try await transaction(on: reader, locking: false, body)
    }

    /// The concrete transaction type, for tests and tools that need PostgreSQL-only calls.
    public func writePostgres<Result: Sendable>(
        _ body: @escaping @Sendable (PostgresTransaction) throws -> Result
    ) async throws -> Result {
        try await transaction(on: writer, locking: true, body)
    }

    public func ping() async -> Bool {
        let answer = try? await reader.run { [logger] connection in
            try BoundedWait.value(of: connection.query("SELECT 1", logger: logger), closing: connection).first?.decode(Int.self)
        }
        return answer == 1
    }

    public func isOutage(_ error: any Error) -> Bool { PostgresErrors.isOutage(error) }

    private func transaction<Result: Sendable>(
        on session: PostgresSession, locking: Bool,
        _ body: @escaping @Sendable (PostgresTransaction) throws -> Result
    ) async throws -> Result {
        // Writes in READ COMMITTED with row locks (PostgresTransaction); reads in one snapshot.
        let begin: PostgresQuery = locking ? "BEGIN ISOLATION LEVEL READ COMMITTED" : "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY"
        return try await session.run { [self, logger] connection in
            var attempt = 1
            while true {
                let transaction = PostgresTransaction(
                    connection: connection, logger: logger, locking: locking,
                    expectsNoTestClocks: !testClocksSeen.load(ordering: .relaxed))
                do {
                    // BEGIN is answered on the event loop while the body prepares its first
                    // statement; the writes and COMMIT go together (two waits per batch fewer).
                    transaction.sendAhead(begin)
                    let result = try body(transaction)
                    try transaction.commit()
                    if let seen = transaction.cache.hasTestClocks { testClocksSeen.store(seen, ordering: .relaxed) }
                    return result
                } catch {
                    transaction.settle()
                    let preloadOrderChanged = error is PostgresPreloadOrderChanged
                    if preloadOrderChanged { testClocksSeen.store(true, ordering: .relaxed) }
                    // A closed connection is not asked to roll back (the server did, when it ended it).
                    if connection.isClosed || (try? transaction.send("ROLLBACK")) == nil {
                        session.discardConnection()
                        throw error
                    }
                    if preloadOrderChanged { continue }
                    guard attempt < Self.maximumAttempts, PostgresErrors.isTransient(error) else { throw error }
                    attempt += 1
                    // A short random pause so that two replicas that collided do not collide again.
                    usleep(UInt32.random(in: 1_000...20_000) * UInt32(attempt))
                }
            }
        }
    }
}

extension PostgresStore {
    /// The event archive in this database (its tables are migrated with the store's), on
    /// connections of its own.
    public func eventArchive() -> PostgresEventArchive {
        PostgresEventArchive(configuration: connection, logger: logger)
    }

    /// The notifier's store in this database, on connections of its own; a due delivery one
    /// replica takes is claimed for `claim` (longer than a send may take).
    public func notificationStore(claim: Duration) -> PostgresNotificationStore {
        let milliseconds = claim.components.seconds * 1000 + claim.components.attoseconds / 1_000_000_000_000_000
        return PostgresNotificationStore(configuration: connection, claimMilliseconds: milliseconds, logger: logger)
    }

    /// The migrations applied to the database, in order.
    public func appliedMigrations() async throws -> [String] {
        try await writer.run { [logger] connection in try PostgresSchema.appliedMigrations(connection, logger: logger) }
    }

    /// Creates the database `name` (a plain lower-case identifier) on the server of `url`,
    /// connecting with `url`'s user; returns `url` naming the new database. For tests and
    /// tools that want a database of their own (each store test gets a fresh one).
    public static func createDatabase(named name: String, onServerOf url: String, logger: Logger) async throws -> String {
        guard name.first.map({ $0.isLetter || $0 == "_" }) == true,
            name.allSatisfy({ ($0.isASCII && ($0.isLowercase || $0.isNumber)) || $0 == "_" })
        else {
            throw StoreError(.invalidLocation, "'\(name)' is not a plain database name ([a-z_][a-z0-9_]*)")
        }
        let server = try PostgresStoreConfiguration(url: url)
        let connection = try await PostgresConnection.connect(
            configuration: try server.connectionConfiguration(), id: 0, logger: logger)
        do {
            try await connection.query(PostgresQuery(unsafeSQL: "CREATE DATABASE \(name)"), logger: logger)
        } catch {
            try? await connection.close()
            throw error
        }
        try await connection.close()
        guard var components = URLComponents(string: url) else { return url }
        components.path = "/" + name
        return components.string ?? url
    }
}
