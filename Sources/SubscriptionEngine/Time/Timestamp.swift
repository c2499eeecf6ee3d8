/// An instant in time: milliseconds since 1970-01-01T00:00:00Z, Apple's representation of
/// every date in App Store payloads.
///
/// The engine never reads the clock; every operation receives the current `Timestamp` from
/// its caller (R-REN-3).
public struct Timestamp: Comparable, Hashable, Codable, Sendable, CustomStringConvertible {
    public var millisecondsSince1970: Int64

    public init(millisecondsSince1970: Int64) { self.millisecondsSince1970 = millisecondsSince1970 }

    public init(from decoder: any Decoder) throws {
        millisecondsSince1970 = try decoder.singleValueContainer().decode(Int64.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(millisecondsSince1970)
    }

    public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool {
        lhs.millisecondsSince1970 < rhs.millisecondsSince1970
    }

    public static let millisecondsPerDay: Int64 = 86_400_000

    /// This instant moved by a whole number of days (24-hour days; UTC has no DST).
    public func adding(days: Int) -> Timestamp {
        Timestamp(millisecondsSince1970: millisecondsSince1970 + Int64(days) * Self.millisecondsPerDay)
    }

    /// This instant moved by milliseconds.
    public func adding(milliseconds: Int64) -> Timestamp {
        Timestamp(millisecondsSince1970: millisecondsSince1970 + milliseconds)
    }

    /// Milliseconds from `self` to `other` (negative when `other` is earlier).
    public func milliseconds(to other: Timestamp) -> Int64 {
        other.millisecondsSince1970 - millisecondsSince1970
    }

    /// ISO 8601 in UTC with milliseconds, e.g. `2026-03-01T00:00:00.000Z`.
    public var description: String {
        let parts = civil
        func pad(_ value: Int64, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        let ms = parts.millisecondOfDay
        return "\(pad(parts.year, 4))-\(pad(parts.month, 2))-\(pad(parts.day, 2))T"
            + "\(pad(ms / 3_600_000, 2)):\(pad(ms / 60_000 % 60, 2)):\(pad(ms / 1000 % 60, 2)).\(pad(ms % 1000, 3))Z"
    }
}
