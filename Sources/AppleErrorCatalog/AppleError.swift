/// One entry of the error catalog: a numeric `errorCode` in Apple's scheme, the HTTP status it is
/// answered with, a stable name and a default message in plain words.
///
/// Apple's codes carry the HTTP status in their first three digits (`4000009` → 400, `4030004` → 403),
/// and so do ours. The codes this service adds where Apple defines none have `9` as their fourth
/// digit (`4009002`, `4039001`, `5039000`), a digit Apple's codes do not use there, so a client can
/// tell them from Apple's at a glance. `<status>9999` is the fallback for a refusal with no code.
///
/// This module is the one place the codes are written down: the engine, the HTTP models and
/// the wire mapping all use these constants (``AppleError/all`` lists them).
public struct AppleError: Sendable, Hashable, CustomStringConvertible {
    /// Who defined the code.
    public enum Origin: Sendable, Hashable {
        /// Apple's App Store Server API.
        case appStoreServerAPI
        /// Apple's Advanced Commerce API.
        case advancedCommerceAPI
        /// This service, for problems Apple has no code for (fourth digit `9`).
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

    public var description: String { "\(name) (\(errorCode), HTTP \(httpStatus))" }
}

extension AppleError {
    /// Every error of the catalog, Apple's and ours; each code appears once, with one name.
    public static let all: [AppleError] =
        appStoreServerAPIErrors + advancedCommerceAPIErrors + serviceErrors + historyErrors + authenticationErrors
        + refundErrors + retentionMessagingErrors

    /// Looks an error up by its numeric code; `nil` when the code is not in ``all``.
    public init?(errorCode: Int64) {
        guard let found = Self.all.first(where: { $0.errorCode == errorCode }) else { return nil }
        self = found
    }
}
