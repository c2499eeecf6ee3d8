import AMQPClient
import Foundation
import ServiceTestSupport
import SubscriptionMessages
import SwiftProtobuf

/// Publishes `CommandEnvelope`s straight to the commands exchange and waits for the
/// `CommandReply` on its own reply queue: what another service does without the HTTP API
/// (README, "Publishing commands directly").
final class DirectCommandClient: Sendable {
    private let connection: AMQPConnection
    private let commandsExchange: String
    private let replyQueue: String
    private let replies = Locked<[String: Subscriptions_V1_CommandReply]>([:])
    private let reader: Task<Void, Never>

    init(connection: AMQPConnection, busPrefix: String) async throws {
        self.connection = connection
        commandsExchange = "\(busPrefix).commands"
        replyQueue = "e2e.replies.\(UUID().uuidString.prefix(8))"
        try await connection.declare(AMQPTopology(queues: [
            AMQPQueue(name: replyQueue, durable: false, exclusive: false, autoDelete: false, arguments: ["x-expires": .int64(600_000)]),
        ]))
        let consumer = try await connection.consume(queue: replyQueue, prefetch: 100)
        let replies = self.replies
        reader = Task { [replies] in
            for await delivery in consumer {
                if let reply = try? Subscriptions_V1_CommandReply(serializedBytes: delivery.message.body) {
                    replies.withLock { $0[delivery.message.properties.correlationId ?? reply.commandID] = reply }
                }
                try? await delivery.ack()
            }
        }
    }

    deinit { reader.cancel() }

    /// An envelope around `command` with a new command id, schema version 1 and a deadline.
    static func envelope(
        _ command: Subscriptions_V1_CommandEnvelope.OneOf_Command, commandId: String = UUID().uuidString.lowercased(),
        deadline: Duration = .seconds(30)
    ) -> Subscriptions_V1_CommandEnvelope {
        var envelope = Subscriptions_V1_CommandEnvelope()
        envelope.commandID = commandId
        envelope.schemaVersion = WireContract.schemaVersion
        envelope.issuedAt = Google_Protobuf_Timestamp(date: Date())
        envelope.deadline = Google_Protobuf_Timestamp(date: Date().addingTimeInterval(Double(deadline.components.seconds)))
        envelope.command = command
        return envelope
    }

    /// Publishes `envelope` (confirmed) and waits for its reply.
    /// `userId` is the `user_id` property (the broker refuses one that is not the connection's user).
    func send(
        _ envelope: Subscriptions_V1_CommandEnvelope, userId: String? = nil, timeout: Duration = .seconds(20)
    ) async throws -> Subscriptions_V1_CommandReply {
        guard let route = envelope.route else { throw E2EError("the envelope holds no command") }
        try await publishRaw(try envelope.serializedBytes(), routingKey: route.routingKey, correlationId: envelope.commandID, userId: userId)
        return try await reply(to: envelope.commandID, timeout: timeout)
    }

    /// Publishes arbitrary bytes as a command (for malformed-input tests), with the given
    /// content type, and without `reply_to` when `withReplyTo` is false.
    func publishRaw(
        _ body: Data, routingKey: String, correlationId: String, contentType: String = WireContract.contentType,
        withReplyTo: Bool = true, userId: String? = nil
    ) async throws {
        try await connection.publish(
            AMQPMessage(body: body, properties: AMQPProperties(
                contentType: contentType, messageId: correlationId, correlationId: correlationId,
                replyTo: withReplyTo ? replyQueue : nil, type: "subscriptions.v1.CommandEnvelope", userId: userId,
                headers: ["x-schema-version": .int64(1)]
            )),
            exchange: commandsExchange, routingKey: routingKey
        )
    }

    /// The reply correlated with `commandId` if one arrived (removing it), else nil.
    func takeReply(to commandId: String) -> Subscriptions_V1_CommandReply? {
        replies.withLock { $0.removeValue(forKey: commandId) }
    }

    /// Whether a reply correlated with `commandId` arrived (and was not taken).
    func hasReply(to commandId: String) -> Bool {
        replies.withLock { $0[commandId] != nil }
    }

    /// Waits for the reply correlated with `commandId`.
    func reply(to commandId: String, timeout: Duration = .seconds(20)) async throws -> Subscriptions_V1_CommandReply {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if let reply = replies.withLock({ $0.removeValue(forKey: commandId) }) { return reply }
            try await Task.sleep(for: .milliseconds(20))
        }
        throw E2EError("no reply to command \(commandId) within \(timeout)")
    }
}
