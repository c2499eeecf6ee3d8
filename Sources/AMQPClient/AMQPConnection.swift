import Foundation
import Logging

/// One connection to a RabbitMQ broker, served by a dedicated thread that owns the
/// rabbitmq-c connection; safe to use from any task. Nothing blocks Swift's cooperative pool.
///
/// - The first ``connect(retryUntil:)`` starts the thread, which from then on keeps the
///   connection open: it (re)connects with backoff until ``close()``, whatever the order in
///   which the broker and this process start. Each `connect` call only waits, alone, for the
///   connection to open.
/// - Publishing waits for the broker's confirm (many publishes in flight, up to
///   ``AMQPConfiguration/confirmWindow``); an unroutable mandatory message throws
///   ``AMQPError/Code/publishReturned``, a refused one ``AMQPError/Code/publishNacked``. A
///   publish ends at its deadline (``AMQPError/Code/timeout``) or when its task is cancelled
///   (``AMQPError/Code/cancelled``), whether or not the broker answers.
/// - After a lost connection the thread reconnects with backoff, declares the topology again,
///   resumes every consumer and publishes again what was not confirmed and is still awaited
///   (at least once).
/// - Given several broker URLs (``AMQPConfiguration/endpoints``, the nodes of a cluster), it
///   uses one at a time and moves to the next after a failed attempt or a lost connection;
///   the recovery above then happens on that node.
/// - ``close()`` cancels consumers, waits (up to 5 s) for outstanding confirms and closes.
public final class AMQPConnection: Sendable {
    private let worker: ConnectionWorker

    /// A connection that is not yet open; call ``connect(retryUntil:)``.
    public init(configuration: AMQPConfiguration, logger: Logger) {
        worker = ConnectionWorker(configuration: configuration, logger: logger)
    }

    /// Waits until the connection is open; returns at once when it is.
    ///
    /// The first call starts the connection thread, which keeps trying (with backoff) until
    /// the connection opens and reconnects whenever it is lost, until ``close()``; every call
    /// makes it try at once rather than after its backoff. Without a deadline the call fails
    /// with the error of that one attempt; with one it waits through failed attempts and
    /// throws ``AMQPError/Code/timeout`` (naming the last attempt's error) when the deadline
    /// passes. A cancelled call throws ``AMQPError/Code/cancelled``. Neither stops the
    /// thread: call again to wait again, or ``close()`` to give up.
    public func connect(retryUntil deadline: ContinuousClock.Instant? = nil) async throws(AMQPError) {
        let mailbox = worker.mailbox
        if mailbox.isConnected { return }
        worker.startIfNeeded()
        let operation = PendingOperation()
        mailbox.send(.connect(ConnectWaiter(operation: operation, failsOnAttemptError: deadline == nil)))
        let broker = worker.configuration.addresses
        let result = await operation.wait(
            deadline: deadline,
            timeout: { _ in
                // Reads the mailbox under the operation's lock: the mailbox never calls into an
                // operation while it holds its own lock.
                let last = mailbox.lastConnectionError.map { "last attempt: \($0)" } ?? "no attempt finished yet"
                return AMQPError(.timeout, "not connected to \(broker) by the deadline (\(last)); still trying in the background")
            },
            cancelled: { _ in
                AMQPError(.cancelled, "connect() to \(broker) was cancelled; still trying in the background")
            }
        )
        try result.get()
    }

    /// Declares exchanges, queues and bindings (idempotently) and declares them again after
    /// every reconnection.
    public func declare(_ topology: AMQPTopology) async throws(AMQPError) {
        try await request { .declare(topology, $0) }
    }

    /// The message and consumer counts of `queue` now (a passive `queue.declare`, which creates
    /// nothing): e.g. how many commands wait for a consumer. Throws ``AMQPError/Code/notFound``
    /// when the queue does not exist, ``AMQPError/Code/connectionClosed`` while not connected.
    public func inspect(queue: String) async throws(AMQPError) -> AMQPQueueState {
        let mailbox = worker.mailbox
        let result = await withCheckedContinuation { (continuation: CheckedContinuation<Result<AMQPQueueState, AMQPError>, Never>) in
            mailbox.send(.inspect(queue: queue) { continuation.resume(returning: $0) })
        }
        return try result.get()
    }

