import Dispatch
import PostgresNIO
import SubscriptionStore
import Synchronization

/// Blocking on a postgres-nio future with a deadline, for the store's own queues.
///
/// A query written to a connection whose server just ended it can be dropped without its
/// future ever completing (seen here after `pg_terminate_backend`: the store's queue blocked for
/// good). So no wait is unbounded: after `timeout` the connection is closed (which fails
/// whatever it still had in flight) and the wait ends with an error the store counts as an outage
/// (``PostgresErrors/isOutage(_:)``); the next transaction opens a new connection. A transaction
/// that waits longer than `timeout` for a lock held by another replica is ended the same way and
/// run again.
enum BoundedWait {
    /// How long one query, connect or close may take.
    static let timeout: DispatchTimeInterval = .seconds(30)

    /// The future's value, or ``PostgresWaitTimeout`` after `timeout` (then `connection`, if
    /// given, is closed).
    static func value<Value: Sendable>(
        of future: EventLoopFuture<Value>, closing connection: PostgresConnection?, timeout: DispatchTimeInterval = timeout
    ) throws -> Value {
        let done = DispatchSemaphore(value: 0)
        let box = ResultBox<Value>()
        future.whenComplete { result in
            box.set(result)
            done.signal()
        }
        if done.wait(timeout: .now() + timeout) == .timedOut {
            if let connection {
                let closing: EventLoopFuture<Void> = connection.close()
                _ = closing
            }
            throw PostgresWaitTimeout()
        }
        guard let result = box.get() else { throw PostgresWaitTimeout() }
        return try result.get()
    }
}

/// A query, connect or close of the PostgreSQL store did not complete in time (an outage).
public struct PostgresWaitTimeout: Error, CustomStringConvertible {
    public var description: String { "PostgreSQL did not answer within the store's wait limit; the connection was closed" }
}

/// The result handed from the event loop to the waiting queue.
private final class ResultBox<Value: Sendable>: Sendable {
    private let result = Mutex<Result<Value, any Error>?>(nil)

    func set(_ value: Result<Value, any Error>) { result.withLock { $0 = value } }
    func get() -> Result<Value, any Error>? { result.withLock { $0 } }
}
