import AMQPClient
import Foundation
import Logging
import ServiceLifecycle
import SubscriptionStore
import SubscriptionTopology
import SubscriptionTrust

/// Sends App Store Server Notifications V2: reads every event from its own durable queue on
/// the events exchange (like an analytics consumer, so the command path is untouched), stores
/// each notification Apple would send, signed, with one delivery per URL, acks the event, and
/// POSTs `{"signedPayload": "…"}` when a delivery falls due: at once, then on Apple's retry
/// schedule until the receiver answers 200…206. A restart loses nothing: an event is acked only
/// once stored, and pending deliveries live in the notifier's database (docs/notifications.md).
public final class Notifier: Service {
    let connection: AMQPConnection
    let queue: String
    let deadLetterQueue: String
    let database: any NotificationStore
    let configuration: NotifierConfiguration
    let signer: X5CSigner
    let clock: NotifierClock
    let sender: any NotificationSender
    let logger: Logger

    /// A notifier consuming `queue` (declared by ``topology(_:)``).
    public init(
        connection: AMQPConnection, names: BusNames, database: any NotificationStore, configuration: NotifierConfiguration,
        signer: X5CSigner, clock: NotifierClock, sender: any NotificationSender = HTTPClientSender(), logger: Logger
    ) {
        self.connection = connection
        self.queue = names.notifierQueue
        self.deadLetterQueue = names.notifierDeadLetterQueue
        self.database = database
        self.configuration = configuration
        self.signer = signer
        self.clock = clock
        self.sender = sender
        self.logger = logger
    }

    /// The notifier's queue, bound to every event (`#`), and its dead-letter queue (events it
    /// cannot read): quorum, so stored events survive a broker restart.
    public static func topology(_ names: BusNames) -> AMQPTopology {
        AMQPTopology(
            exchanges: [AMQPExchange(name: names.eventsExchange, kind: .topic)],
            queues: [
                AMQPQueue(name: names.notifierQueue, arguments: ["x-queue-type": .string("quorum")]),
                AMQPQueue(name: names.notifierDeadLetterQueue, arguments: ["x-queue-type": .string("quorum")]),
            ],
            bindings: [AMQPBinding(queue: names.notifierQueue, exchange: names.eventsExchange, routingKey: "#")])
    }

    public func run() async throws {
        let consumer = try await connection.consume(queue: queue, prefetch: Self.prefetch)
        logger.info(
            "notifier started", metadata: ["queue": "\(queue)", "urls": "\(configuration.urls.map(\.absoluteString).joined(separator: ","))"])
        await withDiscardingTaskGroup { group in
            group.addTask {
                await cancelWhenGracefulShutdown {
                    // One task reads the runs as they arrive, the other stores all that waits.
                    let waiting = WaitingEvents<AMQPDelivery>()
                    await withDiscardingTaskGroup { events in
                        events.addTask {
                            for await run in consumer.batches { waiting.append(run) }
                            waiting.finish()
                        }
                        events.addTask {
                            while let deliveries = await waiting.take() { await self.take(deliveries) }
                        }
                    }
                }
                await consumer.cancel()
            }
            group.addTask {
                await cancelWhenGracefulShutdown { await self.deliverUntilCancelled() }
            }
        }
        logger.info("notifier stopped")
    }
}

extension BusNames {
    /// The notifier's queue of events.
    public var notifierQueue: String { "\(prefix).notifier" }
    /// Events the notifier cannot read, with the reason (`x-death-reason`).
    public var notifierDeadLetterQueue: String { "\(prefix).notifier.dead-letter" }
}
