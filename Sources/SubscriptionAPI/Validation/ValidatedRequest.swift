import AppleErrorCatalog
import Foundation

/// A request body that is decoded strictly and validated: the only way in is ``init(validating:)``,
/// which either returns a value that satisfies every syntactic rule or throws a ``ValidationError``.
public protocol ValidatedRequest: Codable, Sendable {
    /// Whose error codes answer structural problems (malformed JSON, unknown fields, wrong types):
    /// the Advanced Commerce API answers them with `MalformedPayload`; the others with our `4009xxx`.
    static var errorFamily: APIError.Origin { get }
}

extension ValidatedRequest {
    /// Decodes and validates a request body.
    ///
    /// Steps: a strict JSON syntax check (position-named errors, no trailing commas, no duplicate keys),
    /// then `JSONDecoder` through the types' strict `init(from:)`, whose problems are collected with
    /// their JSON paths. Never traps, never guesses.
    public init(validating body: some Sequence<UInt8>) throws(ValidationError) {
        let bytes = Array(body)
        do {
            try JSONSyntaxChecker.check(bytes)
            self = try JSONDecoder().decode(Self.self, from: Data(bytes))
        } catch let error as ValidationError {
            throw error.recoded(for: Self.errorFamily)
        } catch let error as DecodingError {
            throw ValidationError(ValidationIssue(error)).recoded(for: Self.errorFamily)
        } catch {
            throw ValidationError(ValidationIssue(path: "body", message: "\(error)", kind: .malformedJSON))
                .recoded(for: Self.errorFamily)
        }
    }

    /// Decodes and validates a request body given as text.
    public init(validating text: String) throws(ValidationError) {
        try self.init(validating: Array(text.utf8))
    }

    /// Encodes the request as JSON with Apple's field names (sorted keys, for stable output).
    public func jsonData() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try encoder.encode(self)
    }
}
