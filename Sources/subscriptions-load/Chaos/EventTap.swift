import AMQPClient
import Foundation
import SubscriptionMessages
import SubscriptionTopology
import Synchronization

/// An analytics-style consumer of the events exchange: a durable queue bound with `#`, manual
/// acks after the event is recorded, so it survives broker restarts like a real one. It keeps
/// what the audit needs: every delivery's `message_id`, subscription and sequence.
final class EventTap: Sendable {
    struct Seen: Sendable {
        var deliveries = 0
        /// message_id → (subscription, sequence).
        var byMessage: [String: (subscription: String, sequence: Int64)] = [:]
        /// message_ids seen more than once, with how many extra times.
        var duplicateDeliveries = 0
        var undecodable = 0
        var lastArrival = ContinuousClock.now
    }

    /// The recorded events, shared with the reading task.
    private final class Record: Sendable {
        let seen = Mutex(Seen())
    }

    private let record = Record()
    private let reader: Task<Void, Never>

    init(connection: AMQPConnection, names: BusNames, queue: String) async throws {
        try await connection.declare(AMQPTopology(
            exchanges: [AMQPExchange(name: names.eventsExchange, kind: .topic)],
            queues: [AMQPQueue(name: queue, arguments: ["x-queue-type": .string("quorum")])],
            bindings: [AMQPBinding(queue: queue, exchange: names.eventsExchange, routingKey: "#")]
        ))
        let consumer = try await connection.consume(queue: queue, prefetch: 1000)
        let record = self.record
        reader = Task {
            for await delivery in consumer {
                let messageId = delivery.message.properties.messageId ?? ""
                let event = try? Subscriptions_V1_NotificationEvent(serializedBytes: delivery.message.body)
                record.seen.withLock { seen in
                    seen.deliveries += 1
                    seen.lastArrival = .now
                    guard let event else {
                        seen.undecodable += 1
                        return
                    }
                    if seen.byMessage[messageId] != nil {
                        seen.duplicateDeliveries += 1
                    } else {
                        seen.byMessage[messageId] = (event.subscriptionID, Int64(event.sequence))
                    }
                }
                try? await delivery.ack()
            }
        }
    }

    deinit { reader.cancel() }

    var snapshot: Seen { record.seen.withLock { $0 } }
}
