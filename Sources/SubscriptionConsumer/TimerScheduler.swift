import Foundation
import Logging
import ServiceLifecycle
import SubscriptionStore

/// With the system clock, asks the command pipeline to fire due timers (renewals, consent
/// requests and reminders, effective dates, grace and retry ends, mass-extension batches) as
/// their time comes: it sleeps until the earliest due timer in the store, or at most
/// `interval` so timers created by commands meanwhile are seen. The pipeline fires them in its
/// own transactions, so every event is committed and published in one order. With the manual
/// clock it is not run: time moves only by `AdvanceTestClock`.
final class TimerScheduler: Service {
    private let database: any ConsumerStore
    private let inbox: DeliveryInbox
    private let wake: @Sendable () -> Void
    private let interval: Duration
    private let logger: Logger

    init(database: any ConsumerStore, inbox: DeliveryInbox, wake: @escaping @Sendable () -> Void, interval: Duration, logger: Logger) {
        self.database = database
        self.inbox = inbox
        self.wake = wake
        self.interval = interval
        self.logger = logger
    }

    func run() async throws {
        while !Task.isShuttingDownGracefully, !Task.isCancelled {
            var pause = interval
            do {
                if let next = try await database.read({ try $0.earliestDueDate() }) {
                    let untilNext = next.timeIntervalSinceNow
                    if untilNext <= 0 {
                        inbox.requestTimers()
                        wake()
                    } else {
                        pause = min(pause, .milliseconds(Int64(untilNext * 1000) + 1))
                    }
                }
            } catch {
                logger.error("looking for due timers failed; retrying", metadata: ["error": "\(error)"])
            }
            try? await cancelWhenGracefulShutdown { [pause] in try await Task.sleep(for: pause) }
        }
    }
}
