import AMQPClient
import Foundation
import SubscriptionMessages
import SubscriptionStore

extension OutboxEntry {
    /// The outbox entry of an event: its encoded bytes and what the AMQP properties need.
    init(event: Subscriptions_V1_NotificationEvent) throws {
        self.init(
            routingKey: event.routingKey,
            messageId: event.notificationUuid,
            correlationId: event.causedByCommandID,
            subscriptionId: event.subscriptionID,
            sequence: Int64(event.sequence),
            signedAt: Int64((event.signedDate.date.timeIntervalSince1970 * 1000).rounded(.down)),
            body: try event.serializedBytes()
        )
    }

    /// The AMQP message published for this entry (Protos/README.md, "Message properties").
    func message(appId: String) -> AMQPMessage {
        AMQPMessage(body: body, properties: AMQPProperties(
            contentType: WireContract.contentType,
            messageId: messageId,
            correlationId: correlationId.isEmpty ? nil : correlationId,
            type: "subscriptions.v1.NotificationEvent",
            timestamp: Date(timeIntervalSince1970: TimeInterval(signedAt) / 1000),
            appId: appId,
            persistent: true,
            headers: [
                "x-schema-version": .int64(Int64(WireContract.schemaVersion)),
                "x-subscription-id": .string(subscriptionId),
                "x-sequence": .int64(sequence),
            ]
        ))
    }
}
