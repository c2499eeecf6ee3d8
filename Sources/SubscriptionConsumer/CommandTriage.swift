import Foundation
import StableIdentifiers
import SubscriptionMessages
import SwiftProtobuf

/// What to do with one delivered command before any state is touched (Protos/README.md,
/// "Request / reply flow", step 4).
enum CommandTriage: Sendable {
    /// A well-formed command of a known method, to apply.
    case apply(Subscriptions_V1_CommandEnvelope, CommandRoute)
    /// Can never be processed: publish to the dead-letter exchange with `reason` in
    /// `x-death-reason`, answer `reply` when the sender asked for one, then ack.
    case deadLetter(reason: String, reply: Subscriptions_V1_CommandReply)
    /// Well-formed but not to be applied (its deadline passed): answer and ack.
    case answer(Subscriptions_V1_CommandReply)

    /// The default of ``init(body:correlationId:contentType:maximumBytes:now:)``'s size limit
    /// (`MAX_COMMAND_BYTES`, docs/consumer.md): 1 MiB, the producer's largest HTTP body.
    static let defaultMaximumBytes = 1 << 20

    /// Classifies a delivery's body; `correlationId` (the AMQP property) identifies the
    /// command when the body cannot be decoded. A body over `maximumBytes` is not decoded at
    /// all, and a `contentType` other than protobuf's is refused (none at all is taken as protobuf).
    init(
        body: Data, correlationId: String?, contentType: String? = WireContract.contentType,
        maximumBytes: Int = defaultMaximumBytes, now: Date = Date()
    ) {
        guard body.count <= maximumBytes else {
            self = .deadLetter(reason: "too-large", reply: .failure(
                commandId: correlationId ?? "",
                status: .resourceExhausted,
                message: "the command is \(body.count) bytes, more than the \(maximumBytes) bytes this consumer accepts (MAX_COMMAND_BYTES)",
                field: "body"
            ))
            return
        }
        if let contentType, !contentType.isEmpty, contentType != WireContract.contentType {
            self = .deadLetter(reason: "wrong-content-type", reply: .failure(
                commandId: correlationId ?? "",
                status: .invalidArgument,
                message: "content_type must be \(WireContract.contentType) (a subscriptions.v1.CommandEnvelope), got \"\(contentType.prefix(100))\"",
                field: "content_type"
            ))
            return
        }
        let envelope: Subscriptions_V1_CommandEnvelope
        do {
            envelope = try Subscriptions_V1_CommandEnvelope(serializedBytes: body)
        } catch {
            self = .deadLetter(reason: "undecodable", reply: .failure(
                commandId: correlationId ?? "",
                status: .invalidArgument,
                message: "the body is not a subscriptions.v1.CommandEnvelope (\(body.count) bytes): \(error)"
            ))
            return
        }
        let commandId = envelope.commandID
        guard Self.isUUID(commandId) else {
            self = .deadLetter(reason: "invalid-command-id", reply: .failure(
                commandId: commandId.isEmpty ? correlationId ?? "" : commandId,
                status: .invalidArgument,
                message: "command_id must be a UUID, got \"\(commandId)\"",
                field: "command_id"
            ))
            return
        }
        guard envelope.schemaVersion == WireContract.schemaVersion
            || (envelope.preview && envelope.schemaVersion == WireContract.previewSchemaVersion)
        else {
            self = .deadLetter(reason: "unknown-schema-version", reply: .failure(
                commandId: commandId,
                status: .failedPrecondition,
                message: "schema_version \(envelope.schemaVersion) is not supported; this consumer speaks \(WireContract.schemaVersion)",
                field: "schema_version"
            ))
            return
        }
        guard let route = envelope.route else {
            self = .deadLetter(reason: "unknown-command", reply: .failure(
                commandId: commandId,
                status: .unimplemented,
                message: "the envelope holds no command this consumer knows (an unknown oneof case or none)",
                field: "command"
            ))
            return
        }
        if envelope.hasDeadline, envelope.deadline.date < now {
            self = .answer(.failure(
                commandId: commandId,
                status: .deadlineExceeded,
                message: "the command's deadline \(envelope.deadline.date) passed before it was processed; nothing was changed",
                field: "deadline"
            ))
            return
        }
        self = .apply(envelope, route)
    }

    /// Whether `text` is a UUID's text form (``UUIDText``).
    static func isUUID(_ text: String) -> Bool { UUIDText.isValid(text) }
}
