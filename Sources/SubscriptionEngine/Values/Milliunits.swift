/// An amount of money in thousandths of a currency unit: USD 9.99 is `9990`.
///
/// Every price in the engine is an integer number of milliunits, so that arithmetic is
/// exact and the same inputs always give the same outputs.
public struct Milliunits: RawRepresentable, Hashable, Comparable, Sendable, Codable,
    ExpressibleByIntegerLiteral, CustomStringConvertible
{
    public var rawValue: Int64

    public init(rawValue: Int64) { self.rawValue = rawValue }
    public init(_ rawValue: Int64) { self.rawValue = rawValue }
    public init(integerLiteral value: Int64) { self.rawValue = value }

    public init(from decoder: any Decoder) throws {
        self.rawValue = try decoder.singleValueContainer().decode(Int64.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    public static func < (lhs: Milliunits, rhs: Milliunits) -> Bool { lhs.rawValue < rhs.rawValue }
    public static func + (lhs: Milliunits, rhs: Milliunits) -> Milliunits { Milliunits(lhs.rawValue + rhs.rawValue) }
    public static func - (lhs: Milliunits, rhs: Milliunits) -> Milliunits { Milliunits(lhs.rawValue - rhs.rawValue) }
    public static let zero = Milliunits(0)

    /// `1234567` reads as `1234.567`.
    public var description: String {
        let sign = rawValue < 0 ? "-" : ""
        let magnitude = rawValue.magnitude
        let fraction = String(magnitude % 1000)
        return "\(sign)\(magnitude / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)"
    }
}
