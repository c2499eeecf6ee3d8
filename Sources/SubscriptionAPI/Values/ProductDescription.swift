/// A customer-facing description of an item or subscription (`description` in Apple's JSON):
/// 1…45 characters, no control characters.
public struct ProductDescription: RawRepresentable, Codable, Hashable, Sendable, CustomStringConvertible {
    static let rule = TextRule(
        maximumLength: 45, allowsSpaces: true, tooLong: .descriptionLengthExceeded, invalid: .invalidDescription)

    /// The text.
    public let rawValue: String

    /// Creates a description when `rawValue` satisfies the rules.
    public init?(rawValue: String) {
        guard Self.rule.problem(with: rawValue) == nil else { return nil }
        self.rawValue = rawValue
    }

    public init(from decoder: any Decoder) throws {
        rawValue = try Self.rule.decode(from: decoder, what: "a string")
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    public var description: String { rawValue }
}
