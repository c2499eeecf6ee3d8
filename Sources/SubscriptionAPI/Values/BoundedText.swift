import AppleErrorCatalog

/// The length and character rules of Apple's bounded strings (apple-domain.md §3.3), shared by
/// ``SKU``, ``DisplayName`` and ``ProductDescription``.
struct TextRule: Sendable {
    /// Longest allowed value, in characters.
    let maximumLength: Int
    /// Whether spaces are allowed (display texts) or not (identifiers).
    let allowsSpaces: Bool
    /// Error for a value that is too long.
    let tooLong: APIError
    /// Error for an empty value or a forbidden character.
    let invalid: APIError

    /// What is wrong with `text`, or `nil`.
    func problem(with text: String) -> (message: String, error: APIError)? {
        if text.isEmpty { return ("must not be empty", invalid) }
        if text.count > maximumLength {
            return ("must be at most \(maximumLength) characters, got \(text.count)", tooLong)
        }
        let forbidden = text.unicodeScalars.first {
            $0.properties.generalCategory == .control || (!allowsSpaces && $0.properties.isWhitespace)
        }
        if let forbidden {
            return ("must not contain \(allowsSpaces ? "control characters" : "whitespace or control characters"), found U+\(String(forbidden.value, radix: 16, uppercase: true))", invalid)
        }
        return nil
    }

    /// Decodes and checks a string at `decoder`.
    func decode(from decoder: any Decoder, what: String) throws -> String {
        let text = try decoder.decodeLeaf(String.self, expecting: what, error: invalid)
        if let (message, error) = problem(with: text) { throw decoder.invalid(message, error: error) }
        return text
    }
}

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
