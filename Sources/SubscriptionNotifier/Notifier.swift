import AMQPClient
import Foundation
import Logging
import ServiceLifecycle
import SubscriptionAPI
import SubscriptionMessages
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
    private let connection: AMQPConnection
    private let queue: String
    private let database: NotificationDatabase
    private let configuration: NotifierConfiguration
    private let signer: X5CSigner
    private let clock: NotifierClock
    private let sender: any NotificationSender
    private let logger: Logger

    /// A notifier consuming `queue` (declared by ``topology(_:)``).
    public init(
        connection: AMQPConnection, names: BusNames, database: NotificationDatabase, configuration: NotifierConfiguration,
        signer: X5CSigner, clock: NotifierClock, sender: any NotificationSender = URLSessionSender(), logger: Logger
    ) {
        self.connection = connection
        self.queue = names.notifierQueue
        self.database = database
        self.configuration = configuration
        self.signer = signer
        self.clock = clock
        self.sender = sender
        self.logger = logger
    }

    /// The notifier's queue, bound to every event (`#`): quorum, so stored events survive a
    /// broker restart.
    public static func topology(_ names: BusNames) -> AMQPTopology {
        AMQPTopology(
            exchanges: [AMQPExchange(name: names.eventsExchange, kind: .topic)],
            queues: [AMQPQueue(name: names.notifierQueue, arguments: ["x-queue-type": .string("quorum")])],
            bindings: [AMQPBinding(queue: names.notifierQueue, exchange: names.eventsExchange, routingKey: "#")])
    }

    public func run() async throws {
        let consumer = try await connection.consume(queue: queue, prefetch: 32)
        logger.info(
            "notifier started", metadata: ["queue": "\(queue)", "urls": "\(configuration.urls.map(\.absoluteString).joined(separator: ","))"])
        await withDiscardingTaskGroup { group in
            group.addTask {
                await cancelWhenGracefulShutdown {
                    for await delivery in consumer { await self.take(delivery) }
                }
                await consumer.cancel()
            }
            group.addTask {
                await cancelWhenGracefulShutdown { await self.deliverUntilCancelled() }
            }
        }
        logger.info("notifier stopped")
    }

    /// Stores the notification of one event (Apple's types only) and acks it.
    func take(_ delivery: AMQPDelivery) async {
        do {
            let event = try Subscriptions_V1_NotificationEvent(serializedBytes: Array(delivery.message.body))
            if let payload = ResponseBodyV2DecodedPayload(event) {
                let signed = try SignedPayload(payload).compactSerialization(signedBy: signer)
                let now = try await clock.now()
                let isNew = try await database.insert(
                    StoredNotification(
                        uuid: payload.notificationUUID, notificationType: payload.notificationType, subtype: payload.subtype,
                        subscriptionId: event.subscriptionID, signedDate: payload.signedDate, signedPayload: signed),
                    urls: configuration.urls.map(\.absoluteString), firstAttemptAt: now)
                logger.debug(
                    "notification stored",
                    metadata: ["notification.uuid": "\(payload.notificationUUID)", "notification.type": "\(payload.notificationType)", "new": "\(isNew)"])
            }
            try await delivery.ack()
        } catch let error as AMQPError {
            logger.warning("notifier could not ack an event", metadata: ["error": "\(error)"])
        } catch {
            logger.error("notifier could not store an event; it goes back to the queue", metadata: ["error": "\(error)"])
            try? await Task.sleep(for: .seconds(1))
            try? await delivery.nack(requeue: true)
        }
    }

    /// Attempts due deliveries until cancelled; sleeps `pollInterval` when none is due (a new
    /// notification's first attempt therefore follows within that interval).
    func deliverUntilCancelled() async {
        while !Task.isCancelled {
            let attempted: Int
            do {
                attempted = try await deliverDue()
            } catch {
                logger.error("notifier could not read its deliveries", metadata: ["error": "\(error)"])
                attempted = 0
            }
            if attempted == 0 { try? await Task.sleep(for: configuration.pollInterval) }
        }
    }

    /// Attempts every delivery due now, `concurrency` at a time; returns how many.
    func deliverDue() async throws -> Int {
        let now = try await clock.now()
        let due = try await database.dueDeliveries(at: now, limit: configuration.concurrency)
        await withDiscardingTaskGroup { group in
            for delivery in due {
                group.addTask { await self.attempt(delivery, at: now) }
            }
        }
        return due.count
    }

    private func attempt(_ delivery: DueDelivery, at now: Int64) async {
        guard let url = URL(string: delivery.url) else { return }
        let body = (try? JSONEncoder().encode(ResponseBodyV2(signedPayload: delivery.signedPayload))) ?? Data()
        let outcome = await sender.send(body, to: url, timeout: configuration.timeout)
        let number = delivery.attempts + 1
        let next = outcome.isSuccess ? nil : configuration.retrySchedule.nextAttempt(after: number, firstAttemptAt: delivery.firstAttemptAt ?? now)
        do {
            try await database.recordAttempt(of: delivery, at: now, result: outcome.result, httpStatus: outcome.httpStatus, nextAttemptAt: next)
        } catch {
            logger.error("notifier could not record an attempt", metadata: ["error": "\(error)"])
        }
        logger.debug(
            "notification attempt",
            metadata: [
                "notification.uuid": "\(delivery.notificationUUID)", "url": "\(delivery.url)", "attempt": "\(number)",
                "result": "\(outcome.result)", "http.status": "\(outcome.httpStatus.map(String.init) ?? "-")",
                "next": "\(next.map(String.init) ?? "none")",
            ])
    }
}

extension BusNames {
    /// The notifier's queue of events.
    public var notifierQueue: String { "\(prefix).notifier" }
}
