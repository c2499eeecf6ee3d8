import AMQPClient
import Foundation
import Logging
import SubscriptionMessages

/// Sends replies to the `reply_to` of a command through the default exchange, with the
/// command's id as `correlation_id` (Protos/README.md). A reply whose queue is gone is
/// dropped: the caller gave up, and a retry with the same `command_id` gets it again.
struct ReplySender: Sendable {
    let connection: AMQPConnection
    let appId: String
    let logger: Logger

    func send(_ reply: Subscriptions_V1_CommandReply, to replyTo: String?) async {
        guard let replyTo, !replyTo.isEmpty else { return }
        do {
            let message = AMQPMessage(body: try reply.serializedBytes(), properties: AMQPProperties(
                contentType: WireContract.contentType,
                messageId: UUID().uuidString.lowercased(),
                correlationId: reply.commandID,
                type: "subscriptions.v1.CommandReply",
                timestamp: Date(),
                appId: appId,
                persistent: false,
                headers: ["x-schema-version": .int64(Int64(WireContract.schemaVersion))]
            ))
            try await connection.publish(message, exchange: "", routingKey: replyTo, mandatory: false)
        } catch {
            logger.info("reply not delivered", metadata: ["command.id": "\(reply.commandID)", "reply.to": "\(replyTo)", "error": "\(error)"])
        }
    }
}
