import AppleErrorCatalog
import Foundation
import StableIdentifiers
import SubscriptionEngine
import SubscriptionMessages
import SubscriptionWire

/// What binds an idempotency key to its body (docs/consumer.md, "Idempotency keys"): the 20-byte
/// SHA-1 of the command's case and its test clock, without the envelope's times, trace or id.
/// A command id seen again with another digest is a key reused for another request, refused by
/// ``refusal(route:)``; the same digest is a replay and gets the first reply.
public enum CommandDigest {
    /// The digest of `envelope`'s command.
    public static func of(_ envelope: Subscriptions_V1_CommandEnvelope) throws -> Data {
        var body = Subscriptions_V1_CommandEnvelope()
        body.command = envelope.command
        body.testClockID = envelope.testClockID
        let bytes: [UInt8] = try body.serializedBytes()
        return Data(SHA1.digest(bytes))
    }

    /// The refusal of a reused key with another body: Apple's 4000097 on the Advanced Commerce
    /// routes, whose key is `requestReferenceId`; our 4099004 (409) on the others.
    public static func refusal(route: CommandRoute) -> EngineRejection {
        if advancedCommerceRoutes.contains(route) {
            return EngineRejection(
                .invalidArgument, error: .repeatedRequestReferenceId, field: "requestInfo.requestReferenceId",
                "requestReferenceId was already used for another request")
        }
        return EngineRejection(
            .alreadyExists, error: .idempotencyKeyReused, field: "Idempotency-Key",
            "the idempotency key was already used for another request")
    }

    /// The routes whose key is Advanced Commerce's `requestReferenceId`.
    static let advancedCommerceRoutes: Set<CommandRoute> = [
        .createSubscription, .modifySubscription, .reactivateSubscription, .changePrice, .cancelSubscription,
        .revokeSubscription, .requestRefund, .changeMetadata, .migrateSubscription,
    ]
}
