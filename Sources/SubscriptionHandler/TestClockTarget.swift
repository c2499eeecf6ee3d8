import AppleErrorCatalog
import SubscriptionEngine
import SubscriptionMessages
import SubscriptionWire
import SwiftProtobuf

/// Where an `AdvanceTestClock` moves the clock from `now`, or why it cannot: a zero or
/// negative amount is an invalid argument (400); an instant already passed or beyond
/// 9999-12-31 (the last instant a protobuf `Timestamp` holds) conflicts with the clock (409).
/// Amounts are checked before any arithmetic, so no input can overflow.
enum TestClockTarget {
    /// 9999-12-31T23:59:59.999Z.
    static let latest = Timestamp.latest

    static func resolve(
        _ target: Subscriptions_V1_AdvanceTestClockRequest.OneOf_Target?, from now: Timestamp
    ) -> Result<Timestamp, EngineRejection> {
        let room = latest.millisecondsSince1970 - now.millisecondsSince1970
        switch target {
        case .advanceBy(let duration):
            guard let milliseconds = milliseconds(duration) else { return .failure(outOfRange(now)) }
            guard milliseconds > 0 else {
                return .failure(EngineRejection(
                    .invalidArgument, field: "advanceBy", "advanceBy must be positive, got \(duration.seconds) s"))
            }
            guard milliseconds <= room else { return .failure(outOfRange(now)) }
            return Result { () throws(EngineRejection) in try now.adding(milliseconds: milliseconds) }.mapError { _ in outOfRange(now) }
        case .advanceByCalendar(let calendar):
            guard let plus = milliseconds(calendar.plus) else { return .failure(outOfRange(now)) }
            guard calendar.months >= 0, plus >= 0, calendar.months > 0 || plus > 0 else {
                return .failure(EngineRejection(
                    .invalidArgument, field: "advanceBy",
                    "advanceBy must be positive, got \(calendar.months) month(s) and \(calendar.plus.seconds) s"))
            }
            // 10,000 years of months is more than the room there is, whatever `now` is.
            guard calendar.months <= 120_000 else { return .failure(outOfRange(now)) }
            // Months in UTC with the day clamped to the month's end, as renewal dates are.
            guard let afterMonths = try? now.adding(months: Int(calendar.months)) else { return .failure(outOfRange(now)) }
            guard afterMonths <= latest, plus <= latest.millisecondsSince1970 - afterMonths.millisecondsSince1970 else {
                return .failure(outOfRange(now))
            }
            return Result { () throws(EngineRejection) in try afterMonths.adding(milliseconds: plus) }.mapError { _ in outOfRange(now) }
        case .advanceTo(let instant):
            guard instant.seconds <= latest.millisecondsSince1970 / 1000 else { return .failure(outOfRange(now)) }
            let target = Timestamp(millisecondsSince1970: max(instant.seconds, -1) * 1000 + Int64(instant.nanos / 1_000_000))
            guard target >= now else {
                return .failure(EngineRejection(
                    .failedPrecondition, error: .testClockAlreadyPast, field: "advanceTo",
                    "advanceTo \(target) is before the test clock's now \(now); the clock only moves forward"))
            }
            return .success(target)
        case nil:
            return .failure(EngineRejection(.invalidArgument, field: "target", "advanceBy or advanceTo is required"))
        }
    }

    /// Whole milliseconds of `duration`, or nil when it is too long to count (more than 10^13 s).
    private static func milliseconds(_ duration: Google_Protobuf_Duration) -> Int64? {
        guard (-10_000_000_000_000...10_000_000_000_000).contains(duration.seconds) else { return nil }
        return duration.seconds * 1000 + Int64(duration.nanos / 1_000_000)
    }

    private static func outOfRange(_ now: Timestamp) -> EngineRejection {
        EngineRejection(
            .failedPrecondition, error: .testClockOutOfRange, field: "advanceBy",
            "the test clock (now \(now)) cannot move past 9999-12-31T23:59:59.999Z")
    }
}
