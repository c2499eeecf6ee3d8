import Foundation
import SubscriptionEngine
import SwiftProtobuf

/// The one place where the engine's millisecond `Timestamp` meets `Date` and
/// `google.protobuf.Timestamp`.
extension Timestamp {
    /// The instant of `date`, rounded to the nearest millisecond; a refusal (`ValueOutOfRangeError`)
    /// outside ``Timestamp/earliest``…``Timestamp/latest``, so no date can trap the conversion.
    public init(_ date: Date) throws(EngineRejection) {
        let milliseconds = (date.timeIntervalSince1970 * 1000).rounded()
        guard milliseconds >= Double(Timestamp.earliest.millisecondsSince1970),
            milliseconds <= Double(Timestamp.latest.millisecondsSince1970)
        else { throw .arithmeticOverflow("the date \(date.timeIntervalSince1970) s since 1970") }
        self.init(millisecondsSince1970: Int64(milliseconds))
    }

    /// The instant as a `Date`, a quarter of a millisecond after the exact millisecond.
    ///
    /// `Double(ms) / 1000 * 1000` is not always `ms` again; a store that truncates to whole
    /// milliseconds (as the SQLite store does) would then index a due time one millisecond
    /// early and the engine's advance loop would never see it fall due. With the offset both
    /// truncation and rounding read back exactly `millisecondsSince1970`.
    public var date: Date {
        Date(timeIntervalSince1970: (Double(millisecondsSince1970) + 0.25) / 1000)
    }

    /// The instant as a `google.protobuf.Timestamp` (exact: whole milliseconds).
    public var protobuf: Google_Protobuf_Timestamp {
        let milliseconds = millisecondsSince1970
        var seconds = milliseconds / 1000
        var remainder = milliseconds % 1000
        if remainder < 0 {
            seconds -= 1
            remainder += 1000
        }
        return Google_Protobuf_Timestamp(seconds: seconds, nanos: Int32(remainder) * 1_000_000)
    }

    /// The instant of a `google.protobuf.Timestamp`, truncated to whole milliseconds; a refusal
    /// (`ValueOutOfRangeError`) outside ``Timestamp/earliest``…``Timestamp/latest``.
    public init(_ timestamp: Google_Protobuf_Timestamp) throws(EngineRejection) {
        let seconds = timestamp.seconds
        guard seconds >= Timestamp.earliest.millisecondsSince1970 / 1000, seconds <= Timestamp.latest.millisecondsSince1970 / 1000,
            (0..<1_000_000_000).contains(timestamp.nanos)
        else { throw .arithmeticOverflow("the timestamp \(seconds) s \(timestamp.nanos) ns since 1970") }
        self.init(millisecondsSince1970: seconds * 1000 + Int64(timestamp.nanos / 1_000_000))
    }
}
