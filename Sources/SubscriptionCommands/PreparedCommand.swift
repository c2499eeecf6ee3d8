import SubscriptionAPI
import SubscriptionMessages

/// A validated request turned into a command, with the request's own idempotency key
/// (Apple's `requestReferenceId` / `requestIdentifier`) when it has one.
package struct PreparedCommand: Sendable {
    /// The command to publish.
    package var command: Subscriptions_V1_CommandEnvelope.OneOf_Command
    /// The request's own idempotency key, if it has one.
    package var idempotencyKey: String?

    package init(_ command: Subscriptions_V1_CommandEnvelope.OneOf_Command, idempotencyKey: String? = nil) {
        self.command = command
        self.idempotencyKey = idempotencyKey
    }
}

/// Problems with what the URL or headers carry, as Apple-style validation errors naming them.
package enum RequestProblem {
    /// A path parameter naming a transaction: 1…128 characters without whitespace.
    package static func identifier(_ value: String, name: String, error: APIError = .invalidValue) throws(ValidationError) -> String {
        guard (1...128).contains(value.count), !value.contains(where: { $0.isWhitespace || $0.isNewline }) else {
            throw invalid(name, "must be 1…128 characters without whitespace, got \"\(value.prefix(140))\"", error: error)
        }
        return value
    }

    package static func invalid(_ path: String, _ message: String, error: APIError = .invalidValue) -> ValidationError {
        ValidationError(ValidationIssue(path: path, message: message, kind: .invalidValue, error: error))
    }

    package static func missing(_ path: String, _ message: String) -> ValidationError {
        ValidationError(ValidationIssue(path: path, message: message, kind: .missingField, error: .missingField))
    }
}
