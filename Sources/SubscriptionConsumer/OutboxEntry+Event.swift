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
            signedAt: event.signedDate.seconds * 1000 + Int64(event.signedDate.nanos / 1_000_000),
            body: try event.serializedBytes()
        )
    }
}
