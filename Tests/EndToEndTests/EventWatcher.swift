import AMQPClient
import Foundation
import ServiceTestSupport
import SubscriptionMessages

/// Watches the events exchange through its own temporary queue bound with `#`, decoding
/// every message as a `NotificationEvent`, as an analytics consumer would. It declares the
/// exchange with the services' own arguments (topic, durable, no arguments), so it may start
/// before the services (README, "Consuming events").
final class EventWatcher: Sendable {
    private let events = Locked<[Subscriptions_V1_NotificationEvent]>([])
    private let routingKeys = Locked<[String]>([])
    private let consumer: AMQPConsumer
    private let reader: Task<Void, Never>

    /// `queuePrefix` starts the queue's name (an analytics user may declare `analytics.…` only).
    init(connection: AMQPConnection, eventsExchange: String, queuePrefix: String = "e2e.events") async throws {
        let queue = "\(queuePrefix).\(UUID().uuidString.prefix(8))"
        try await connection.declare(AMQPTopology(
            exchanges: [AMQPExchange(name: eventsExchange, kind: .topic)],
            queues: [AMQPQueue(name: queue, durable: false, exclusive: false, autoDelete: false, arguments: ["x-expires": .int64(600_000)])],
            bindings: [AMQPBinding(queue: queue, exchange: eventsExchange, routingKey: "#")]
        ))
        let consumer = try await connection.consume(queue: queue, prefetch: 500)
        self.consumer = consumer
        let events = self.events
        let routingKeys = self.routingKeys
        reader = Task { [events, routingKeys] in
            for await delivery in consumer {
                if let event = try? Subscriptions_V1_NotificationEvent(serializedBytes: delivery.message.body) {
                    events.withLock { $0.append(event) }
                    routingKeys.withLock { $0.append(delivery.routingKey) }
                }
                try? await delivery.ack()
            }
        }
    }

    deinit { reader.cancel() }

    /// Every event received so far, in arrival order.
    var received: [Subscriptions_V1_NotificationEvent] { events.withLock { $0 } }
    /// The routing key of every event received so far.
    var receivedRoutingKeys: [String] { routingKeys.withLock { $0 } }

    /// Waits until `condition` holds for the received events, or throws after `timeout`.
    @discardableResult
    func waitUntil(
        timeout: Duration = .seconds(20), _ what: String,
        _ condition: ([Subscriptions_V1_NotificationEvent]) -> Bool
    ) async throws -> [Subscriptions_V1_NotificationEvent] {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            let current = received
            if condition(current) { return current }
            try await Task.sleep(for: .milliseconds(50))
        }
        let summary = received.map { "\($0.notificationType)/\($0.subtype)" }.joined(separator: ", ")
        throw E2EError("timed out waiting for \(what); received: [\(summary)]")
    }

    /// Events of one subscription, in sequence order.
    func events(of subscriptionId: String) -> [Subscriptions_V1_NotificationEvent] {
        received.filter { $0.subscriptionID == subscriptionId }.sorted { $0.sequence < $1.sequence }
    }

    func stop() async {
        await consumer.cancel()
    }
}