    /// Deletes `queue` with the messages it holds (`queue.delete`, whether or not it is empty or
    /// consumed) and returns how many messages went with it; a queue that does not exist gives 0.
    /// For retiring a queue a newer version no longer uses.
    public func deleteQueue(_ queue: String) async throws(AMQPError) -> Int {
        let mailbox = worker.mailbox
        let result = await withCheckedContinuation { (continuation: CheckedContinuation<Result<Int, AMQPError>, Never>) in
            mailbox.send(.deleteQueue(queue: queue) { continuation.resume(returning: $0) })
        }
        return try result.get()
    }

    /// Publishes a message and returns once the broker has confirmed it.
    ///
    /// Ends early, without a confirm, when `deadline` passes (``AMQPError/Code/timeout``) or
    /// the calling task is cancelled (``AMQPError/Code/cancelled``). What the broker has then
    /// depends on how far the publish got, and the error says which: a message that was not
    /// yet sent (no connection, confirm window full, broker blocking publishers) is dropped
    /// and never sent; one that was sent may still be routed and delivered, and is not sent
    /// again after a reconnection. To keep at-least-once delivery, publish it again (with the
    /// same message id, so consumers deduplicate).
    public func publish(
        _ message: AMQPMessage, exchange: String, routingKey: String, mandatory: Bool = true,
        deadline: ContinuousClock.Instant? = nil
    ) async throws(AMQPError) {
        let mailbox = worker.mailbox
        let operation = PendingOperation()
        mailbox.send(.publish(OutgoingPublish(
            message: message, exchange: exchange, routingKey: routingKey, mandatory: mandatory,
            completion: .operation(operation)
        )))
        let target = "the message to '\(exchange)' with key '\(routingKey)'"
        let result = await operation.wait(
            deadline: deadline,
            timeout: { sent in
                AMQPError(.timeout, sent
                    ? "the broker did not confirm \(target) by the deadline; it was sent and may still be delivered"
                    : "\(target) was not sent by the deadline (\(Self.notSentReason(mailbox))) and will not be")
            },
            cancelled: { sent in
                AMQPError(.cancelled, sent
                    ? "publishing \(target) was cancelled before the broker confirmed it; it was sent and may still be delivered"
                    : "publishing \(target) was cancelled before it was sent (\(Self.notSentReason(mailbox))); it will not be")
            }
        )
        try result.get()
    }

