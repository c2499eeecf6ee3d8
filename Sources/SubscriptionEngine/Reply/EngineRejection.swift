/// A command the engine refuses. `SubscriptionEngine.apply` returns it as
/// `EngineReply.rejected` (so the events of transitions that fell due before the command are
/// never lost); nothing of the command itself is saved.
public struct EngineRejection: Error, Hashable, Sendable, Codable, CustomStringConvertible {
    /// Our error codes; each maps onto one gRPC status of `status.proto`.
    public enum Code: String, Hashable, Sendable, Codable {
        /// A field is missing or malformed (INVALID_ARGUMENT, HTTP 400).
        case invalidArgument
        /// A value is outside its range (OUT_OF_RANGE, HTTP 400).
        case outOfRange
        /// The subscription, transaction, product or request does not exist (NOT_FOUND, 404).
        case notFound
        /// The entity already exists (ALREADY_EXISTS).
        case alreadyExists
        /// The subscription's state does not allow the operation (FAILED_PRECONDITION, 403).
        case failedPrecondition
        /// Not emulated (UNIMPLEMENTED).
        case unimplemented
    }

    public var code: Code
    /// Apple's numeric `errorCode`, when Apple defines one.
    public var appleErrorCode: Int?
    /// Apple's error name, e.g. `SubscriptionMaxExtensionError`.
    public var appleErrorName: String?
    /// Offending field as a path of Apple JSON names, e.g. `changeItems[0].currentSKU`.
    public var field: String?
    /// What was wrong, with the value.
    public var message: String

    public init(_ code: Code, apple: (Int, String)? = nil, field: String? = nil, _ message: String) {
        self.code = code
        self.appleErrorCode = apple?.0
        self.appleErrorName = apple?.1
        self.field = field
        self.message = message
    }

    /// The HTTP status Apple would answer with (`ErrorDetail.http_status`).
    public var httpStatus: Int {
        switch code {
        case .invalidArgument, .outOfRange: return 400
        case .failedPrecondition: return 403
        case .notFound: return 404
        case .alreadyExists: return appleErrorCode == nil ? 409 : 403
        case .unimplemented: return 501
        }
    }

    public var description: String {
        "\(code.rawValue)\(appleErrorCode.map { " \($0)" } ?? "")\(field.map { " [\($0)]" } ?? ""): \(message)"
    }

    static func missing(_ field: String, apple: (Int, String)? = nil) -> EngineRejection {
        EngineRejection(.invalidArgument, apple: apple, field: field, "\(field) is required")
    }

    static func subscriptionNotFound(_ id: String, field: String = "originalTransactionId") -> EngineRejection {
        EngineRejection(.notFound, apple: (4040005, "OriginalTransactionIdNotFoundError"), field: field, "no subscription '\(id)'")
    }
}
