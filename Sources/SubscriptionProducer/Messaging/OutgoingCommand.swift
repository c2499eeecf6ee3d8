import AMQPClient
import Foundation
import SubscriptionCommands
import SubscriptionMessages
import SwiftProtobuf

/// One command ready to publish: the envelope's content plus what the AMQP properties copy.
struct OutgoingCommand: Sendable {
    /// The operation and its request.
    var command: Subscriptions_V1_CommandEnvelope.OneOf_Command
    /// The idempotency key of the command (``CommandIdentity``).
    var commandID: String
    /// When the producer stops waiting; also the envelope's `deadline`.
    var deadline: Date
    /// Trace context to propagate.
    var trace: TraceContext
    /// The test clock the command runs on (`X-Test-Clock`); empty = the clock its subscription
    /// or customer lives on, else the consumer's (docs/test-clocks.md).
    var testClockID = ""
    /// A dry run (`?preview=true`, docs/previews.md); `previewUntil` lets the clock run to then.
    var preview = false
    var previewUntil: Date?

    /// The `schema_version` written: a preview's makes an older consumer refuse it.
    var schemaVersion: UInt32 { preview ? WireContract.previewSchemaVersion : WireContract.schemaVersion }

    /// The route of ``command``.
    var route: CommandRoute { CommandRoute(command) }

    /// The envelope (Protos/README.md, flow step 1).
    func envelope(issuedAt: Date) -> Subscriptions_V1_CommandEnvelope {
        var envelope = Subscriptions_V1_CommandEnvelope()
        envelope.commandID = commandID
        envelope.schemaVersion = schemaVersion
        envelope.preview = preview
        if let previewUntil { envelope.previewUntil = Google_Protobuf_Timestamp(date: previewUntil) }
        envelope.issuedAt = Google_Protobuf_Timestamp(date: issuedAt)
        envelope.deadline = Google_Protobuf_Timestamp(date: deadline)
        envelope.traceContext = trace.message
        envelope.testClockID = testClockID
        envelope.command = command
        return envelope
    }

    /// The AMQP message with the contract's properties (Protos/README.md, "Message properties").
    func message(issuedAt: Date, replyTo: String, appID: String) throws -> AMQPMessage {
        let body: Data = try envelope(issuedAt: issuedAt).serializedBytes()
        let remaining = max(0, Int64((deadline.timeIntervalSince(issuedAt) * 1000).rounded(.up)))
        var headers: AMQPTable = ["x-schema-version": .int64(Int64(schemaVersion))]
        trace.inject(into: &headers, using: AMQPHeadersInjector())
        let properties = AMQPProperties(
            contentType: WireContract.contentType,
            messageId: commandID,
            correlationId: commandID,
            replyTo: replyTo,
            type: Self.messageType,
            expiration: String(remaining),
            timestamp: issuedAt,
            appId: appID,
            persistent: true,
            headers: headers
        )
        return AMQPMessage(body: body, properties: properties)
    }

    /// The AMQP `type` of a command.
    static let messageType = "\(WireContract.protobufPackage).CommandEnvelope"
}
