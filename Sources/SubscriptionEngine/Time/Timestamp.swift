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

    /// The first instant the engine computes with: 0001-01-01T00:00:00.000Z.
    public static let earliest = Timestamp(millisecondsSince1970: -62_135_596_800_000)
    /// The last instant the engine computes with: 9999-12-31T23:59:59.999Z.
    public static let latest = Timestamp(millisecondsSince1970: 253_402_300_799_999)

    /// Whether the instant lies within ``earliest``…``latest``, where every calendar operation
    /// has a result.
    public var isSupported: Bool { self >= Self.earliest && self <= Self.latest }

    /// This instant moved by a whole number of days (24-hour days; UTC has no DST), or a
    /// refusal when the result is not ``isSupported``.
    public func adding(days: Int) throws(EngineRejection) -> Timestamp {
        let (milliseconds, overflow) = Int64(clamping: days).multipliedReportingOverflow(by: Self.millisecondsPerDay)
        guard !overflow else { throw .arithmeticOverflow("\(self) + \(days) days") }
        return try adding(milliseconds: milliseconds)
    }

    /// This instant moved by milliseconds, or a refusal when the result is not ``isSupported``.
    public func adding(milliseconds: Int64) throws(EngineRejection) -> Timestamp {
        let (sum, overflow) = millisecondsSince1970.addingReportingOverflow(milliseconds)
        let result = Timestamp(millisecondsSince1970: sum)
        guard !overflow, result.isSupported else { throw .arithmeticOverflow("\(self) + \(milliseconds) ms") }
        return result
    }

    /// Milliseconds from `self` to `other` (negative when `other` is earlier), or a refusal when
    /// the difference does not fit.
    public func milliseconds(to other: Timestamp) throws(EngineRejection) -> Int64 {
        let (difference, overflow) = other.millisecondsSince1970.subtractingReportingOverflow(millisecondsSince1970)
        guard !overflow else { throw .arithmeticOverflow("\(other) - \(self)") }
        return difference
    }

    /// ISO 8601 in UTC with milliseconds, e.g. `2026-03-01T00:00:00.000Z`; an instant outside
    /// ``earliest``…``latest`` (a stored or received value the engine refuses) as its milliseconds,
    /// since the calendar is computed only within that range.
    public var description: String {
        guard isSupported else { return "\(millisecondsSince1970) ms since 1970" }
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
