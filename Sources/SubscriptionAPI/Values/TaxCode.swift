/// An Apple tax code (`C003-00-1`). Apple publishes the list, not a grammar; this module accepts
/// 1…32 upper-case letters, digits and hyphens and leaves the list check to the service.
public struct TaxCode: RawRepresentable, Codable, Hashable, Sendable, CustomStringConvertible {
    /// The code.
    public let rawValue: String

    /// Creates a tax code when `rawValue` has the accepted shape.
    public init?(rawValue: String) {
        guard Self.isWellFormed(rawValue) else { return nil }
        self.rawValue = rawValue
    }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.decodeLeaf(String.self, expecting: "a tax code string", error: .invalidTaxProductCode)
        guard Self.isWellFormed(text) else {
            throw decoder.invalid(
                "must be 1...32 upper-case letters, digits or '-', got \"\(text)\"", error: .invalidTaxProductCode)
        }
        rawValue = text
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    public var description: String { rawValue }

    private static func isWellFormed(_ text: String) -> Bool {
        (1...32).contains(text.utf8.count)
            && text.utf8.allSatisfy {
                (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0)
                    || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || $0 == UInt8(ascii: "-")
            }
    }
}
