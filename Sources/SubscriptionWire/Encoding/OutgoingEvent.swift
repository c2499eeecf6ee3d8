import Foundation
import SubscriptionEngine
import SubscriptionMessages
import SubscriptionStore

/// A notification event on its way to the outbox: an engine event, written straight to the
/// wire format (``ProtobufWriter``), or a message already built (a preview's, a test's).
/// ``message`` builds the generated type when a caller wants to read it.
public struct OutgoingEvent: Sendable {
    private enum Source: Sendable {
        case engine(EngineEvent, causedBy: String?)
        case message(Subscriptions_V1_NotificationEvent)
    }

    private let source: Source

    /// The engine's event; `caused_by_command_id` is its own, else `commandId` (nil: caused by time).
    public init(_ event: EngineEvent, causedBy commandId: String? = nil) {
        source = .engine(event, causedBy: commandId)
    }

    /// An event already in its wire type.
    public init(_ message: Subscriptions_V1_NotificationEvent) {
        source = .message(message)
    }

    /// The event as the generated message.
    public var message: Subscriptions_V1_NotificationEvent {
        switch source {
        case .engine(let event, let commandId): Subscriptions_V1_NotificationEvent(event, causedBy: commandId)
        case .message(let message): message
        }
    }

    /// The event's outbox entry: its bytes and what its AMQP properties need.
    public func outboxEntry() throws -> OutboxEntry {
        switch source {
        case .engine(let event, let commandId):
            var writer = ProtobufWriter()
            try writer.notificationEvent(event, causedBy: commandId)
            let body = writer.data
            WireEncodingCheck.verify(body, matches: try? message.serializedBytes(), "\(event.notificationType)")
            return OutboxEntry(
                routingKey: Subscriptions_V1_NotificationEvent.routingKey(
                    Subscriptions_V1_NotificationType(event.notificationType), Subscriptions_V1_Subtype(event.subtype)),
                messageId: event.notificationUUID,
                correlationId: event.causedByCommandId ?? commandId ?? "",
                subscriptionId: event.subscriptionId,
                sequence: Int64(event.sequence),
                signedAt: event.signedDate.millisecondsSince1970,
                body: body)
        case .message(let event):
            return OutboxEntry(
                routingKey: event.routingKey,
                messageId: event.notificationUuid,
                correlationId: event.causedByCommandID,
                subscriptionId: event.subscriptionID,
                sequence: Int64(event.sequence),
                signedAt: event.signedDate.seconds * 1000 + Int64(event.signedDate.nanos / 1_000_000),
                body: try event.serializedBytes())
        }
    }
}
