import Foundation
import SubscriptionMessages
import SubscriptionStore

extension ArchivedEvent {
    /// The archive row of a published event: its index columns read from the event itself.
    init(_ event: Subscriptions_V1_NotificationEvent, body: Data, archivedAt: Int64) {
        self.init(
            uuid: event.notificationUuid, subscriptionId: event.subscriptionID, sequence: event.sequence,
            signedDate: event.signedDate.seconds * 1000 + Int64(event.signedDate.nanos / 1_000_000),
            notificationType: event.notificationType.routingSegment, subtype: event.subtype.routingSegment,
            archivedAt: archivedAt, body: body)
    }
}
