import AppleErrorCatalog

/// Why a request body was rejected: one or more ``ValidationIssue``s, each naming its field by JSON path.
///
/// The first issue decides the answer: its ``APIError`` gives the HTTP status and `errorCode`; the
/// `errorMessage` lists every issue (`requestInfo: missing; retainBillingCycle: missing`).
public struct ValidationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Every problem found, in document order as far as decoding allows; never empty.
    public private(set) var issues: [ValidationIssue]

    /// Creates an error from its issues; an empty list becomes one generic `body` issue.
    public init(issues: [ValidationIssue]) {
        self.issues = issues.isEmpty
            ? [ValidationIssue(path: "body", message: "invalid request", kind: .invalidValue)] : issues
    }

    /// Creates an error with one issue.
    public init(_ issue: ValidationIssue) {
        self.init(issues: [issue])
    }

    /// The issue that decides the error code.
    public var primaryIssue: ValidationIssue { issues[0] }

    /// The error answered: the first issue's.
    public var apiError: APIError { primaryIssue.error }

    /// The HTTP status to answer with.
    public var httpStatus: Int { apiError.httpStatus }

    /// The error body to answer with.
    public var payload: ErrorPayload { ErrorPayload(errorCode: apiError.errorCode, errorMessage: description) }

    /// The issues as `path: message`, joined with `; `.
    public var description: String { issues.map(\.description).joined(separator: "; ") }

    /// Whether some issue names `path`, optionally with a message containing `text`.
    public func names(_ path: String, containing text: String? = nil) -> Bool {
        issues.contains { $0.path == path && (text.map($0.message.contains) ?? true) }
    }

    /// Recodes the issues for an API family: for the Advanced Commerce API, every problem that only
    /// has one of our generic codes is answered as Apple's `MalformedPayload` (4000173).
    func recoded(for family: APIError.Origin) -> ValidationError {
        guard family == .advancedCommerceAPI else { return self }
        var copy = self
        for index in copy.issues.indices where copy.issues[index].error.origin == .service {
            copy.issues[index].error = .malformedPayload
        }
        return copy
    }
}
