import Foundation
import Logging
import SubscriptionEngine
import SubscriptionMessages
import SubscriptionStore

extension EngineCommandHandler {
    /// `request_test_notification`: a `TEST` event (Apple's shape: `data` with the app's
    /// bundle id and environment, no transaction) published like every other event, so the
    /// notifier delivers it to the notification URL(s). The token is
    /// `<notificationUUID>_<signedDate ms>`, as Apple's tokens look.
    func requestTestNotification(
        of envelope: Subscriptions_V1_CommandEnvelope, at now: Timestamp, in transaction: any AggregateTransaction,
        logger: Logger
    ) throws -> CommandOutcome {
        let due = try advance(to: now.date, massExtensionBatches: 0, in: transaction)
        let app = engine.catalog.app
        let uuid = UUID().uuidString.lowercased()
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
            reply: Subscriptions_V1_CommandReply(
                commandId: envelope.commandID, result: .requestTestNotification(.with { $0.testNotificationToken = token }),
                repliedAt: now),
            events: due + [event])
    }
}
