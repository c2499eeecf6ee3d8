import AppleErrorCatalog
import InputRules

/// Reading a ``TextRule`` (the rules themselves are `InputRules`', shared with the consumer's
/// check of commands from the bus).
extension TextRule {
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
    static let rule = InputRules.sku

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
    static let rule = InputRules.displayName

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
    static let rule = InputRules.description

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
