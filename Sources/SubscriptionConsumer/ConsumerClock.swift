import Foundation
import SubscriptionStore
import SubscriptionWire

/// The engine's "now" for the consumer: the system clock, or in manual mode a test clock
/// persisted in the database that only `AdvanceTestClock` moves (R-REN-3).
struct ConsumerClock: Sendable {
    static let settingName = "test-clock.now-ms"

    var mode: ClockMode

    /// Now, read inside `transaction`. The manual clock starts at the system time of its
    /// first use (whole seconds) and is stored so a restart continues where it stopped.
    func now(in transaction: StoreTransaction, systemNow: Date = Date()) throws -> Date {
        switch mode {
        case .system:
            return systemNow
        case .manual:
            if let stored = try transaction.setting(Self.settingName), let milliseconds = Int64(stored) {
                return Date(timeIntervalSince1970: TimeInterval(milliseconds) / 1000)
            }
            let start = Date(timeIntervalSince1970: systemNow.timeIntervalSince1970.rounded(.down))
            try set(start, in: transaction)
            return start
        }
    }

    /// Stores the manual clock's new time.
    func set(_ date: Date, in transaction: StoreTransaction) throws {
        let milliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
        try transaction.setSetting(Self.settingName, to: String(milliseconds))
    }
}
