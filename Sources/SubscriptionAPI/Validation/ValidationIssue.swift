import AppleErrorCatalog

/// One problem found in a request body, named by its JSON path (`changeItems[0].price`, or `body`
/// for the document as a whole).
public struct ValidationIssue: Sendable, Hashable, CustomStringConvertible {
    /// What kind of problem it is; decides the error code when the field has no specific one.
    public enum Kind: Sendable, Hashable {
        /// The body is not valid JSON.
        case malformedJSON
        /// A key the request does not define at that place (also: a known field at the wrong level).
        case unknownField
        /// A required field is absent or null.
        case missingField
        /// A value of the wrong JSON type.
        case wrongType
        /// A value of the right type that breaks a rule (range, format, length, enumeration).
        case invalidValue
    }

    /// The JSON path of the offending value: `requestInfo.requestReferenceId`, `items[2].SKU`, `body`.
    public let path: String
    /// What is wrong, with the value where it helps: `must be 1...90, got 91`.
    public let message: String
    /// The kind of problem.
    public let kind: Kind
    /// The error answered for this issue: Apple's code where Apple defines one, else ours.
    public internal(set) var error: APIError

    /// Creates an issue; without a specific `error` the kind's service code is used.
    public init(path: String, message: String, kind: Kind, error: APIError? = nil) {
        self.path = path
        self.message = message
        self.kind = kind
        self.error = error ?? kind.serviceError
    }

    /// `path: message`, the form used in error bodies and logs.
    public var description: String { "\(path): \(message)" }
}

extension ValidationIssue.Kind {
    /// Our code for this kind of problem, used when Apple defines none.
    var serviceError: APIError {
        switch self {
        case .malformedJSON: .malformedJSON
        case .unknownField: .unknownField
        case .missingField: .missingField
        case .wrongType: .wrongType
        case .invalidValue: .invalidValue
        }
    }
}
