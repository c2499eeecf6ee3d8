import AMQPClient
import Foundation
import SubscriptionMessages
import SubscriptionTopology
import Synchronization

/// A temporary queue bound to the events exchange with the given routing-key patterns,
/// decoded as `NotificationEvent`s: what an analytics consumer does, for as long as a command
/// runs. Or, with a start (`--from`), the event log read from there: history first, then live.
struct EventFeed: Sendable {
    let connection: AMQPConnection
    let consumer: AMQPConsumer
    /// Reading the event log: what to keep and when to stop; nil for the temporary queue.
    var window: EventWindow?
    /// How long the reading of a past `--to` waits for one more event before it ends.
    static let quietEnd: Duration = .seconds(2)

    /// Reads the event log (`<BUS_PREFIX>.events.log`) from `start`: events signed before `to`
    /// (all without), matching `patterns` (all when empty), each once.
    static func open(
        _ options: ConnectionOptions, patterns: [String], from start: EventLogPosition, to: Date?, subscription: String? = nil
    ) async throws -> EventFeed {
        let connection = try await ControlBus.connect(options, name: "subscriptionsctl-events")
        let stream = options.names.eventLog
        do {
            let consumer = try await connection.consume(stream: stream, from: start.streamOffset, prefetch: 1000)
            let window = EventWindow(position: start, to: to, patterns: patterns, subscription: subscription)
            return EventFeed(connection: connection, consumer: consumer, window: window)
        } catch {
            await connection.close()
            if error.code == .notFound {
                throw ControlError("the event log \(stream) does not exist: the services declare it when they start (docs/event-stream.md)")
            }
            throw error
        }
    }

    /// Declares the queue (auto-deleted, expiring after 10 minutes unused) and starts consuming.
    static func open(_ options: ConnectionOptions, patterns: [String]) async throws -> EventFeed {
        let connection = try await ControlBus.connect(options, name: "subscriptionsctl-events")
        let names = options.names
        let queue = "subscriptionsctl.events.\(UUID().uuidString.prefix(8).lowercased())"
        do {
            try await connection.declare(AMQPTopology(
                exchanges: [AMQPExchange(name: names.eventsExchange, kind: .topic)],
                queues: [AMQPQueue(name: queue, durable: false, exclusive: false, autoDelete: true, arguments: ["x-expires": .int64(600_000)])],
                bindings: (patterns.isEmpty ? ["#"] : patterns).map { AMQPBinding(queue: queue, exchange: names.eventsExchange, routingKey: $0) }
            ))
            return EventFeed(connection: connection, consumer: try await connection.consume(queue: queue, prefetch: 200))
        } catch {
            await connection.close()
            throw error
        }
    }

    /// Calls `handle` with every event until it returns false, the task is cancelled or `limit`
    /// passes; reading the event log, also when the window's `to` is behind it.
    func read(for limit: Duration?, _ handle: @escaping @Sendable (Subscriptions_V1_NotificationEvent) -> Bool) async throws {
        if let window {
            return try await readLog(window, for: limit, handle)
        }
        let consumer = self.consumer
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                for await delivery in consumer {
                    try? await delivery.ack()
                    guard let event = try? Subscriptions_V1_NotificationEvent(serializedBytes: delivery.message.body) else { continue }
                    if !handle(event) { return }
                }
            }
            if let limit { group.addTask { try await Task.sleep(for: limit) } }
            try await group.next()
            group.cancelAll()
        }
    }

    /// Calls `handle` with the bytes of every message until it returns false, the task is
    /// cancelled or `limit` passes: for comparing events as published (`replay`).
    func readBodies(for limit: Duration?, _ handle: @escaping @Sendable (Data) -> Bool) async throws {
        let consumer = self.consumer
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                for await delivery in consumer {
                    try? await delivery.ack()
                    if !handle(delivery.message.body) { return }
                }
            }
            if let limit { group.addTask { try await Task.sleep(for: limit) } }
            try await group.next()
            group.cancelAll()
        }
    }

    private func readLog(
        _ window: EventWindow, for limit: Duration?, _ handle: @escaping @Sendable (Subscriptions_V1_NotificationEvent) -> Bool
    ) async throws {
        let consumer = self.consumer
        let lastDelivery = LastDelivery()
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                var window = window
                var unacknowledged = 0
                for await run in consumer.batches {
                    lastDelivery.touch()
                    for delivery in run {
                        // For a stream an acknowledgement only lets the broker send more: one
                        // (multiple) per quarter of the prefetch keeps it sending.
                        unacknowledged += 1
                        if unacknowledged >= 250 {
                            try? await delivery.ack(multiple: true)
                            unacknowledged = 0
                        }
                        guard let event = try? Subscriptions_V1_NotificationEvent(serializedBytes: delivery.message.body) else { continue }
                        switch window.decide(
                            subscription: event.subscriptionID, signedDate: event.signedDate.date, routingKey: delivery.routingKey,
                            messageID: delivery.message.properties.messageId)
                        {
                        case .keep: if !handle(event) { return }
                        case .skip: continue
                        case .end: return
                        }
                    }
                }
            }
            if let to = window.to {
                // A `to` in the past, and the log read to its end: nothing more will be kept.
                group.addTask {
                    while true {
                        try await Task.sleep(for: .milliseconds(200))
                        let quiet = lastDelivery.quiet
                        if Date() >= to && quiet >= Self.quietEnd { return }
                    }
                }
            }
            if let limit { group.addTask { try await Task.sleep(for: limit) } }
            try await group.next()
            group.cancelAll()
        }
    }

    /// Stops consuming and closes the connection.
    func close() async {
        await consumer.cancel()
        await connection.close()
    }
}

/// When the last run of deliveries came, shared by the task reading the event log and the one
/// that ends the reading at its end.
private final class LastDelivery: Sendable {
    private let instant = Mutex(ContinuousClock.now)

    func touch() { instant.withLock { $0 = .now } }

    /// How long since the last run.
    var quiet: Duration { instant.withLock { ContinuousClock.now - $0 } }
}
