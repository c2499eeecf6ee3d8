import AppleErrorCatalog

/// Codes made of exactly three upper-case ASCII letters: ISO 4217 currencies, ISO 3166-1 alpha-3
/// storefronts. Lower case is rejected, not folded: a request is taken as sent or refused.
enum LetterCode {
    /// What is wrong with `text` as a three-letter code, or `nil`.
    static func problem(with text: String, standard: String) -> String? {
        let isValid = text.utf8.count == 3
            && text.utf8.allSatisfy { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) }
        return isValid ? nil : "must be an \(standard) code of three upper-case letters, got \"\(text)\""
    }
}

/// An ISO 4217 currency code (`USD`, `EUR`, `KRW`).
public struct CurrencyCode: RawRepresentable, Codable, Hashable, Sendable, CustomStringConvertible {
    /// The code.
    public let rawValue: String

    /// Creates a code when `rawValue` is three upper-case letters.
    public init?(rawValue: String) {
        guard LetterCode.problem(with: rawValue, standard: "ISO 4217") == nil else { return nil }
        self.rawValue = rawValue
    }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.decodeLeaf(String.self, expecting: "an ISO 4217 code", error: .invalidCurrency)
        if let problem = LetterCode.problem(with: text, standard: "ISO 4217") {
            throw decoder.invalid(problem, error: .invalidCurrency)
        }
        rawValue = text
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    public var description: String { rawValue }
}

/// An App Store storefront as an ISO 3166-1 alpha-3 country code (`USA`, `KOR`, `IND`).
public struct StorefrontCode: RawRepresentable, Codable, Hashable, Sendable, CustomStringConvertible {
    /// The code.
    public let rawValue: String

    /// Creates a code when `rawValue` is three upper-case letters.
    public init?(rawValue: String) {
        guard LetterCode.problem(with: rawValue, standard: "ISO 3166-1 alpha-3") == nil else { return nil }
        self.rawValue = rawValue
    }

    public init(from decoder: any Decoder) throws {
        let error = Self.error(at: decoder.codingPath)
        let text = try decoder.decodeLeaf(String.self, expecting: "an ISO 3166-1 alpha-3 code", error: error)
        if let problem = LetterCode.problem(with: text, standard: "ISO 3166-1 alpha-3") {
            throw decoder.invalid(problem, error: error)
        }
        rawValue = text
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    public var description: String { rawValue }

    /// Both APIs use 4000028; the App Store Server API names it after `storefrontCountryCodes`.
    private static func error(at codingPath: [any CodingKey]) -> APIError {
        codingPath.contains { $0.stringValue == "storefrontCountryCodes" }
            ? .invalidStorefrontCountryCode : .invalidStorefront
    }
}
