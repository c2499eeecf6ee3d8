/// When a failed notification is tried again: Apple's schedule for App Store Server
/// Notifications V2, 1, 12, 24, 48 and 72 hours after the first attempt (six attempts in
/// all), then never. Times are the notifier's clock (the test clock under `CLOCK=manual`).
public struct RetrySchedule: Sendable, Hashable {
    /// Offsets of the retries from the first attempt, in order.
    public var offsets: [Duration]

    /// Apple's schedule.
    public static let apple = RetrySchedule(offsets: [.seconds(3600), .seconds(12 * 3600), .seconds(24 * 3600), .seconds(48 * 3600), .seconds(72 * 3600)])

    /// A schedule with these offsets from the first attempt.
    public init(offsets: [Duration]) { self.offsets = offsets }

    /// When the attempt after attempt number `attempt` (1 = the first) falls due, in ms; nil
    /// when that was the last one.
    public func nextAttempt(after attempt: Int, firstAttemptAt: Int64) -> Int64? {
        guard attempt >= 1, attempt <= offsets.count else { return nil }
        let offset = offsets[attempt - 1].components
        return firstAttemptAt + offset.seconds * 1000 + offset.attoseconds / 1_000_000_000_000_000
    }
}
