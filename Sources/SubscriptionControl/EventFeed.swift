import AMQPClient
import Foundation
import SubscriptionMessages

/// A temporary queue bound to the events exchange with the given routing-key patterns,
/// decoded as `NotificationEvent`s: what an analytics consumer does, for as long as a command runs.
struct EventFeed: Sendable {
    let connection: AMQPConnection
    let consumer: AMQPConsumer

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

    /// Calls `handle` with every event until it returns false, the task is cancelled or `limit` passes.
    func read(for limit: Duration?, _ handle: @escaping @Sendable (Subscriptions_V1_NotificationEvent) -> Bool) async throws {
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

    /// Stops consuming and closes the connection.
    func close() async {
        await consumer.cancel()
        await connection.close()
    }
}
