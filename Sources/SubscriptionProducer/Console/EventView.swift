import Foundation
import SubscriptionAPI
import SubscriptionMessages
import SubscriptionTrust
import SwiftProtobuf

/// A notification event as the console shows it: the fields it needs to place and filter the
/// event, the whole event in protobuf's JSON mapping (`fields`), and in a history the payload
/// Apple's notification would carry, signed (`signedPayload`; Apple's types only).
struct EventView: Encodable, Sendable {
    var sequence: UInt64
    var notificationUUID: String
    /// The type's routing-key segment, e.g. `DID_RENEW`.
    var notificationType: String
    /// The subtype's segment; nil when the event has none (`NONE` in the routing key).
    var subtype: String?
    var routingKey: String
    /// The subscription's `originalTransactionId`; empty for a mass-extension summary.
    var subscriptionId: String
    /// `signedDate`, ms since 1970 (engine time).
    var signedDate: Int64
    /// The command that caused it; nil when time passing did (renewals, expiry, reminders).
    var causedByCommandId: String?
    /// The whole event in protobuf's JSON mapping (`google.protobuf` JSON names and enum names).
    var fields: JSONValue
    /// Apple's `signedPayload` for this event: ES256 JWS, as the notifier would send it.
    var signedPayload: SignedPayload<ResponseBodyV2DecodedPayload>?

    init(_ event: Subscriptions_V1_NotificationEvent, routingKey: String? = nil, signed: Bool) {
        sequence = event.sequence
        notificationUUID = event.notificationUuid
        notificationType = event.notificationType.routingSegment
        subtype = event.subtype == .unspecified ? nil : event.subtype.routingSegment
        self.routingKey = routingKey ?? event.routingKey
        subscriptionId = event.subscriptionID
        signedDate = event.signedDate.saturatingMilliseconds
        causedByCommandId = event.causedByCommandID.isEmpty ? nil : event.causedByCommandID
        fields = (try? event.jsonUTF8Data()).flatMap { JSONValue(json: $0) } ?? .null
        signedPayload = signed ? ResponseBodyV2DecodedPayload(event).map { SignedPayload($0) } : nil
    }

    enum CodingKeys: String, CodingKey {
        case sequence, notificationUUID, notificationType, subtype, routingKey, subscriptionId, signedDate, causedByCommandId, fields
        case signedPayload
    }
}

/// One event of the live stream, encoded once and sent to every stream.
struct LiveEvent {
    let view: EventView

    init(_ event: Subscriptions_V1_NotificationEvent, routingKey: String) {
        view = EventView(event, routingKey: routingKey, signed: false)
    }

    /// One line of JSON (an SSE `data:` field must not hold a line break; `JSONEncoder` writes none).
    var json: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(view)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }
}
