import Foundation
import Logging

/// One connection to a RabbitMQ broker, served by a dedicated thread that owns the
/// rabbitmq-c connection; safe to use from any task. Nothing blocks Swift's cooperative pool.
///
/// - Publishing waits for the broker's confirm (many publishes in flight, up to
///   ``AMQPConfiguration/confirmWindow``); an unroutable mandatory message throws
///   ``AMQPError/Code/publishReturned``, a refused one ``AMQPError/Code/publishNacked``.
/// - After a lost connection the thread reconnects with backoff, declares the topology again,
///   resumes every consumer and publishes again what was not confirmed (at least once).
/// - ``close()`` cancels consumers, waits (up to 5 s) for outstanding confirms and closes.
public final class AMQPConnection: Sendable {
    private let worker: ConnectionWorker

    /// A connection that is not yet open; call ``connect(retryUntil:)``.
    public init(configuration: AMQPConfiguration, logger: Logger) {
        worker = ConnectionWorker(configuration: configuration, logger: logger)
    }

    /// Opens the connection. Without a deadline one attempt is made; with one, attempts
    /// continue with backoff until it passes.
    public func connect(retryUntil deadline: ContinuousClock.Instant? = nil) async throws(AMQPError) {
        let result = await withCheckedContinuation { (continuation: CheckedContinuation<Result<Void, AMQPError>, Never>) in
            worker.start(retryUntil: deadline) { continuation.resume(returning: $0) }
        }
        try result.get()
    }

    /// Declares exchanges, queues and bindings (idempotently) and declares them again after
    /// every reconnection.
    public func declare(_ topology: AMQPTopology) async throws(AMQPError) {
        try await request { .declare(topology, $0) }
    }

    /// Publishes a message and returns once the broker has confirmed it.
    public func publish(
        _ message: AMQPMessage, exchange: String, routingKey: String, mandatory: Bool = true
    ) async throws(AMQPError) {
        try await request { completion in
            .publish(OutgoingPublish(
                message: message, exchange: exchange, routingKey: routingKey, mandatory: mandatory, completion: completion
            ))
        }
    }

    /// Publishes `publishes` in order and returns once the broker has confirmed (or refused)
    /// every one of them: `results[i]` is the outcome of `publishes[i]`.
    public func publish(_ publishes: [AMQPPublish]) async -> [Result<Void, AMQPError>] {
        await startPublishing(publishes).results()
    }

    /// Queues `publishes` for the connection thread now, in order, and returns a handle to
    /// await their confirms later.
    ///
    /// The batch reaches the connection thread as one request and goes out on the publish
    /// channel in this order, after everything queued before this call and before everything
    /// queued after it; the broker receives the messages in this order (AMQP keeps the order of
    /// one channel). Cheaper than one ``publish(_:exchange:routingKey:mandatory:)`` per
    /// message: one wake-up of the connection thread and one suspension for the batch. A
    /// caller can queue the next batch before the previous one is confirmed (pipelining).
    public func startPublishing(_ publishes: [AMQPPublish]) -> AMQPPublishBatch {
        let batch = AMQPPublishBatch(count: publishes.count)
        guard !publishes.isEmpty else { return batch }
        worker.mailbox.send(.publishBatch(publishes.enumerated().map { index, publish in
            OutgoingPublish(
                message: publish.message, exchange: publish.exchange, routingKey: publish.routingKey,
                mandatory: publish.mandatory, completion: { batch.settle(index, $0) }
            )
        }))
        return batch
    }

    /// Starts consuming `queue` with manual acknowledgements and at most `prefetch`
    /// unacknowledged deliveries; with `autoAck` the broker forgets a message as soon as it sent
    /// it (`no_ack`: no prefetch limit, and the deliveries must not be settled), for queues
    /// whose messages are worthless after a crash, like replies.
    public func consume(
        queue: String, prefetch: UInt16, exclusive: Bool = false, autoAck: Bool = false
    ) async throws(AMQPError) -> AMQPConsumer {
        let mailbox = worker.mailbox
        let id = mailbox.makeConsumerID()
        let (stream, continuation) = AsyncStream<AMQPDelivery>.makeStream()
        continuation.onTermination = { termination in
            if case .cancelled = termination {
                mailbox.send(.cancelConsumer(id: id) { _ in })
            }
        }
        let registration = ConsumerRegistration(
            id: id, queue: queue, prefetch: prefetch, exclusive: exclusive, autoAck: autoAck, continuation: continuation
        )
        try await request { .consume(registration, $0) }
        return AMQPConsumer(stream: stream, id: id, mailbox: mailbox)
    }

    /// Whether the connection is open right now (false while reconnecting).
    public var isConnected: Bool { worker.mailbox.isConnected }

    /// Cancels consumers, waits for outstanding confirms (up to 5 s), closes the connection and
    /// ends the thread. Idempotent.
    public func close() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            worker.mailbox.send(.close { _ in continuation.resume() })
        }
    }

    private func request(_ make: (@escaping Completion<Void>) -> ConnectionRequest) async throws(AMQPError) {
        let mailbox = worker.mailbox
        let result = await withCheckedContinuation { (continuation: CheckedContinuation<Result<Void, AMQPError>, Never>) in
            mailbox.send(make { continuation.resume(returning: $0) })
        }
        try result.get()
    }
}
