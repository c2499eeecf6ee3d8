/// A duration written as ISO 8601 (`P3D`, `P1W`, `P1M`, `P2M`, `P3M`, `P6M`, `P1Y`), used for
/// subscription periods and offer durations. Calendar arithmetic is done in UTC on the
/// Gregorian calendar, so results never depend on the machine's time zone.
public struct ISOPeriod: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The unit of an `ISOPeriod`.
    public enum Unit: String, Sendable, Codable, CaseIterable {
        case day = "D"
        case week = "W"
        case month = "M"
        case year = "Y"
    }

    public var count: Int
    public var unit: Unit

    public init(count: Int, unit: Unit) {
        self.count = count
        self.unit = unit
    }

    /// Parses `P<n><D|W|M|Y>`; returns nil for anything else, including zero or negative counts.
    public init?(iso8601 text: String) {
        guard text.count >= 3, text.first == "P", let unit = text.last.flatMap({ Unit(rawValue: String($0)) }),
            let count = Int(text.dropFirst().dropLast()), count > 0
        else { return nil }
        self.init(count: count, unit: unit)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let period = ISOPeriod(iso8601: text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "'\(text)' is not an ISO 8601 period such as P1W, P1M or P1Y")
        }
        self = period
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    public var description: String { "P\(count)\(unit.rawValue)" }

    /// True for periods of a year or more, which use the annual thresholds of the price rules.
    public var isAnnual: Bool { unit == .year || (unit == .month && count >= 12) }

    public static let oneWeek = ISOPeriod(count: 1, unit: .week)
    public static let oneMonth = ISOPeriod(count: 1, unit: .month)
    public static let twoMonths = ISOPeriod(count: 2, unit: .month)
    public static let threeMonths = ISOPeriod(count: 3, unit: .month)
    public static let sixMonths = ISOPeriod(count: 6, unit: .month)
    public static let oneYear = ISOPeriod(count: 1, unit: .year)
}
