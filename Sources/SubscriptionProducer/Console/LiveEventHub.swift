import AMQPClient
import Foundation
import Logging
import ServiceLifecycle
import SubscriptionMessages
import SubscriptionTopology
import Synchronization

/// The events exchange as server-sent events for the console (`GET /v1/events/stream`).
///
/// While at least one stream is open, the hub consumes an exclusive, auto-delete queue of this
/// producer bound to every event (`#`) with an auto-ack consumer, decodes each event once and
/// hands the same frame to every stream; when the last stream closes it cancels the consumer,
/// which deletes the queue, so an idle console costs the bus nothing. The queue holds at most
/// ``queueLimit`` events for at most ``queueTTL`` (after a reconnection it exists again before
/// any stream wants it), and each stream buffers at most ``streamBuffer`` frames: a client too
/// slow for the bus loses the oldest, which it sees as a gap in the frames' ids.
final class LiveEventHub: Service {
    /// Frames a stream may have waiting; beyond, the oldest are dropped.
    static let streamBuffer = 2000
    /// Events the hub's queue may hold (`x-max-length`, oldest dropped).
    static let queueLimit = 10_000
    /// How long an event may wait in the hub's queue (`x-message-ttl`).
    static let queueTTL: Duration = .seconds(10)

    /// One open stream.
    struct Subscription: Sendable {
        var id: Int
        var frames: AsyncStream<String>
    }

    private struct State {
        var streams: [Int: AsyncStream<String>.Continuation] = [:]
        var nextStream = 1
        var nextFrame: UInt64 = 1
        var consuming = false
    }

    private let dispatcher: CommandDispatcher
    private let queue: String
    private let exchange: String
    private let logger: Logger
    private let state = Mutex(State())
    private let demand = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    /// How often every stream gets a comment line, so proxies and the client see it alive.
    let heartbeatInterval: Duration = .seconds(15)

    init(dispatcher: CommandDispatcher, logger: Logger) {
        self.dispatcher = dispatcher
        self.queue = "\(dispatcher.topology.names.prefix).console.\(UUID().uuidString.lowercased())"
        self.exchange = dispatcher.topology.names.eventsExchange
        self.logger = logger
    }

    /// The hub's queue, bound to every event.
    var topology: AMQPTopology {
        AMQPTopology(
            exchanges: [AMQPExchange(name: exchange, kind: .topic)],
            queues: [
                AMQPQueue(
                    name: queue, durable: false, exclusive: true, autoDelete: true,
                    arguments: ["x-max-length": .int64(Int64(Self.queueLimit)), "x-message-ttl": .int64(Self.queueTTL.milliseconds)])
            ],
            bindings: [AMQPBinding(queue: queue, exchange: exchange, routingKey: "#")])
    }

    /// Opens a stream. Its first frame is `event: ready` once the hub consumes the bus (at once
    /// when it already does): every event published after it arrives on the stream.
    func subscribe() -> Subscription {
        let (frames, continuation) = AsyncStream.makeStream(of: String.self, bufferingPolicy: .bufferingNewest(Self.streamBuffer))
        let id = state.withLock { state in
            let id = state.nextStream
            state.nextStream += 1
            state.streams[id] = continuation
            if state.consuming { continuation.yield(Self.readyFrame) }
            return id
        }
        demand.continuation.yield()
        return Subscription(id: id, frames: frames)
    }

    /// Closes a stream; the last one stops the hub's consumer.
    func unsubscribe(_ id: Int) {
        let continuation = state.withLock { $0.streams.removeValue(forKey: id) }
        continuation?.finish()
        demand.continuation.yield()
    }

    /// How many streams are open.
    var streamCount: Int { state.withLock { $0.streams.count } }

    func run() async throws {
        await withDiscardingTaskGroup { group in
            group.addTask {
                await cancelWhenGracefulShutdown {
                    while !Task.isCancelled {
                        try? await Task.sleep(for: self.heartbeatInterval)
                        self.broadcast(": keep-alive\n\n")
                    }
                }
            }
            var consumer: AMQPConsumer?
            for await _ in demand.stream.cancelOnGracefulShutdown() {
                let wanted = streamCount > 0
                if wanted, consumer == nil {
                    do {
                        let started = try await startConsuming()
                        consumer = started
                        group.addTask {
                            for await delivery in started { self.deliver(delivery) }
                        }
                    } catch {
                        logger.warning("live events: cannot consume the events exchange yet; retrying", metadata: ["error": "\(error)"])
                        group.addTask {
                            try? await Task.sleep(for: .seconds(1))
                            self.demand.continuation.yield()
                        }
                    }
                } else if !wanted, let current = consumer {
                    state.withLock { $0.consuming = false }
                    await current.cancel()
                    consumer = nil
                    logger.debug("live events: last stream closed; stopped consuming")
                }
            }
            if let consumer { await consumer.cancel() }
            let streams = state.withLock { state in
                defer { state.streams.removeAll() }
                return Array(state.streams.values)
            }
            for stream in streams { stream.finish() }
        }
    }

    /// Declares the hub's queue and consumes it; then tells every open stream it is ready.
    private func startConsuming() async throws -> AMQPConsumer {
        guard dispatcher.isReady else { throw AMQPError(.connectionClosed, "the broker is not connected") }
        try await dispatcher.connection.declare(topology)
        let consumer = try await dispatcher.connection.consume(queue: queue, prefetch: 0, exclusive: true, autoAck: true)
        state.withLock { state in
            state.consuming = true
            for stream in state.streams.values { stream.yield(Self.readyFrame) }
        }
        logger.debug("live events: consuming", metadata: ["queue": "\(queue)"])
        return consumer
    }

    /// Sends one event to every stream.
    func deliver(_ delivery: AMQPDelivery) {
        guard let event = try? Subscriptions_V1_NotificationEvent(serializedBytes: Array(delivery.message.body)) else {
            logger.debug("live events: dropped a message that is not a NotificationEvent", metadata: ["routing.key": "\(delivery.routingKey)"])
            return
        }
        let data = LiveEvent(event, routingKey: delivery.routingKey).json
        state.withLock { state in
            let frame = "id: \(state.nextFrame)\nevent: notification\ndata: \(data)\n\n"
            state.nextFrame += 1
            for stream in state.streams.values { stream.yield(frame) }
        }
    }

    private func broadcast(_ frame: String) {
        state.withLock { state in
            for stream in state.streams.values { stream.yield(frame) }
        }
    }

    static let readyFrame = "event: ready\ndata: {}\n\n"
}
