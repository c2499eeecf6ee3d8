import SubscriptionMessages
import SwiftProtobuf

/// How a `CommandReply` is shown: its protobuf JSON, and for a failure one line naming the
/// status and the error.
enum ReplyText {
    /// The reply as protobuf JSON (field names in lowerCamelCase, as `jsonString()` writes them).
    static func json(_ reply: Subscriptions_V1_CommandReply) -> String {
        (try? reply.jsonString()) ?? "{\"commandId\":\"\(reply.commandID)\"}"
    }

    /// `error: NOT_FOUND 4040005 originalTransactionIdNotFound: no subscription… (field originalTransactionId)`.
    static func failure(_ reply: Subscriptions_V1_CommandReply) -> String {
        var parts = ["error:", upperSnakeCase(String(describing: reply.status))]
        let error = reply.error
        if error.appleErrorCode != 0 { parts.append(String(error.appleErrorCode)) }
        if !error.appleErrorName.isEmpty { parts.append(error.appleErrorName + ":") }
        if !error.message.isEmpty { parts.append(error.message) }
        if !error.field.isEmpty { parts.append("(field \(error.field))") }
        return parts.joined(separator: " ")
    }

    /// `invalidArgument` → `INVALID_ARGUMENT`: a generated case name back as its proto name.
    static func upperSnakeCase(_ camelCase: String) -> String {
        var result = ""
        for character in camelCase {
            if character.isUppercase, !result.isEmpty { result.append("_") }
            result.append(contentsOf: character.uppercased())
        }
        return result
    }
}
