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
