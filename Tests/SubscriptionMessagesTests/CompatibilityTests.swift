import SubscriptionMessages
import SwiftProtobuf
import Testing

/// Decoding messages written by a newer version of the contract (Protos/README.md,
/// compatibility rules).
@Suite("Forward compatibility")
struct CompatibilityTests {
    /// Field 999, wire type varint, value 7: a field this version does not know.
    private let unknownField: [UInt8] = [0xB8, 0x3E, 0x07]

    @Test("unknown fields are preserved through decode and re-encode")
    func unknownFieldsPreserved() throws {
        let envelope = SampleCommands.envelope(for: .purchase)
        let bytes: [UInt8] = try envelope.serializedBytes() + unknownField
        let decoded = try Subscriptions_V1_CommandEnvelope(serializedBytes: bytes)
        #expect(decoded.route == .purchase)
        #expect(Array(decoded.unknownFields.data) == unknownField)
        let reencoded: [UInt8] = try decoded.serializedBytes()
        #expect(reencoded == bytes)
    }

    @Test("a command case unknown to this version decodes as no route, its bytes kept")
    func unknownOneofCase() throws {
        // Field 150 (a future command case), length-delimited, holding an empty message.
        let futureCommand: [UInt8] = [0xB2, 0x09, 0x00]
        var envelope = Subscriptions_V1_CommandEnvelope()
        envelope.commandID = "c-future"
        let bytes: [UInt8] = try envelope.serializedBytes() + futureCommand
        let decoded = try Subscriptions_V1_CommandEnvelope(serializedBytes: bytes)
        #expect(decoded.commandID == "c-future")
        #expect(decoded.route == nil)
        #expect(Array(decoded.unknownFields.data) == futureCommand)
    }

    @Test("an enum value unknown to this version decodes without failing")
    func unknownEnumValue() throws {
        // notification_type (field 1) = 1500, subtype (field 2) = 1700.
        let bytes: [UInt8] = [0x08, 0xDC, 0x0B, 0x10, 0xA4, 0x0D]
        let decoded = try Subscriptions_V1_NotificationEvent(serializedBytes: bytes)
        #expect(decoded.notificationType == .UNRECOGNIZED(1500))
        #expect(decoded.subtype == .UNRECOGNIZED(1700))
        #expect(decoded.routingKey == "1500.1700")
        let reencoded: [UInt8] = try decoded.serializedBytes()
        #expect(reencoded == bytes)
    }

    @Test("an unknown status code in a reply decodes without failing")
    func unknownStatusCode() throws {
        // status (field 3) = 17, a code gRPC might add.
        let decoded = try Subscriptions_V1_CommandReply(serializedBytes: [0x18, 0x11] as [UInt8])
        #expect(decoded.status == .UNRECOGNIZED(17))
    }
}
