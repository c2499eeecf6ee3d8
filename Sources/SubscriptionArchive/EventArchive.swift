import AMQPClient
import Foundation
import Logging
import ServiceLifecycle
import SubscriptionMessages
import SubscriptionStore
import SubscriptionTopology
import Synchronization

/// Keeps a history of every notification event, for the console's timeline: reads the events
/// from its own durable queue on the events exchange (like an analytics consumer, so the
/// command path is untouched), stores each batch in its own SQLite file in one transaction,
/// then acks it. A restart loses nothing (an event is acked only once stored) and a
/// re-published event is stored once (its `notification_uuid` is the key). Events archived
/// longer ago than the retention are deleted every ``EventArchiveConfiguration/pruneInterval``.
public final class EventArchive: Service {
    private let connection: AMQPConnection
    private let queue: String
    /// The archive's database, which the consumer's history query reads.
    public let database: EventArchiveDatabase
    private let configuration: EventArchiveConfiguration
    private let logger: Logger
    private let pending = Mutex<[AMQPDelivery]>([])

    /// An archive consuming `names.archiveQueue` (declared by ``topology(_:)``) into `database`.
    public init(
        connection: AMQPConnection, names: BusNames, database: EventArchiveDatabase, configuration: EventArchiveConfiguration,
        logger: Logger
    ) {
        self.connection = connection
        self.queue = names.archiveQueue
        self.database = database
        self.configuration = configuration
        self.logger = logger
    }

    /// The archive's queue, bound to every event (`#`): quorum, so events not yet stored survive a
    /// broker restart.
    public static func topology(_ names: BusNames) -> AMQPTopology {
        AMQPTopology(
            exchanges: [AMQPExchange(name: names.eventsExchange, kind: .topic)],
            queues: [AMQPQueue(name: names.archiveQueue, arguments: ["x-queue-type": .string("quorum")])],
            bindings: [AMQPBinding(queue: names.archiveQueue, exchange: names.eventsExchange, routingKey: "#")])
    }

    public func run() async throws {
        let consumer = try await connection.consume(queue: queue, prefetch: UInt16(clamping: configuration.batchLimit * 2))
        let (wakeUps, wake) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        logger.info(
            "event archive started",
            metadata: ["queue": "\(queue)", "retention.days": "\(configuration.retention.components.seconds / 86_400)"])
        await withDiscardingTaskGroup { group in
            group.addTask {
                await cancelWhenGracefulShutdown {
                    for await delivery in consumer {
                        self.pending.withLock { $0.append(delivery) }
                        wake.yield()
                    }
                }
                await consumer.cancel()
                wake.finish()
            }
            group.addTask {
                for await _ in wakeUps { await self.storePending() }
                await self.storePending()
            }
            group.addTask {
                await cancelWhenGracefulShutdown { await self.pruneUntilCancelled() }
            }
        }
        logger.info("event archive stopped")
    }

    /// Stores everything received so far, a batch per transaction, and acks each batch.
    func storePending() async {
        while true {
            let batch = pending.withLock { deliveries in
                let batch = Array(deliveries.prefix(configuration.batchLimit))
                deliveries.removeFirst(batch.count)
                return batch
            }
            guard !batch.isEmpty else { return }
            await store(batch)
        }
    }

    /// Stores one batch and acks it; on a database error hands it back to the queue after a pause.
    func store(_ batch: [AMQPDelivery]) async {
        let now = Int64((Date().timeIntervalSince1970 * 1000).rounded(.down))
        var events: [ArchivedEvent] = []
        for delivery in batch {
            do {
                let event = try Subscriptions_V1_NotificationEvent(serializedBytes: Array(delivery.message.body))
                events.append(ArchivedEvent(event, body: delivery.message.body, archivedAt: now))
            } catch {
                logger.warning(
                    "event archive dropped a message that is not a NotificationEvent",
                    metadata: ["routing.key": "\(delivery.routingKey)", "error": "\(error)"])
            }
        }
        do {
            let stored = try await database.insert(events)
            logger.trace("events archived", metadata: ["received": "\(batch.count)", "new": "\(stored)"])
        } catch {
            logger.error("event archive could not store events; they go back to the queue", metadata: ["error": "\(error)"])
            try? await Task.sleep(for: .seconds(1))
            for delivery in batch { try? await delivery.nack(requeue: true) }
            return
        }
        do {
            // Deliveries of one consumer come in tag order: one multiple ack settles the batch.
            try await batch.last?.ack(multiple: true)
        } catch {
            logger.info("event archive lost an ack with the connection; the events come again", metadata: ["error": "\(error)"])
        }
    }

    /// Deletes events past the retention now and then every prune interval, until cancelled.
    func pruneUntilCancelled() async {
        while !Task.isCancelled {
            await prune(now: Date())
            try? await Task.sleep(for: configuration.pruneInterval)
        }
    }

    /// Deletes the events archived before `now` minus the retention.
    func prune(now: Date) async {
        let cutoff = Int64((now.timeIntervalSince1970 * 1000).rounded(.down)) - configuration.retention.milliseconds
        do {
            let deleted = try await database.prune(archivedBefore: cutoff)
            if deleted > 0 { logger.info("event archive pruned old events", metadata: ["deleted": "\(deleted)"]) }
        } catch {
            logger.error("event archive could not prune", metadata: ["error": "\(error)"])
        }
    }
}

extension BusNames {
    /// The event archive's queue of events.
    public var archiveQueue: String { "\(prefix).archive" }
}

extension Duration {
    /// Whole milliseconds.
    var milliseconds: Int64 { components.seconds * 1000 + components.attoseconds / 1_000_000_000_000_000 }
}
