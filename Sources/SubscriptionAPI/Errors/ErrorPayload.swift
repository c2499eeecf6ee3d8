/// The error body of Apple's APIs: `{ "errorCode": 4000009, "errorMessage": "Invalid extend by days value." }`.
public struct ErrorPayload: Codable, Sendable, Hashable {
    /// The numeric code, see ``APIError``.
    public var errorCode: Int64
    /// A human-readable message.
    public var errorMessage: String

    /// Creates an error body.
    public init(errorCode: Int64, errorMessage: String) {
        self.errorCode = errorCode
        self.errorMessage = errorMessage
    }
}
