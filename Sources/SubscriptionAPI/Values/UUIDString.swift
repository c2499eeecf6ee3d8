import Foundation

/// A UUID kept exactly as sent (`e2a88501-25ba-403a-9c46-d7b8eecc56ba`): Apple's `requestReferenceId`,
/// `appAccountToken` and the mass extension's `requestIdentifier`. Either letter case is accepted, as
/// `UUID(uuidString:)` does; the text is echoed back unchanged.
public struct UUIDString: RawRepresentable, Codable, Hashable, Sendable, CustomStringConvertible {
    /// The text as sent.
    public let rawValue: String

    /// Creates the value when `rawValue` is a 36-character UUID.
    public init?(rawValue: String) {
        guard rawValue.utf8.count == 36, UUID(uuidString: rawValue) != nil else { return nil }
        self.rawValue = rawValue
    }

    /// Wraps a `UUID` in its canonical lower-case form.
    public init(_ uuid: UUID) {
        rawValue = uuid.uuidString.lowercased()
    }

    /// The parsed UUID.
    public var uuid: UUID? { UUID(uuidString: rawValue) }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.decodeLeaf(String.self, expecting: "a UUID string", error: nil)
        guard let value = Self(rawValue: text) else {
            throw decoder.invalid("must be a UUID (8-4-4-4-12 hex digits), got \"\(text)\"", error: nil)
        }
        self = value
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    public var description: String { rawValue }
}
