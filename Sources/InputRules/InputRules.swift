import AppleErrorCatalog

/// The bounds of every value that enters the service, written down once: the HTTP request
/// models (`SubscriptionAPI`), the consumer's check of commands from the bus
/// (`BusCommandValidator`) and the engine's own refusals use these, so a value refused on one
/// entry is refused on the other (docs/reliability.md, "Inputs tried").
public enum InputRules {
    /// A stock-keeping unit or product identifier: 1…128 characters, no whitespace or control characters.
    public static let sku = TextRule(maximumLength: 128, allowsSpaces: false, tooLong: .skuLengthExceeded, invalid: .invalidSKU)
    /// A customer-facing name: 1…30 characters, no control characters.
    public static let displayName = TextRule(
        maximumLength: 30, allowsSpaces: true, tooLong: .displayNameLengthExceeded, invalid: .invalidDisplayName)
    /// A customer-facing description: 1…45 characters, no control characters.
    public static let description = TextRule(
        maximumLength: 45, allowsSpaces: true, tooLong: .descriptionLengthExceeded, invalid: .invalidDescription)
    /// Identifiers sent as strings (transaction ids, customer ids, request identifiers): 1…128
    /// characters without whitespace or control characters.
    public static let identifier = TextRule(maximumLength: 128, allowsSpaces: false, tooLong: .invalidValue, invalid: .invalidValue)

    /// Whether `text` is a locale such as `en-US`, as Apple's `InvalidLocaleError` (4000164)
    /// requires: a language of 2 or 3 letters, then up to two subtags of 2 to 8 letters or digits
    /// (the `Locale` schema of docs/openapi.yaml).
    public static func isLocale(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count), (2...3).contains(parts[0].count),
            parts[0].allSatisfy({ $0.isASCII && $0.isLetter })
        else { return false }
        return parts.dropFirst().allSatisfy { part in
            (2...8).contains(part.count) && part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
        }
    }

    /// The highest price (and prorated price, refund amount) a request may carry, in milliunits:
    /// one thousand million currency units, above what any storefront charges in any currency.
    /// The engine refuses a larger one too (`Milliunits.maximumPrice`, the same number).
    public static let maximumPrice: Int64 = 1_000_000_000_000

    /// What is wrong with the sign of a price, or nil: an item's price must be > 0, an offer,
    /// prorated or refund amount ≥ 0 (`allowsZero`). Apple has codes for these (NegativePrice…).
    public static func priceSign(_ price: Int64, allowsZero: Bool) -> String? {
        if allowsZero { return price >= 0 ? nil : "must be >= 0, got \(price)" }
        return price > 0 ? nil : "must be > 0, got \(price)"
    }

    /// What is wrong with the size of a price, or nil: at most ``maximumPrice`` either way
    /// (`ValueOutOfRangeError`; Apple has no code for it).
    public static func priceBound(_ price: Int64) -> String? {
        price.magnitude <= maximumPrice.magnitude ? nil : "must be at most \(maximumPrice) milliunits, got \(price)"
    }

    /// The first instant a request may name, in milliseconds since 1970: 0001-01-01T00:00:00Z.
    public static let earliestMilliseconds: Int64 = -62_135_596_800_000
    /// The last instant a request may name: 9999-12-31T23:59:59.999Z (what a protobuf
    /// `Timestamp` holds).
    public static let latestMilliseconds: Int64 = 253_402_300_799_999
    /// The longest duration a request may carry: 10,000 years of seconds.
    public static let maximumDurationSeconds: Int64 = 315_569_520_000

    /// The longest text of any string field of a command without a rule of its own (names of
    /// test clocks are 100 characters, tokens and ids far less), in UTF-8 bytes.
    public static let maximumTextBytes = 1_024
    /// The most elements of any repeated field of a command (a mass extension names at most
    /// the 175 storefronts; items, ids and filters far fewer).
    public static let maximumRepeatedCount = 1_000
}
