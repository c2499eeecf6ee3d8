import Foundation
import StableIdentifiers
import SubscriptionMessages

/// How a request's `command_id` is chosen (Protos/README.md, flow step 1).
///
/// With an idempotency key — Apple's `requestReferenceId` / `requestIdentifier` where the
/// request has one, else the `Idempotency-Key` header — the id is a name-based UUID (version 5,
/// SHA-1) over the route's routing key and the key, so a replay carries the same `command_id`
/// and the consumer answers with its stored first reply. Without a key it is a new time-ordered
/// UUID (version 7, to 1/4096 ms): the consumer's index of processed commands then grows at its
/// end instead of at a random page per command (docs/consumer.md, "Command ids"), and the
/// consumer knows the id is new without looking it up ("New keys known absent").
public enum CommandIdentity {
    /// The namespace of our name-based command ids (a fixed random UUID).
    public static let namespace = UUID(uuid: (
        0x5B, 0x0E, 0x3C, 0x49, 0x8A, 0x1D, 0x4F, 0x6B, 0x9C, 0x27, 0x61, 0xD4, 0x0A, 0x3E, 0x52, 0x88))

    /// The command id for `route` and an idempotency `key` (or a new version 7 one without key). On a
    /// test clock (`X-Test-Clock`) the clock is part of the name: each clock is a sandbox, so two
    /// test runs sending the same keys on two clocks never replay each other's commands.
    public static func commandID(route: CommandRoute, idempotencyKey key: String?, testClockID: String = "") -> String {
        guard let key else {
            var generator = RequestRandomness.Generator()
            return UUIDv7.string(nanosecondsSince1970: UInt64(Date().timeIntervalSince1970 * 1_000_000_000), using: &generator)
        }
        let clock = testClockID.isEmpty ? "" : "\n\(testClockID)"
        return nameBasedUUID(namespace: namespace, name: "\(route.routingKey)\n\(key)\(clock)").uuidString.lowercased()
    }

    /// RFC 9562 version 5 UUID of `name` (UTF-8) in `namespace`.
    public static func nameBasedUUID(namespace: UUID, name: String) -> UUID {
        let hash = UUIDv5.bytes(namespace: withUnsafeBytes(of: namespace.uuid) { Array($0) }, name: name)
        return UUID(uuid: (
            hash[0], hash[1], hash[2], hash[3], hash[4], hash[5], hash[6], hash[7],
            hash[8], hash[9], hash[10], hash[11], hash[12], hash[13], hash[14], hash[15]))
    }
}
