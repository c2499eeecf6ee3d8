import Dispatch
import Logging
import PostgresNIO

/// One PostgreSQL connection, used only from one serial dispatch queue of its own.
///
/// The engine's ``AggregateTransaction`` is synchronous, so a transaction's queries block the
/// thread that runs it until postgres-nio's future completes. That thread is this queue's (a
/// Dispatch worker, never the cooperative pool), the way GRDB runs SQLite: async callers await
/// ``run(_:)`` and are resumed when the work is done (docs/scale-out.md, "Why blocking on a
/// queue"). The connection is opened on first use and opened again after it was lost.
final class PostgresSession: @unchecked Sendable {
    // @unchecked: `connection` and `connectionCount` are only read and written on `queue`.
    private let queue: DispatchQueue
    private let configuration: PostgresConnection.Configuration
    private let logger: Logger
    private var connection: PostgresConnection?
    private var connectionCount = 0

    init(label: String, configuration: PostgresConnection.Configuration, logger: Logger) {
        self.queue = DispatchQueue(label: label)
        self.configuration = configuration
        self.logger = logger
    }

    deinit {
        // postgres-nio requires a connection to be closed before it is released: the close
        // completes on its event loop, which keeps the connection alive until then.
        if let connection {
            connection.close().whenComplete { _ in withExtendedLifetime(connection) {} }
        }
    }

    /// Runs `work` on the connection's queue with a live connection and returns its result.
    func run<Result: Sendable>(_ work: @escaping @Sendable (PostgresConnection) throws -> Result) async throws -> Result {
        try await withCheckedThrowingContinuation { continuation in
            queue.async {
                continuation.resume(with: Swift.Result { try work(self.connected()) })
            }
        }
    }

    /// Runs `work` on the connection's queue and waits for it: for a caller that must answer
    /// synchronously and runs on a thread that may block (another store's queue, never the
    /// cooperative pool, never this `PostgresSession`'s own queue).
    func runBlocking<Result: Sendable>(_ work: (PostgresConnection) throws -> Result) throws -> Result {
        dispatchPrecondition(condition: .notOnQueue(queue))
        return try queue.sync { try work(self.connected()) }
    }

    /// Closes the connection after the work queued before (a later ``run(_:)`` opens a new one).
    func close() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            queue.async {
                if let connection = self.connection {
                    _ = try? BoundedWait.value(of: connection.close(), closing: nil, timeout: .seconds(5))
                }
                self.connection = nil
                continuation.resume()
            }
        }
    }

    /// Drops the connection (on the queue): after an error that may have left it unusable.
    func discardConnection() {
        dispatchPrecondition(condition: .onQueue(queue))
        if let connection {
            _ = try? BoundedWait.value(of: connection.close(), closing: nil, timeout: .seconds(5))
        }
        connection = nil
    }

    /// The open connection, connecting when there is none (on the queue).
    private func connected() throws -> PostgresConnection {
        dispatchPrecondition(condition: .onQueue(queue))
        if let connection, !connection.isClosed { return connection }
        connectionCount += 1
        let opened = try BoundedWait.value(
            of: PostgresConnection.connect(
                on: PostgresConnection.defaultEventLoopGroup.any(), configuration: configuration, id: connectionCount, logger: logger),
            closing: nil)
        connection = opened
        return opened
    }
}
