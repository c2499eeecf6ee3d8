/// The `operation` and `version` header of the in-app requests.
enum RequestHeader {
    /// The only `version` Apple defines.
    static let version = "1"

    static func versionProblem(_ version: String) -> String? {
        version == Self.version ? nil : "expected \"\(Self.version)\", got \"\(version)\""
    }

    static func operationProblem(expected: InAppOperation) -> (String) -> String? {
        { $0 == expected.rawValue ? nil : "expected \(expected.rawValue), got \"\($0)\"" }
    }
}

/// The operations of the in-app requests (`operation`).
public enum InAppOperation: String, Codable, Sendable, CaseIterable {
    /// ``CreateSubscriptionRequest``.
    case createSubscription = "CREATE_SUBSCRIPTION"
    /// ``ModifySubscriptionRequest``.
    case modifySubscription = "MODIFY_SUBSCRIPTION"
    /// ``ReactivateSubscriptionRequest``.
    case reactivateSubscription = "REACTIVATE_SUBSCRIPTION"
}

/// Reading the header fields the in-app requests share: `operation`, `version`, `transactionId`.
extension FieldReader {
    /// Reads `operation` and checks it is `expected`: `operation: expected MODIFY_SUBSCRIPTION, got "X"`.
    mutating func operation(_ expected: InAppOperation, key: Key) -> InAppOperation? {
        let raw = check(
            required(key, as: String.self, error: .invalidOperation), key, error: .invalidOperation,
            RequestHeader.operationProblem(expected: expected))
        return raw.flatMap(InAppOperation.init(rawValue:))
    }

    /// Reads `version`, which must be the string `"1"`.
    mutating func version(key: Key) -> String? {
        check(
            required(key, as: String.self, missing: .nullVersion, error: .unexpectedVersion), key,
            error: .unexpectedVersion, RequestHeader.versionProblem)
    }

    /// Reads a required transaction identifier: 1…128 characters without whitespace (Apple's are
    /// digits; the service decides whether one exists).
    mutating func transactionId(key: Key) -> String? {
        check(required(key, as: String.self, missing: .nullTransactionId), key, IdentifierRule.problem)
    }
}
