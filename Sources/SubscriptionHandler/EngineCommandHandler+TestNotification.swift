import Foundation
import Logging
import StableIdentifiers
import SubscriptionEngine
import SubscriptionMessages
import SubscriptionStore
import SubscriptionWire

extension EngineCommandHandler {
    /// `request_test_notification`: a `TEST` event (Apple's shape: `data` with the app's
    /// bundle id and environment, no transaction) published like every other event, so the
    /// notifier delivers it to the notification URL(s). The token is
    /// `<notificationUUID>_<signedDate ms>`, as Apple's tokens look. The UUID is derived from the
    /// command id, like every other event's from what it describes, so replaying the command
    /// into another deployment publishes the same bytes (docs/golden-replays.md, R-RPL-4).
    func requestTestNotification(
        of envelope: Subscriptions_V1_CommandEnvelope, at now: Timestamp, in transaction: any AggregateTransaction,
        logger: Logger
    ) throws -> CommandOutcome {
        let due = try advance(to: now.date, massExtensionBatches: 0, in: transaction)
        let app = engine.catalog.app
        let uuid = UUIDv5.string(namespace: Self.testNotificationNamespace, name: "test-notification/\(envelope.commandID)")
        let event = Subscriptions_V1_NotificationEvent.with {
            $0.notificationType = .test
            $0.notificationUuid = uuid
            $0.signedDate = now.protobuf
            $0.version = "2.0"
            $0.schemaVersion = 1
            $0.causedByCommandID = envelope.commandID
            $0.data = .with {
                $0.environment = Subscriptions_V1_Environment(app.environment)
                $0.appAppleID = app.appAppleId
                $0.bundleID = app.bundleId
                $0.bundleVersion = app.bundleVersion
            }
        }
        let token = "\(uuid)_\(now.millisecondsSince1970)"
        logger.debug("test notification requested", metadata: ["notification.uuid": "\(uuid)"])
        return CommandOutcome(
            reply: OutgoingReply(Subscriptions_V1_CommandReply(
                commandId: envelope.commandID, result: .requestTestNotification(.with { $0.testNotificationToken = token }),
                repliedAt: now)),
            events: due + [OutgoingEvent(event)])
    }

    /// The namespace of test notifications' UUIDs (a fixed random UUID).
    static let testNotificationNamespace: [UInt8] = [
        0x2c, 0x8e, 0x41, 0x7a, 0x05, 0xd3, 0x4b, 0x96, 0xa1, 0x3f, 0x6e, 0x20, 0x9b, 0x54, 0xc7, 0x18,
    ]
}
