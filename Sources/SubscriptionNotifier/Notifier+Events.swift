import AMQPClient
import Foundation
import SubscriptionAPI
import SubscriptionDeadLetters
import SubscriptionMessages
import SubscriptionStore

/// Taking events: their notifications signed and stored, then the events acked.
extension Notifier {
    /// Events unacked at once: the most events stored in one transaction.
    static let prefetch: UInt16 = 256

    /// Stores the notifications of the events waiting (Apple's types only) in one transaction,
    /// then acks them: one synced commit for all that waited, not one per event. An event that
    /// is not a `NotificationEvent` can never be read: it goes to the notifier's dead-letter queue
    /// with the reason. One that cannot be signed, or a store that fails, goes back to the queue.
    func take(_ deliveries: [AMQPDelivery]) async {
        guard let last = deliveries.last else { return }
        var notifications: [StoredNotification] = []
        var unreadable: [(delivery: AMQPDelivery, reason: String)] = []
        var failed: [AMQPDelivery] = []
        for delivery in deliveries {
            let event: Subscriptions_V1_NotificationEvent
            do {
                event = try Subscriptions_V1_NotificationEvent(serializedBytes: Array(delivery.message.body))
            } catch {
                unreadable.append((delivery, "not a subscriptions.v1.NotificationEvent: \(error)"))
                continue
            }
            do {
                if let notification = try notification(of: event) { notifications.append(notification) }
            } catch {
                logger.error(
                    "notifier could not sign a notification; its event goes back to the queue",
                    metadata: ["notification.uuid": "\(event.notificationUuid)", "error": "\(error)"])
                failed.append(delivery)
            }
        }
        do {
            let now = try await clock.now()
            let new = try await database.insert(notifications, urls: configuration.urls.map(\.absoluteString), firstAttemptAt: now)
            logger.debug("notifications stored", metadata: ["events": "\(deliveries.count)", "new": "\(new)"])
        } catch {
            logger.error("notifier could not store its events; they go back to the queue", metadata: ["error": "\(error)"])
            try? await Task.sleep(for: .seconds(1))
            await settle { try await last.nack(requeue: true, multiple: true) }
            return
        }
        for (delivery, reason) in unreadable where !(await deadLetter(delivery, reason: reason)) {
            failed.append(delivery)
        }
        guard !failed.isEmpty else {
            // Taken one after the other, so every earlier delivery of this consumer is settled.
            await settle { try await last.ack(multiple: true) }
            return
        }
        let failedOnes = Set(failed.map(ObjectIdentifier.init))
        for delivery in deliveries where !failedOnes.contains(ObjectIdentifier(delivery)) {
            await settle { try await delivery.ack() }
        }
        try? await Task.sleep(for: .seconds(1))
        for delivery in failed {
            await settle { try await delivery.nack(requeue: true) }
        }
    }

    /// Publishes an event that can never be read to the notifier's dead-letter queue, with the
    /// reason (`x-death-reason`, `x-death-message`, as the consumer dead-letters commands), and
    /// waits for the confirm; whether it may be acked.
    private func deadLetter(_ delivery: AMQPDelivery, reason: String) async -> Bool {
        do {
            try await connection.publish(
                .deadLetter(of: delivery, reason: "unreadable-event", message: reason), exchange: "", routingKey: deadLetterQueue)
            logger.error(
                "notifier dead-lettered an event it cannot read",
                metadata: ["queue": "\(deadLetterQueue)", "routing.key": "\(delivery.routingKey)", "reason": "\(reason)"])
            return true
        } catch {
            logger.error("notifier could not dead-letter an unreadable event; it goes back to the queue", metadata: ["error": "\(error)"])
            return false
        }
    }

    /// The signed notification Apple would send for `event`; nil for an event of none of Apple's
    /// types.
    private func notification(of event: Subscriptions_V1_NotificationEvent) throws -> StoredNotification? {
        guard let payload = ResponseBodyV2DecodedPayload(event) else { return nil }
        let signed = try SignedPayload(payload).compactSerialization(signedBy: signer)
        return StoredNotification(
            uuid: payload.notificationUUID, notificationType: payload.notificationType, subtype: payload.subtype,
            subscriptionId: event.subscriptionID, signedDate: payload.signedDate, signedPayload: signed)
    }

    /// Acks or nacks; a connection lost meanwhile returns the deliveries to the queue anyway.
    private func settle(_ settlement: () async throws -> Void) async {
        do {
            try await settlement()
        } catch {
            logger.warning("notifier could not settle events", metadata: ["error": "\(error)"])
        }
    }
}
