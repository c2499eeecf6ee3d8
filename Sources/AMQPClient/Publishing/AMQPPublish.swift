import Synchronization

/// One message to publish with ``AMQPConnection/publish(_:)``: what, where, and whether the
/// broker must route it to a queue.
public struct AMQPPublish: Sendable {
    /// Body and properties.
    public var message: AMQPMessage
    /// The exchange ("" for the default exchange).
    public var exchange: String
    /// The routing key.
    public var routingKey: String
    /// With `mandatory`, an unroutable message fails with ``AMQPError/Code/publishReturned``.
    public var mandatory: Bool

    /// A publish of `message` to `exchange` with `routingKey`.
    public init(_ message: AMQPMessage, exchange: String, routingKey: String, mandatory: Bool = true) {
        self.message = message
        self.exchange = exchange
        self.routingKey = routingKey
        self.mandatory = mandatory
    }
}

/// Publishes handed to the connection thread together, whose confirms are awaited later:
/// ``AMQPConnection/startPublishing(_:)`` queues them at once (keeping their order relative to
/// any later publish), ``results()`` waits for the broker's answers.
public final class AMQPPublishBatch: Sendable {
    private struct State {
        var results: [Result<Void, AMQPError>]
        var remaining: Int
        var waiter: CheckedContinuation<[Result<Void, AMQPError>], Never>?
    }

    private let state: Mutex<State>

    init(count: Int) {
        state = Mutex(State(results: Array(repeating: .success(()), count: count), remaining: count))
    }

    /// The outcome of every publish, in the order they were given, once all are in.
    public func results() async -> [Result<Void, AMQPError>] {
        await withCheckedContinuation { continuation in
            let ready: [Result<Void, AMQPError>]? = state.withLock { state in
                guard state.remaining > 0 else { return state.results }
                state.waiter = continuation
                return nil
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }

    /// Records the outcome of publish `index` (connection thread); the last one wakes the waiter.
    func settle(_ index: Int, _ result: Result<Void, AMQPError>) {
        let resume: (CheckedContinuation<[Result<Void, AMQPError>], Never>, [Result<Void, AMQPError>])? = state.withLock { state in
            state.results[index] = result
            state.remaining -= 1
            guard state.remaining == 0, let waiter = state.waiter else { return nil }
            state.waiter = nil
            return (waiter, state.results)
        }
        if let (waiter, results) = resume { waiter.resume(returning: results) }
    }
}
