import AppleErrorCatalog

/// The length and character rules of one kind of text field (apple-domain.md §3.3): the HTTP
/// request models (`SubscriptionAPI`) and the consumer's check of commands from the bus
/// (`BusCommandValidator`) apply the same rule, so a value refused on one entry is refused on
/// the other with the same error code.
public struct TextRule: Sendable {
    /// Longest allowed value, in characters.
    public let maximumLength: Int
    /// Whether spaces are allowed (display texts) or not (identifiers).
    public let allowsSpaces: Bool
    /// Error for a value that is too long.
    public let tooLong: AppleError
    /// Error for an empty value or a forbidden character.
    public let invalid: AppleError

    /// A rule.
    public init(maximumLength: Int, allowsSpaces: Bool, tooLong: AppleError, invalid: AppleError) {
        self.maximumLength = maximumLength
        self.allowsSpaces = allowsSpaces
        self.tooLong = tooLong
        self.invalid = invalid
    }

    /// What is wrong with `text`, or `nil`. Printable ASCII within the length (every
    /// identifier and most names) is answered without looking at Unicode properties.
    public func problem(with text: String) -> (message: String, error: AppleError)? {
        if text.isEmpty { return ("must not be empty", invalid) }
        let utf8 = text.utf8
        if utf8.count <= maximumLength, utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F || (allowsSpaces && $0 == 0x20) }) {
            return nil
        }
        let length = text.count
        if length > maximumLength {
            return ("must be at most \(maximumLength) characters, got \(length)", tooLong)
        }
        let forbidden = text.unicodeScalars.first {
            $0.properties.generalCategory == .control || (!allowsSpaces && $0.properties.isWhitespace)
        }
        if let forbidden {
            return ("must not contain \(allowsSpaces ? "control characters" : "whitespace or control characters"), found U+\(String(forbidden.value, radix: 16, uppercase: true))", invalid)
        }
        return nil
    }
}
