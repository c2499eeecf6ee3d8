import AMQPClient
import Foundation
import Logging
import SubscriptionMessages
import SubscriptionStore
import SubscriptionTopology

/// The AMQP messages the consumer publishes (Protos/README.md, "Message properties"): events
/// to the events exchange, replies to the command's `reply_to` through the default exchange
/// with the command's id as `correlation_id`.
struct OutgoingMessages: Sendable {
    let names: BusNames
    let appId: String
    /// Where each reply's `message_id` comes from.
    let replyIds = ReplyMessageIDs()
    /// Where a refused `reply_to` is reported.
    var logger: Logger?

    /// The publish of an outbox entry. Not mandatory: an event no analytics queue is bound for
    /// is nobody's loss (publish/subscribe); bind a durable queue to receive every event.
    func event(_ entry: OutboxEntry) -> AMQPPublish {
        AMQPPublish(
            AMQPMessage(body: entry.body, properties: AMQPProperties(
                contentType: WireContract.contentType,
                messageId: entry.messageId,
                correlationId: entry.correlationId.isEmpty ? nil : entry.correlationId,
                type: "subscriptions.v1.NotificationEvent",
                timestamp: Date(timeIntervalSince1970: TimeInterval(entry.signedAt) / 1000),
                appId: appId,
                persistent: true,
                headers: [
                    "x-schema-version": .int64(Int64(WireContract.schemaVersion)),
                    "x-subscription-id": .string(entry.subscriptionId),
                    "x-sequence": .int64(entry.sequence),
                ]
            )),
            exchange: names.eventsExchange, routingKey: entry.routingKey, mandatory: false)
    }

    /// The publish of an encoded `CommandReply`, or nil when the sender asked for none. A reply
    /// whose queue is gone is dropped by the broker (not mandatory): the caller gave up, and a
    /// retry with the same `command_id` gets it again. A `reply_to` that names one of the bus's
    /// own queues (``BusNames/acceptsReply(to:)``) gets no reply either, and a warning.
    func reply(_ body: Data, commandId: String, to replyTo: String?) -> AMQPPublish? {
        guard let replyTo, !replyTo.isEmpty else { return nil }
        guard names.acceptsReply(to: replyTo) else {
            logger?.warning("reply_to names a queue of the bus that is not a reply queue; no reply sent", metadata: [
                "command.id": "\(commandId)", "reply_to": "\(replyTo.prefix(200))",
            ])
            return nil
        }
        return AMQPPublish(
            AMQPMessage(body: body, properties: AMQPProperties(
                contentType: WireContract.contentType,
                messageId: replyIds.next(),
                correlationId: commandId,
                type: "subscriptions.v1.CommandReply",
                timestamp: Date(),
                appId: appId,
                persistent: false,
                headers: ["x-schema-version": .int64(Int64(WireContract.schemaVersion))]
            )),
            exchange: "", routingKey: replyTo, mandatory: false)
    }
}
