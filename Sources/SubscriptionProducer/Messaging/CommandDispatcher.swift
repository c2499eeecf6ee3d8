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
/// the command's `correlation_id` until the deadline. Both front doors, HTTP and gRPC, send
/// through it.
final class CommandDispatcher: Sendable {
    let connection: AMQPConnection
    let topology: CommandTopology
    /// This instance's exclusive, auto-delete reply queue, `<BUS_PREFIX>.replies.<uuid>`.
    let replyQueue: String
    /// The requests waiting for their replies, and their deadlines.
    let waiters = ReplyWaiters()
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
    ///
    /// One suspension per command: the publish goes to the connection thread without waiting
    /// for its confirm (the wait's ``CommandWait`` observes it), and the wait ends with the
    /// reply, the broker's refusal, the deadline (``ReplyWaiters``' sweep, both for the confirm
    /// and the reply) or the request's cancellation.
    func send(_ command: OutgoingCommand) async throws(CommandFailure) -> Subscriptions_V1_CommandReply {
        guard isReady else {
            throw CommandFailure(.brokerUnavailable, "the message broker is not connected; retry later")
        }
        let now = Date()
        let message: AMQPMessage
        do {
            message = try command.message(issuedAt: now, replyTo: replyQueue, appID: appID)
        } catch {
            throw CommandFailure(.publishFailed, "the command could not be encoded: \(error)")
        }
        // One deadline for the whole request: the broker's confirm and then the reply.
        let remaining = command.deadline.timeIntervalSince(now)
        let budget = Duration.milliseconds(Int64((remaining * 1000).rounded(.up)))
        let wait = CommandWait(
            commandID: command.commandID, deadline: ContinuousClock.now + .milliseconds(Int64(max(0, remaining) * 1000)))
        waiters.register(wait, budget: budget)
        connection.publish(
            message, exchange: topology.commandsExchange, routingKey: command.route.routingKey, mandatory: true,
            observer: wait)
        switch await wait.outcome() {
        case .reply(let body):
            do {
                return try Subscriptions_V1_CommandReply(serializedBytes: body)
            } catch {
                logger.debug("undecodable reply", metadata: ["command.id": "\(command.commandID)", "error": "\(error)"])
                throw CommandFailure(.publishFailed, "the reply of the subscription service could not be decoded: \(error)")
            }
        case .failure(let failure):
            waiters.remove(wait)
            if let reason = failure.publishReason {
                metrics.publishFailed(route: command.route, reason: reason)
            }
            logger.debug(
                "command failed", metadata: ["command.id": "\(command.commandID)", "error": "\(failure)"])
            throw failure
        }
    }

    /// What a publish the broker refused or lost means for the request: 503, retry later.
    static func failure(publishing error: AMQPError) -> CommandFailure {
        var failure = CommandFailure(
            .publishFailed, "the command was not accepted by the message broker (\(error.code.rawValue)); retry later")
        failure.publishReason = error.code.rawValue
        return failure
    }

    /// Why a publish still waits to be sent, for a deadline's message.
    var notSentReason: String {
        connection.isConnected ? "waiting for the broker (it may block publishers)" : "not connected"
    }

    /// Routes a run of reply-queue deliveries to their waits, on the connection thread (the
    /// reply consumer's handler: no task wakes per reply; the waiting request decodes the body).
    func handle(_ deliveries: [AMQPDelivery]) {
        for delivery in deliveries {
            guard let correlationID = delivery.message.properties.correlationId, !correlationID.isEmpty else {
                logger.debug("reply without correlation_id dropped")
                continue
            }
            if !waiters.deliver(delivery.message.body, correlationID: correlationID) {
                logger.debug("late or unknown reply dropped", metadata: ["command.id": "\(correlationID)"])
            }
        }
    }
}
