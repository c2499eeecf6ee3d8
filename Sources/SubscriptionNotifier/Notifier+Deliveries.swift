import Foundation
import SubscriptionAPI
import SubscriptionStore

/// Deliveries: due ones POSTed, a round's attempts recorded together.
extension Notifier {
    /// Attempts due deliveries until cancelled; sleeps `pollInterval` when none is due (a new
    /// notification's first attempt therefore follows within that interval).
    func deliverUntilCancelled() async {
        while !Task.isCancelled {
            let attempted: Int
            do {
                attempted = try await deliverDue()
            } catch {
                logger.error("notifier could not read its deliveries", metadata: ["error": "\(error)"])
                attempted = 0
            }
            if attempted == 0 { try? await Task.sleep(for: configuration.pollInterval) }
        }
    }

    /// Attempts every delivery due now, `concurrency` at a time, and records the round's attempts
    /// in one transaction; returns how many.
    func deliverDue() async throws -> Int {
        let now = try await clock.now()
        let due = try await database.dueDeliveries(at: now, limit: configuration.concurrency)
        let attempts = await withTaskGroup(of: DeliveryAttempt?.self) { group in
            for delivery in due {
                group.addTask { await self.attempt(delivery, at: now) }
            }
            return await group.reduce(into: [DeliveryAttempt]()) { attempts, attempt in
                if let attempt { attempts.append(attempt) }
            }
        }
        do {
            try await database.recordAttempts(attempts)
        } catch {
            // Not recorded: the deliveries stay due and are attempted again (at least once).
            logger.error("notifier could not record its attempts", metadata: ["error": "\(error)", "attempts": "\(attempts.count)"])
        }
        return due.count
    }

    /// One POST of `delivery`; nil when its URL is not one (nothing was attempted).
    private func attempt(_ delivery: DueDelivery, at now: Int64) async -> DeliveryAttempt? {
        guard let url = URL(string: delivery.url) else { return nil }
        let body = (try? JSONEncoder().encode(ResponseBodyV2(signedPayload: delivery.signedPayload))) ?? Data()
        let outcome = await sender.send(body, to: url, timeout: configuration.timeout)
        let number = delivery.attempts + 1
        let next = outcome.isSuccess ? nil : configuration.retrySchedule.nextAttempt(after: number, firstAttemptAt: delivery.firstAttemptAt ?? now)
        logger.debug(
            "notification attempt",
            metadata: [
                "notification.uuid": "\(delivery.notificationUUID)", "url": "\(delivery.url)", "attempt": "\(number)",
                "result": "\(outcome.result)", "http.status": "\(outcome.httpStatus.map(String.init) ?? "-")",
                "next": "\(next.map(String.init) ?? "none")",
            ])
        return DeliveryAttempt(delivery: delivery, attemptedAt: now, result: outcome.result, httpStatus: outcome.httpStatus, nextAttemptAt: next)
    }
}
