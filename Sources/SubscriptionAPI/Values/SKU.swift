/// A stock-keeping unit of the Advanced Commerce API: 1…128 characters, no whitespace or control
/// characters (`ANNES_GOLD_TIER_1M`). Also used for product identifiers of our own endpoints.
public struct SKU: RawRepresentable, Codable, Hashable, Sendable, CustomStringConvertible {
    static let rule = TextRule(
        maximumLength: 128, allowsSpaces: false, tooLong: .skuLengthExceeded, invalid: .invalidSKU)

    /// The identifier.
    public let rawValue: String

    /// Creates a SKU when `rawValue` satisfies the rules.
    public init?(rawValue: String) {
        guard Self.rule.problem(with: rawValue) == nil else { return nil }
        self.rawValue = rawValue
    }

    public init(from decoder: any Decoder) throws {
        rawValue = try Self.rule.decode(from: decoder, what: "a SKU string")
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    public var description: String { rawValue }
}
