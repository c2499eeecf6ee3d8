import AMQPClient
import Logging
import Metrics
import ServiceLifecycle
import SubscriptionTopology

/// Reports how full the dead-letter queue is (`subscriptions_dead_letter_queue_messages` and
/// `subscriptions_dead_letter_queue_limit`, a passive declare every `interval`) and warns from
/// 80 % on: at its limit the queue refuses more (docs/reliability.md, "Bounded resources"), so
/// an operator must look before it fills. Alert on `messages / limit > 0.8`.
final class DeadLetterQueueGauge: Service {
    private let connection: AMQPConnection
    private let queue: String
    private let interval: Duration
    private let logger: Logger
    private let messages = Gauge(label: "subscriptions_dead_letter_queue_messages")
    private let limit = Gauge(label: "subscriptions_dead_letter_queue_limit")

    init(connection: AMQPConnection, names: BusNames, interval: Duration, logger: Logger) {
        self.connection = connection
        self.queue = names.deadLetterQueue
        self.interval = interval
        self.logger = logger
    }

    func run() async throws {
        limit.record(BusNames.deadLetterQueueMaximumLength)
        while !Task.isShuttingDownGracefully, !Task.isCancelled {
            do {
                let count = try await connection.inspect(queue: queue).messageCount
                messages.record(count)
                if count * 5 >= BusNames.deadLetterQueueMaximumLength * 4 {
                    logger.warning("the dead-letter queue is over 80 % full; at its limit it refuses more", metadata: [
                        "queue": "\(queue)", "messages": "\(count)", "limit": "\(BusNames.deadLetterQueueMaximumLength)",
                    ])
                }
            } catch {
                logger.debug("the dead-letter queue's depth could not be read", metadata: ["error": "\(error)"])
            }
            try? await cancelWhenGracefulShutdown { [interval] in try await Task.sleep(for: interval) }
        }
    }
}
