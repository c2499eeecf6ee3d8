import Foundation
import Logging
import ServiceLifecycle
import SubscriptionStore
import SubscriptionWire

/// With the system clock, fires due timers (renewals, consent requests and reminders,
/// effective dates, grace and retry ends, extension batches) as their time comes: it sleeps
/// until the earliest due timer in the store, or at most `interval` so timers created by
/// commands meanwhile are seen. With the manual clock it does nothing: time moves only by
/// `AdvanceTestClock`.
final class TimerScheduler: Service {
    private let database: SubscriptionDatabase
    private let handler: any CommandHandling
    private let relay: OutboxRelay
    private let interval: Duration
    private let logger: Logger

    init(database: SubscriptionDatabase, handler: any CommandHandling, relay: OutboxRelay, interval: Duration, logger: Logger) {
        self.database = database
        self.handler = handler
        self.relay = relay
        self.interval = interval
        self.logger = logger
    }

    func run() async throws {
        while !Task.isShuttingDownGracefully, !Task.isCancelled {
            var pause = interval
            do {
                let fired = try await fireDue(now: Date())
                if fired > 0 {
                    logger.debug("timers fired", metadata: ["events": "\(fired)"])
                    try? await relay.flush()
                }
                if let next = try await database.read({ try $0.earliestDueDate() }) {
                    let untilNext = Duration.milliseconds(Int64(max(0, next.timeIntervalSinceNow) * 1000))
                    pause = min(pause, untilNext)
                }
            } catch {
                logger.error("firing due timers failed; retrying", metadata: ["error": "\(error)"])
            }
            try? await cancelWhenGracefulShutdown { [pause] in try await Task.sleep(for: pause) }
        }
    }

    /// Fires every timer due at or before `now` in one transaction; returns the event count.
    func fireDue(now: Date) async throws -> Int {
        try await database.write { [handler] transaction in
            let events = try handler.advance(to: now, in: transaction)
            try transaction.enqueue(events.map(OutboxEntry.init(event:)))
            return events.count
        }
    }
}
