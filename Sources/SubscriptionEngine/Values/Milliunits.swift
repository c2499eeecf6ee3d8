/// An amount of money in thousandths of a currency unit: USD 9.99 is `9990`.
///
/// Every price in the engine is an integer number of milliunits, so that arithmetic is
/// exact and the same inputs always give the same outputs. The arithmetic is checked: `+`, `-`,
/// ``scaled(by:over:)`` and ``doubled()`` throw ``EngineRejection`` (`outOfRange`,
/// `ValueOutOfRangeError`) where the result would not fit, so no input can trap the engine
/// (CONTRIBUTING.md, "Checked arithmetic"). Entry points bound prices to ``maximumPrice``.
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

    /// The highest price a request may carry: one thousand million currency units
    /// (1,000,000,000,000 milliunits), above what any storefront charges in any currency (the
    /// App Store's highest prices are in the hundreds of millions of Vietnamese dong). Sums of
    /// many such prices stay far from `Int64`'s limits.
    public static let maximumPrice = Milliunits(1_000_000_000_000)

    public static func < (lhs: Milliunits, rhs: Milliunits) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The sum, or a refusal when it does not fit.
    public static func + (lhs: Milliunits, rhs: Milliunits) throws(EngineRejection) -> Milliunits {
        let (sum, overflow) = lhs.rawValue.addingReportingOverflow(rhs.rawValue)
        guard !overflow else { throw .arithmeticOverflow("\(lhs) + \(rhs)") }
        return Milliunits(sum)
    }

    /// The difference, or a refusal when it does not fit.
    public static func - (lhs: Milliunits, rhs: Milliunits) throws(EngineRejection) -> Milliunits {
        let (difference, overflow) = lhs.rawValue.subtractingReportingOverflow(rhs.rawValue)
        guard !overflow else { throw .arithmeticOverflow("\(lhs) - \(rhs)") }
        return Milliunits(difference)
    }

    /// Twice the amount, or a refusal when it does not fit.
    public func doubled() throws(EngineRejection) -> Milliunits { try self + self }

    /// `self × numerator / denominator` rounded half to even (banker's rounding), computed in
    /// 128 bits; a refusal when the denominator is not positive or the result does not fit.
    public func scaled(by numerator: Int64, over denominator: Int64) throws(EngineRejection) -> Milliunits {
        guard denominator > 0 else { throw .arithmeticOverflow("\(self) × \(numerator) / \(denominator)") }
        let product = rawValue.multipliedFullWidth(by: numerator)
        // The quotient fits when |high| is below the denominator's half-range (dividingFullWidth's
        // precondition): checked on the magnitude of the 128-bit product.
        let negative = product.high < 0
        let magnitude = negative ? Self.negate(product) : (high: UInt64(bitPattern: product.high), low: product.low)
        let divisor = UInt64(denominator)
        guard magnitude.high < divisor else { throw .arithmeticOverflow("\(self) × \(numerator) / \(denominator)") }
        var (quotient, remainder) = divisor.dividingFullWidth(magnitude)
        let twice = remainder.multipliedReportingOverflow(by: 2)
        if twice.overflow || twice.partialValue > divisor || (twice.partialValue == divisor && quotient % 2 != 0) {
            let (rounded, overflow) = quotient.addingReportingOverflow(1)
            guard !overflow else { throw .arithmeticOverflow("\(self) × \(numerator) / \(denominator)") }
            quotient = rounded
        }
        guard quotient <= UInt64(Int64.max) + (negative ? 1 : 0) else {
            throw .arithmeticOverflow("\(self) × \(numerator) / \(denominator)")
        }
        return Milliunits(negative ? Int64(truncatingIfNeeded: 0 &- quotient) : Int64(quotient))
    }

    private static func negate(_ value: (high: Int64, low: UInt64)) -> (high: UInt64, low: UInt64) {
        let low = ~value.low &+ 1
        let high = ~UInt64(bitPattern: value.high) &+ (low == 0 ? 1 : 0)
        return (high, low)
    }

    public static let zero = Milliunits(0)

    /// A refusal naming `field` when the amount is above ``maximumPrice`` (or below its negative):
    /// a price no storefront charges is refused where it enters, never computed with.
    public func checkPrice(field: String) throws(EngineRejection) {
        guard rawValue.magnitude <= Self.maximumPrice.rawValue.magnitude else {
            throw EngineRejection(
                .outOfRange, error: .valueOutOfRange, field: field,
                "\(field) must be at most \(Self.maximumPrice.rawValue) milliunits (\(Self.maximumPrice)), got \(rawValue)")
        }
    }

    /// `1234567` reads as `1234.567`.
    public var description: String {
        let sign = rawValue < 0 ? "-" : ""
        let magnitude = rawValue.magnitude
        let fraction = String(magnitude % 1000)
        return "\(sign)\(magnitude / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)"
    }
}

extension Sequence where Element == Milliunits {
    /// The sum of the amounts, or a refusal when it does not fit.
    public func sum() throws(EngineRejection) -> Milliunits {
        var total = Milliunits.zero
        for amount in self { total = try total + amount }
        return total
    }
}
