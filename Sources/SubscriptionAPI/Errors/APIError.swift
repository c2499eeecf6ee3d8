/// One entry of the error catalog: a numeric `errorCode` in Apple's scheme, the HTTP status it is
/// answered with, a stable name and a human-readable message.
///
/// Apple's codes carry the HTTP status in their first three digits (`4000009` → 400, `4030004` → 403),
/// and so do ours: the codes this service adds where Apple defines none live in the separate
/// `4009xxx` range (see ``APIError/Origin/service``).
public struct APIError: Sendable, Hashable, CustomStringConvertible {
    /// Who defined the code.
    public enum Origin: Sendable, Hashable {
        /// Apple's App Store Server API.
        case appStoreServerAPI
        /// Apple's Advanced Commerce API.
        case advancedCommerceAPI
        /// This service, for problems Apple has no code for (range `4009000…4009999`).
        case service
    }

    /// The numeric code sent as `errorCode`.
    public let errorCode: Int64
    /// The error's name, as in Apple's documentation (`InvalidExtendByDaysError`).
    public let name: String
    /// The default `errorMessage`.
    public let message: String
    /// Who defined the code.
    public let origin: Origin

    /// Creates a catalog entry.
    public init(errorCode: Int64, name: String, message: String, origin: Origin) {
        self.errorCode = errorCode
        self.name = name
        self.message = message
        self.origin = origin
    }

    /// The HTTP status: the first three digits of the code.
    public var httpStatus: Int { Int(errorCode / 10_000) }

    /// The body sent with the HTTP status, with the default message.
    public var payload: ErrorPayload { ErrorPayload(errorCode: errorCode, errorMessage: message) }

    public var description: String { "\(name) (\(errorCode), HTTP \(httpStatus))" }
}

extension APIError {
    /// Every error this module knows, Apple's and ours.
    public static let catalog: [APIError] =
        appStoreServerAPIErrors + advancedCommerceAPIErrors + serviceErrors + historyErrors

    /// Looks an error up by its numeric code; `nil` when the code is not in ``catalog``.
    public init?(errorCode: Int64) {
        guard let found = Self.catalog.first(where: { $0.errorCode == errorCode }) else { return nil }
        self = found
    }
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
