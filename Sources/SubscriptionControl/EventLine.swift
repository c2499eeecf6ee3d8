import Foundation
import SubscriptionMessages
import SwiftProtobuf

/// How `events tail` shows one event: a readable line for a terminal, a JSON line otherwise.
enum EventLine {
    /// `2025-03-01T12:00:00Z DID_RENEW/NONE 2000000000000001 #7`; a summary without subscription shows `-`.
    static func readable(_ event: Subscriptions_V1_NotificationEvent) -> String {
        let time = event.hasSignedDate ? event.signedDate.date.formatted(.iso8601) : "-"
        let subscription = event.subscriptionID.isEmpty ? "-" : event.subscriptionID
        return "\(time) \(event.notificationType.routingSegment)/\(event.subtype.routingSegment) \(subscription) #\(event.sequence)"
    }

    /// The event as one line of protobuf JSON.
    static func json(_ event: Subscriptions_V1_NotificationEvent) -> String {
        (try? event.jsonString()) ?? "{\"notificationUuid\":\"\(event.notificationUuid)\"}"
    }
}