    /// Queues a publish for the connection thread and returns at once; `observer` learns how it
    /// ended (confirmed, refused, returned, failed with the connection) on the connection
    /// thread, and is asked, right before the message is written, whether it is still wanted
    /// (``AMQPPublishObserver/claimForSending()``): one that is not is dropped unsent.
    ///
    /// For a caller that waits for something else than the confirm, a reply say, and must only
    /// learn of a failure: its one wait ends with the reply, or with the failure the observer
    /// records, without a suspension of its own for the confirm.
    public func publish(
        _ message: AMQPMessage, exchange: String, routingKey: String, mandatory: Bool = true,
        observer: any AMQPPublishObserver
    ) {
        worker.mailbox.send(.publish(OutgoingPublish(
            message: message, exchange: exchange, routingKey: routingKey, mandatory: mandatory,
            completion: .observer(observer)
        )))
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
    /// one channel). Cheaper than one ``publish(_:exchange:routingKey:mandatory:deadline:)`` per
    /// message: one wake-up of the connection thread and one suspension for the batch. A
    /// caller can queue the next batch before the previous one is confirmed (pipelining).
    public func startPublishing(_ publishes: [AMQPPublish]) -> AMQPPublishBatch {
        let batch = AMQPPublishBatch(count: publishes.count)
        guard !publishes.isEmpty else { return batch }
        worker.mailbox.send(.publishBatch(publishes.enumerated().map { index, publish in
            OutgoingPublish(
                message: publish.message, exchange: publish.exchange, routingKey: publish.routingKey,
                mandatory: publish.mandatory, completion: .batch(batch, index: index)
            )
        }))
        return batch
    }

    /// Starts consuming `queue` with manual acknowledgements and at most `prefetch`
    /// unacknowledged deliveries (`basic.qos` on the consumer's own channel, so the limit is
    /// this consumer's alone); with `autoAck` the broker forgets a message as soon as it sent
    /// it (`no_ack`: no prefetch limit, and the deliveries must not be settled), for queues
    /// whose messages are worthless after a crash, like replies. `arguments` go with
    /// `basic.consume` (`x-stream-offset`, `x-priority`…); with an `x-stream-offset` the consumer
    /// resumes after the last message it was handed when the connection or its channel is
    /// restored (``consume(stream:from:prefetch:)``).
    public func consume(
        queue: String, prefetch: UInt16, exclusive: Bool = false, autoAck: Bool = false, arguments: AMQPTable = [:]
    ) async throws(AMQPError) -> AMQPConsumer {
        let mailbox = worker.mailbox
        let id = mailbox.makeConsumerID()
        let (stream, continuation) = AsyncStream<[AMQPDelivery]>.makeStream()
        continuation.onTermination = { termination in
            if case .cancelled = termination {
                mailbox.send(.cancelConsumer(id: id) { _ in })
            }
        }
        let registration = ConsumerRegistration(
            id: id, queue: queue, prefetch: prefetch, exclusive: exclusive, autoAck: autoAck, arguments: arguments,
            sink: .stream(continuation)
        )
        try await request { .consume(registration, $0) }
        return AMQPConsumer(batches: stream, id: id, mailbox: mailbox)
    }

    /// Starts reading the stream queue `stream` from `offset` (RabbitMQ streams over AMQP 0-9-1:
    /// docs/event-stream.md). The broker requires a prefetch and manual acknowledgements: ack the
    /// deliveries (``AMQPDelivery/ack(multiple:)``, `multiple` every few hundred is enough), which
    /// for a stream only lets the broker send more; nothing is removed, and nothing is redelivered.
    /// Each delivery carries its ``AMQPDelivery/streamOffset``. After a lost connection (a broker
    /// restart) the consumer resumes at the offset after the last delivery it was handed, so it
    /// neither misses nor repeats a message.
    public func consume(stream: String, from offset: AMQPStreamOffset, prefetch: UInt16) async throws(AMQPError) -> AMQPConsumer {
        try await consume(queue: stream, prefetch: max(prefetch, 1), arguments: [AMQPStreamOffset.argumentName: offset.argument])
    }

    /// Starts consuming `queue` like ``consume(queue:prefetch:exclusive:autoAck:arguments:)``, but hands
    /// each run of deliveries to `handler` on the connection thread itself instead of to an
    /// async sequence: no task wakes to take them. `handler` must be quick and must not block
    /// (it holds up the connection): route each delivery to whoever waits for it and return.
    /// With `autoAck` the deliveries must not be settled. The consumer lasts, across
    /// reconnections, until ``close()``.
    public func consume(
        queue: String, prefetch: UInt16, exclusive: Bool = false, autoAck: Bool = false,
        onConnectionThread handler: @escaping @Sendable ([AMQPDelivery]) -> Void
    ) async throws(AMQPError) {
        let mailbox = worker.mailbox
        let id = mailbox.makeConsumerID()
        let registration = ConsumerRegistration(
            id: id, queue: queue, prefetch: prefetch, exclusive: exclusive, autoAck: autoAck, sink: .handler(handler)
        )
        try await request { .consume(registration, $0) }
    }

    /// Drops the connection and connects again, as after a lost one: unconfirmed publishes are
    /// sent again on the new connection (at least once), deliveries handed out become stale
    /// (the broker redelivers them), consumers resubscribe. For a caller that sees the
    /// connection stop making progress, e.g. confirms that do not come; `reason` is logged.
    public func reconnect(because reason: String) {
        worker.mailbox.send(.reconnect(reason: reason))
    }

    /// Whether the connection is open right now (false while reconnecting).
    public var isConnected: Bool { worker.mailbox.isConnected }

    /// Cancels consumers, waits for outstanding confirms (up to 5 s), closes the connection and
    /// ends the thread. Idempotent; also stops a thread still trying to connect.
    public func close() async {
        if worker.closeIfNeverStarted() { return }
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

    /// Why a publish is still waiting to be sent.
    private static func notSentReason(_ mailbox: ConnectionMailbox) -> String {
        if let reason = mailbox.blockedReason { return "the broker blocks publishers: \(reason)" }
        if !mailbox.isConnected { return "not connected" }
        return "waiting for room in the confirm window"
    }
}
