import Foundation
import SubscriptionMessages
import SwiftProtobuf
import Testing

@testable import SubscriptionConsumer

@Suite("Command triage before any state is touched")
struct CommandTriageTests {
    static func envelope(_ change: (inout Subscriptions_V1_CommandEnvelope) -> Void = { _ in }) -> Subscriptions_V1_CommandEnvelope {
        var envelope = Subscriptions_V1_CommandEnvelope()
        envelope.commandID = "6f1c2a0e-8d4b-4a51-9b0e-3f5d7c2a9e10"
        envelope.schemaVersion = WireContract.schemaVersion
        var purchase = Subscriptions_V1_PurchaseRequest()
        purchase.customerID = "c1"
        envelope.command = .purchase(purchase)
        change(&envelope)
        return envelope
    }

    static func triage(_ envelope: Subscriptions_V1_CommandEnvelope, now: Date = Date()) throws -> CommandTriage {
        CommandTriage(body: try envelope.serializedBytes(), correlationId: "corr", now: now)
    }

    @Test("a well-formed command is applied with its route")
    func wellFormed() throws {
        guard case .apply(let envelope, let route) = try Self.triage(Self.envelope()) else {
            Issue.record("not applied")
            return
        }
        #expect(route == .purchase)
        #expect(envelope.commandID == "6f1c2a0e-8d4b-4a51-9b0e-3f5d7c2a9e10")
    }

    @Test(
        "the command id check accepts what UUID(uuidString:) accepts",
        arguments: [
            "6f1c2a0e-8d4b-4a51-9b0e-3f5d7c2a9e10", "6F1C2A0E-8D4B-4A51-9B0E-3F5D7C2A9E10", "00000000-0000-0000-0000-000000000000",
            "", "6f1c2a0e8d4b4a519b0e3f5d7c2a9e10", "6f1c2a0e-8d4b-4a51-9b0e-3f5d7c2a9e1", "6f1c2a0e-8d4b-4a51-9b0e-3f5d7c2a9e100",
            "6f1c2a0e-8d4b-4a51-9b0e_3f5d7c2a9e10", "6f1c2a0g-8d4b-4a51-9b0e-3f5d7c2a9e10", "{6f1c2a0e-8d4b-4a51-9b0e-3f5d7c2a9e1}",
            "6f1c2a0e-8d4b-4a51-9b0e-3f5d7c2a9é1", "6f1c2a0e--8d4b-4a51-9b0e-3f5d7c2a9e1",
        ])
    func uuidCheck(text: String) {
        #expect(CommandTriage.isUUID(text) == (UUID(uuidString: text) != nil))
    }

    @Test("a command id with a space before it is no UUID (Foundation's sscanf-based parse skips the space and takes 11 digits)")
    func uuidWithLeadingSpace() {
        let text = " 6f1c2a0e-8d4b-4a51-9b0e-3f5d7c2a9e1"
        #expect(!CommandTriage.isUUID(text))
    }

    @Test("bytes that are no envelope are dead-lettered as undecodable, answered through the correlation id")
    func undecodable() {
        guard case .deadLetter(let reason, let reply) = CommandTriage(body: Data([0xFF, 0xFF, 0xFF]), correlationId: "corr") else {
            Issue.record("not dead-lettered")
            return
        }
        #expect(reason == "undecodable")
        #expect(reply.commandID == "corr")
        #expect(reply.status == .invalidArgument)
    }

    @Test("each permanent defect is dead-lettered with its reason, status and field", arguments: [
        ("invalid-command-id", Subscriptions_V1_StatusCode.invalidArgument, "command_id"),
        ("unknown-schema-version", .failedPrecondition, "schema_version"),
        ("unknown-command", .unimplemented, "command"),
    ])
    func permanentDefects(reason expected: String, status: Subscriptions_V1_StatusCode, field: String) throws {
        let envelope = Self.envelope { envelope in
            switch field {
            case "command_id": envelope.commandID = "not-a-uuid"
            case "schema_version": envelope.schemaVersion = 2
            default: envelope.command = nil
            }
        }
        guard case .deadLetter(let reason, let reply) = try Self.triage(envelope) else {
            Issue.record("not dead-lettered")
            return
        }
        #expect(reason == expected)
        #expect(reply.status == status)
        #expect(reply.error.field == field)
    }

    @Test("a command past its deadline is answered DEADLINE_EXCEEDED and not applied (not dead-lettered)")
    func deadlinePassed() throws {
        let now = Date()
        let late = Self.envelope { $0.deadline = Google_Protobuf_Timestamp(date: now.addingTimeInterval(-1)) }
        guard case .answer(let reply) = try Self.triage(late, now: now) else {
            Issue.record("not answered")
            return
        }
        #expect(reply.status == .deadlineExceeded)
        let inTime = Self.envelope { $0.deadline = Google_Protobuf_Timestamp(date: now.addingTimeInterval(5)) }
        guard case .apply = try Self.triage(inTime, now: now) else {
            Issue.record("a command within its deadline was not applied")
            return
        }
    }

    @Test("a body over the size limit is dead-lettered as too-large without being decoded, naming its size and the limit")
    func tooLarge() {
        let body = Data(repeating: 0xFF, count: 2049)
        guard case .deadLetter(let reason, let reply) = CommandTriage(body: body, correlationId: "corr", maximumBytes: 2048) else {
            Issue.record("not dead-lettered")
            return
        }
        #expect(reason == "too-large")
        #expect(reply.commandID == "corr")
        #expect(reply.status == .resourceExhausted)
        #expect(reply.error.field == "body")
        #expect(reply.error.message.contains("2049 bytes, more than the 2048 bytes"), "\(reply.error.message)")
    }

    @Test("a body at the size limit is decoded as usual")
    func atTheLimit() throws {
        let body: Data = try Self.envelope().serializedBytes()
        guard case .apply = CommandTriage(body: body, correlationId: "corr", maximumBytes: body.count) else {
            Issue.record("a body at the limit was not applied")
            return
        }
    }

    @Test("a content type other than protobuf's is dead-lettered naming it; none at all is taken as protobuf")
    func contentType() throws {
        let body: Data = try Self.envelope().serializedBytes()
        guard case .deadLetter(let reason, let reply) = CommandTriage(body: body, correlationId: "corr", contentType: "application/json") else {
            Issue.record("not dead-lettered")
            return
        }
        #expect(reason == "wrong-content-type")
        #expect(reply.status == .invalidArgument)
        #expect(reply.error.field == "content_type")
        #expect(reply.error.message.contains("\"application/json\""))
        for missing in [nil, ""] as [String?] {
            guard case .apply = CommandTriage(body: body, correlationId: "corr", contentType: missing) else {
                Issue.record("a command without content type was not applied")
                return
            }
        }
    }
}
