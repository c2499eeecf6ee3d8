import AppleErrorCatalog

/// An entry of the error catalog (`AppleErrorCatalog`): a numeric `errorCode` in Apple's scheme,
/// the HTTP status it is answered with, a stable name and a message. The catalog is written down
/// once, in `AppleErrorCatalog`; this module answers validation problems with its entries.
public typealias APIError = AppleError

extension AppleError {
    /// The body sent with the HTTP status, with the default message.
    public var payload: ErrorPayload { ErrorPayload(errorCode: errorCode, errorMessage: message) }
}

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
