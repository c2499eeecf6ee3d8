import AMQPClient
import Foundation
import Logging
import SubscriptionMessages
import SubscriptionTopology
import SwiftProtobuf
import Synchronization

/// Sends commands to the consumer and waits for their replies (Protos/README.md, flow steps
/// 1–3 and 7): publishes with `mandatory` and a publisher confirm to the commands exchange,
/// `reply_to` = this instance's exclusive reply queue, and waits for the `CommandReply` with
/// the command's `correlation_id` until the deadline.
final class CommandDispatcher: Sendable {
    let connection: AMQPConnection
    let topology: CommandTopology
    /// This instance's exclusive, auto-delete reply queue, `<BUS_PREFIX>.replies.<uuid>`.
    let replyQueue: String
    let registry = ReplyRegistry()
    private let appID: String
    private let metrics: ProducerMetrics
    private let logger: Logger
    private let listening = Atomic<Bool>(false)

    init(connection: AMQPConnection, configuration: ProducerConfiguration, metrics: ProducerMetrics, logger: Logger) {
        self.connection = connection
        self.topology = configuration.topology
        self.replyQueue = configuration.topology.replyQueuePrefix + UUID().uuidString.lowercased()
        self.appID = configuration.serviceName
        self.metrics = metrics
        self.logger = logger
    }

    /// The command topology plus this instance's reply queue, declared at start and after
    /// every reconnection (the exclusive queue disappears with the connection).
    var declaredTopology: AMQPTopology {
        var declared = topology.topology()
        declared.queues.append(AMQPQueue(name: replyQueue, durable: false, exclusive: true, autoDelete: true))
        return declared
    }

    /// Whether commands can be sent: connected, and the reply queue is being consumed.
    var isReady: Bool { listening.load(ordering: .acquiring) && connection.isConnected }

    func setListening(_ value: Bool) { listening.store(value, ordering: .releasing) }

    /// Publishes `command` and returns the consumer's reply.
    func send(_ command: OutgoingCommand) async throws(CommandFailure) -> Subscriptions_V1_CommandReply {
        guard isReady else {
            throw CommandFailure(.brokerUnavailable, "the message broker is not connected; retry later")
        }
        var logger = logger
        logger[metadataKey: "command.id"] = "\(command.commandID)"
        logger[metadataKey: "command.route"] = "\(command.route.methodName)"
        let now = Date()
        let message: AMQPMessage
        do {
            message = try command.message(issuedAt: now, replyTo: replyQueue, appID: appID)
        } catch {
            throw CommandFailure(.publishFailed, "the command could not be encoded: \(error)")
        }
        let ticket = registry.register(commandID: command.commandID)
        // One deadline for the whole request: the broker's confirm and then the reply.
        let budget = Duration.milliseconds(Int64((command.deadline.timeIntervalSince(now) * 1000).rounded(.up)))
        let deadline = ContinuousClock.now + .milliseconds(Int64(max(0, command.deadline.timeIntervalSinceNow) * 1000))
        do {
            try await connection.publish(
                message, exchange: topology.commandsExchange, routingKey: command.route.routingKey, mandatory: true,
                deadline: deadline)
        } catch {
            registry.expire(ticket)
            metrics.publishFailed(route: command.route, reason: error.code.rawValue)
            logger.debug("command not published", metadata: ["error": "\(error)"])
            throw Self.failure(publishing: error, budget: budget)
        }
        logger.debug("command published")
        let reply = await registry.wait(ticket, until: deadline)
        guard let reply else {
            logger.debug("no reply before the deadline")
            throw CommandFailure(.deadlineExceeded, "no reply from the subscription service within \(budget.milliseconds) ms")
        }
        return reply
    }

    /// What a failed publish means for the request: the deadline passed before the broker
    /// confirmed (504), the request was cancelled, or the broker refused or lost it (503).
    static func failure(publishing error: AMQPError, budget: Duration) -> CommandFailure {
        switch error.code {
        case .timeout:
            CommandFailure(
                .deadlineExceeded,
                "the message broker did not accept the command within \(budget.milliseconds) ms (\(error.message)); "
                    + "retry with the same idempotency key")
        case .cancelled:
            CommandFailure(.cancelled, "the request was cancelled before the message broker accepted the command")
        default:
            CommandFailure(.publishFailed, "the command was not accepted by the message broker (\(error.code.rawValue)); retry later")
        }
    }

    /// Routes a delivery of the reply queue to its waiter.
    func handle(_ delivery: AMQPDelivery) {
        guard let correlationID = delivery.message.properties.correlationId, !correlationID.isEmpty else {
            logger.debug("reply without correlation_id dropped")
            return
        }
        do {
            let reply = try Subscriptions_V1_CommandReply(serializedBytes: delivery.message.body)
            if !registry.deliver(reply, correlationID: correlationID) {
                logger.debug("late or unknown reply dropped", metadata: ["command.id": "\(correlationID)"])
            }
        } catch {
            logger.debug("undecodable reply dropped", metadata: ["command.id": "\(correlationID)", "error": "\(error)"])
        }
    }
}
