/// A customer-facing name of an item or subscription: 1…30 characters, no control characters.
public struct DisplayName: RawRepresentable, Codable, Hashable, Sendable, CustomStringConvertible {
    static let rule = TextRule(
        maximumLength: 30, allowsSpaces: true, tooLong: .displayNameLengthExceeded, invalid: .invalidDisplayName)

    /// The text.
    public let rawValue: String

    /// Creates a display name when `rawValue` satisfies the rules.
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
