import AMQPClient
import Foundation
import Logging
import SubscriptionCommands
import SubscriptionMessages
import SubscriptionTopology
import SwiftProtobuf

/// One connection to the broker for the duration of a command, with a private reply queue:
/// commands are published straight to the commands exchange, as `subscriptions-load` does,
/// and the reply is matched by `correlation_id`.
final class ControlBus: Sendable {
    let connection: AMQPConnection
    let names: BusNames
    let replyQueue: String
    private let replies = ReplyRegistry()

    private init(connection: AMQPConnection, names: BusNames) {
        self.connection = connection
        self.names = names
        replyQueue = "subscriptionsctl.replies.\(UUID().uuidString.prefix(8).lowercased())"
    }

    /// Connects, runs `body` with a bus whose replies are read in a child task, and closes.
    static func with<Result: Sendable>(
        _ options: ConnectionOptions, _ body: @Sendable (ControlBus) async throws -> Result
    ) async throws -> Result {
        let connection = try await connect(options, name: "subscriptionsctl")
        let bus = ControlBus(connection: connection, names: options.names)
        do {
            try await connection.declare(AMQPTopology(queues: [
                AMQPQueue(name: bus.replyQueue, durable: false, exclusive: false, autoDelete: true),
            ]))
            let consumer = try await connection.consume(queue: bus.replyQueue, prefetch: 50)
            let result = try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { await bus.readReplies(consumer) }
                defer { group.cancelAll() }
                return try await body(bus)
            }
            await consumer.cancel()
            await connection.close()
            return result
        } catch {
            await connection.close()
            throw error
        }
    }

    /// A plain connection (for the events and dead-letter commands, which need no replies).
    static func connect(_ options: ConnectionOptions, name: String) async throws -> AMQPConnection {
        var configuration = try BusTLSFiles.configuration(url: options.resolvedURL, environment: ProcessInfo.processInfo.environment)
        configuration.connectionName = name
        // Commands carry the operator's broker user (OPERATOR_COMMAND_USERS, docs/subscriptionsctl.md).
        configuration.stampsUserID = true
        var logger = Logger(label: "subscriptionsctl")
        logger.logLevel = .critical
        let connection = AMQPConnection(configuration: configuration, logger: logger)
        do {
            try await connection.connect()
        } catch {
            await connection.close()  // ends the connection thread, which would keep trying
            throw error
        }
        return connection
    }

    private func readReplies(_ consumer: AMQPConsumer) async {
        for await delivery in consumer {
            if let reply = try? Subscriptions_V1_CommandReply(serializedBytes: delivery.message.body) {
                replies.deliver(reply, correlationID: delivery.message.properties.correlationId ?? reply.commandID)
            }
            try? await delivery.ack()
        }
    }

    /// Publishes `command` in a new envelope (confirmed) and waits for its reply; `testClockID`
    /// names the test clock it runs on (docs/test-clocks.md). A `preview` (docs/previews.md) is
    /// sent with its own command id, whatever the key, and `previewUntil` as its horizon.
    func send(
        _ command: Subscriptions_V1_CommandEnvelope.OneOf_Command, idempotencyKey: String? = nil, testClockID: String = "",
        preview: Bool = false, previewUntil: Date? = nil, timeout: Duration
    ) async throws -> Subscriptions_V1_CommandReply {
        let route = CommandRoute(command)
        var envelope = Subscriptions_V1_CommandEnvelope()
        envelope.commandID = CommandIdentity.commandID(
            route: route, idempotencyKey: preview ? nil : idempotencyKey, testClockID: testClockID)
        envelope.testClockID = testClockID
        envelope.schemaVersion = preview ? WireContract.previewSchemaVersion : WireContract.schemaVersion
        envelope.preview = preview
        if preview, let previewUntil { envelope.previewUntil = Google_Protobuf_Timestamp(date: previewUntil) }
        envelope.issuedAt = Google_Protobuf_Timestamp(date: Date())
        envelope.deadline = Google_Protobuf_Timestamp(date: Date().addingTimeInterval(Double(timeout.components.seconds)))
        envelope.command = command
        return try await send(envelope, routingKey: route.routingKey, timeout: timeout)
    }

    /// Publishes `envelope` as it is (confirmed) with `routingKey` and waits for its reply: what
    /// `send` does after building the envelope, and what `replay` does with a recorded one.
    func send(_ envelope: Subscriptions_V1_CommandEnvelope, routingKey: String, timeout: Duration) async throws -> Subscriptions_V1_CommandReply {
        let ticket = replies.register(commandID: envelope.commandID)
        do {
            try await connection.publish(
                AMQPMessage(body: try envelope.serializedBytes(), properties: AMQPProperties(
                    contentType: WireContract.contentType, messageId: envelope.commandID,
                    correlationId: envelope.commandID, replyTo: replyQueue,
                    type: "subscriptions.v1.CommandEnvelope", headers: ["x-schema-version": .int64(Int64(envelope.schemaVersion))]
                )),
                exchange: names.commandsExchange, routingKey: routingKey
            )
        } catch {
            replies.expire(ticket)
            throw error
        }
        guard let reply = await replies.wait(ticket, until: .now + timeout) else {
            throw ControlError("no reply to command \(envelope.commandID) within \(timeout); is subscriptions-consumer running on bus \(names.prefix)?")
        }
        return reply
    }
}
