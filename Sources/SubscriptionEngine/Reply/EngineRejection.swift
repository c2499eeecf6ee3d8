import AppleErrorCatalog

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
    /// The catalog's numeric `errorCode` (`AppleErrorCatalog`): Apple's where Apple defines one,
    /// else ours (fourth digit 9); `nil` when the refusal has no code of its own.
    public var appleErrorCode: Int?
    /// The catalog's name for ``appleErrorCode``, e.g. `SubscriptionMaxExtensionError`.
    public var appleErrorName: String?
    /// Offending field as a path of Apple JSON names, e.g. `changeItems[0].currentSKU`.
    public var field: String?
    /// What was wrong, with the value.
    public var message: String

    /// A refusal with `code`, the catalog entry `error` (if any), the offending `field` and a message
    /// in plain words that names the value.
    public init(_ code: Code, error: AppleError? = nil, field: String? = nil, _ message: String) {
        self.code = code
        self.appleErrorCode = error.map { Int($0.errorCode) }
        self.appleErrorName = error?.name
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

    /// The catalog entry of ``appleErrorCode``, if it has one.
    public var catalogError: AppleError? { appleErrorCode.flatMap { AppleError(errorCode: Int64($0)) } }

    static func missing(_ field: String, error: AppleError? = nil) -> EngineRejection {
        EngineRejection(.invalidArgument, error: error, field: field, "\(field) is required")
    }

    /// A checked money or time operation whose result does not fit (``Milliunits``,
    /// ``Timestamp``): refused, never computed (CONTRIBUTING.md, "Checked arithmetic").
    public static func arithmeticOverflow(_ operation: String) -> EngineRejection {
        EngineRejection(
            .outOfRange, error: .valueOutOfRange,
            "\(operation) is beyond what the service computes with (amounts within ±9223372036854775.807, dates within 0001-01-01…9999-12-31)")
    }

    static func subscriptionNotFound(_ id: String, field: String = "originalTransactionId") -> EngineRejection {
        EngineRejection(.notFound, error: .originalTransactionIdNotFound, field: field, "no subscription '\(id)'")
    }
}
