import Foundation
import SubscriptionMessages
import SubscriptionStore

extension ArchivedEvent {
    /// The archive row of a published event: its index columns read from the event itself.
    public init(_ event: Subscriptions_V1_NotificationEvent, body: Data, archivedAt: Int64) {
        self.init(
            uuid: event.notificationUuid, subscriptionId: event.subscriptionID, sequence: event.sequence,
            signedDate: event.signedDate.seconds * 1000 + Int64(event.signedDate.nanos / 1_000_000),
            notificationType: event.notificationType.routingSegment, subtype: event.subtype.routingSegment,
            archivedAt: archivedAt, body: body)
    }

    /// The archive row of a published outbox entry: its index columns are the entry's own
    /// (`message_id`, subscription, sequence, signing time, and the routing key `TYPE.SUBTYPE`),
    /// so nothing is decoded.
    public init(_ entry: OutboxEntry, archivedAt: Int64) {
        // `TYPE.SUBTYPE`, split at the first dot without building an array of the parts.
        let key = entry.routingKey
        let dot = key.utf8.firstIndex(of: UInt8(ascii: "."))
        self.init(
            uuid: entry.messageId, subscriptionId: entry.subscriptionId, sequence: UInt64(clamping: entry.sequence),
            signedDate: entry.signedAt, notificationType: dot.map { String(key[..<$0]) } ?? key,
            subtype: dot.map { String(key[key.utf8.index(after: $0)...]) } ?? "", archivedAt: archivedAt, body: entry.body)
    }
}
