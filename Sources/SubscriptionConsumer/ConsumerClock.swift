import Foundation
import SubscriptionHandler
import SubscriptionStore
import SubscriptionWire

/// The engine's "now" for the consumer: the system clock, or in manual mode a test clock
/// persisted in the database that only `AdvanceTestClock` moves (R-REN-3).
struct ConsumerClock: Sendable {
    static let settingName = "test-clock.now-ms"

    var mode: ClockMode

    /// Now, read inside `transaction`. The manual clock starts at the system time of its
    /// first use (whole seconds) and is stored so a restart continues where it stopped.
    func now(in transaction: any ConsumerStoreTransaction, systemNow: Date = Date()) throws -> Date {
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

    /// Now, without starting the manual clock (a read-only transaction may call it): nil when
    /// the manual clock was never used.
    func currentTime(in transaction: any ConsumerStoreTransaction, systemNow: Date = Date()) throws -> Date? {
        switch mode {
        case .system:
            return systemNow
        case .manual:
            guard let stored = try transaction.setting(Self.settingName), let milliseconds = Int64(stored) else { return nil }
            return Date(timeIntervalSince1970: TimeInterval(milliseconds) / 1000)
        }
    }

    /// Stores the manual clock's new time.
    func set(_ date: Date, in transaction: any ConsumerStoreTransaction) throws {
        let milliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
        try transaction.setSetting(Self.settingName, to: String(milliseconds))
    }
}

/// The clock inside one write transaction: the manual clock is read from the database once
/// per transaction (not once per command) and follows the advances made in it.
struct TransactionClock {
    let clock: ConsumerClock
    let transaction: any ConsumerStoreTransaction
    private var manualNow: Date?

    init(_ clock: ConsumerClock, in transaction: any ConsumerStoreTransaction) {
        self.clock = clock
        self.transaction = transaction
    }

    var mode: ClockMode { clock.mode }

    mutating func now() throws -> Date {
        guard clock.mode == .manual else { return Date() }
        if let manualNow { return manualNow }
        let now = try clock.now(in: transaction)
        manualNow = now
        return now
    }

    /// The manual clock moved to `date` (an `AdvanceTestClock` in this transaction).
    mutating func advanced(to date: Date) throws {
        try clock.set(date, in: transaction)
        manualNow = date
    }
}
