import Foundation
import Hummingbird
import HummingbirdTesting
import SubscriptionCommands
import SubscriptionMessages
import SwiftProtobuf
import Testing

@testable import SubscriptionProducer

/// The test clock routes and the `X-Test-Clock` header (docs/test-clocks.md) against a real broker.
extension ProducerHTTPTests {
    static let testClock = HTTPFields.Element.Name("X-Test-Clock")!
    static let clockId = "clock_0123456789abcdef01234567"

    /// Answers every test clock command with a clock at 2030-01-01, purchases as usual.
    static func clockReply(_ envelope: Subscriptions_V1_CommandEnvelope) -> Subscriptions_V1_CommandReply {
        let clock = Subscriptions_V1_TestClock.with {
            $0.id = clockId
            $0.name = "suite A"
            $0.now = Google_Protobuf_Timestamp(seconds: 1_893_456_000)
            $0.frozenTimeAtCreation = Google_Protobuf_Timestamp(seconds: 1_893_456_000)
            $0.subscriptionCount = 2
        }
        var reply = Subscriptions_V1_CommandReply()
        switch envelope.command {
        case .createTestClock: reply.result = .createTestClock(.with { $0.clock = clock })
        case .getTestClock: reply.result = .getTestClock(.with { $0.clock = clock })
        case .listTestClocks: reply.result = .listTestClocks(.with { $0.clocks = [clock] })
        case .deleteTestClock:
            reply.result = .deleteTestClock(.with {
                $0.clock = clock
                $0.subscriptionsDeleted = 2
            })
        case .advanceTestClock:
            reply.result = .advanceTestClock(.with {
                $0.clock.previousNow = clock.now
                $0.clock.now = Google_Protobuf_Timestamp(seconds: 1_893_456_000 + 31 * 86_400)
                $0.clock.transitionsFired = 1
                $0.clock.eventsPublished = 1
            })
        default: return purchaseReply(envelope)
        }
        return reply
    }

    @Test("R-CLK-1 the test clock routes publish their commands and answer the clock as JSON")
    func testClockRoutes() async throws {
        try await withProducer(answer: Self.clockReply) { client, replier in
            let created = try await client.execute(
                uri: "/v1/testClocks", method: .post, body: ByteBuffer(string: #"{"frozenTime": 1893456000123, "name": "suite A"}"#))
            #expect(created.status == .ok)
            let clock = try #require(try JSONSerialization.jsonObject(with: Data(buffer: created.body)) as? [String: Any])
            #expect(clock["id"] as? String == Self.clockId)
            #expect(clock["now"] as? Int == 1_893_456_000_000)
            #expect(clock["subscriptionCount"] as? Int == 2)
            #expect(clock["status"] as? String == "ready")
            for (uri, method) in [
                ("/v1/testClocks", HTTPRequest.Method.get), ("/v1/testClocks/\(Self.clockId)", .get),
                ("/v1/testClocks/\(Self.clockId)", .delete),
            ] {
                let response = try await client.execute(uri: uri, method: method)
                #expect(response.status == .ok, "\(method) \(uri)")
            }
            let commands = replier.commands.map(\.envelope)
            #expect(commands.count == 4)
            #expect(commands[0].createTestClock.frozenTime == Google_Protobuf_Timestamp(seconds: 1_893_456_000, nanos: 123_000_000))
            #expect(commands[0].createTestClock.name == "suite A")
            #expect(commands[1].command == .listTestClocks(Subscriptions_V1_ListTestClocksRequest()))
            #expect(commands[2].getTestClock.testClockID == Self.clockId)
            #expect(commands[3].deleteTestClock.testClockID == Self.clockId)
            #expect(replier.commands.map(\.routingKey) == [
                CommandRoute.createTestClock.routingKey, CommandRoute.listTestClocks.routingKey,
                CommandRoute.getTestClock.routingKey, CommandRoute.deleteTestClock.routingKey,
            ])
        }
    }

    @Test("R-CLK-1 X-Test-Clock goes into the envelope and, with an Idempotency-Key, into the command id")
    func testClockHeader() async throws {
        try await withProducer(answer: Self.clockReply) { client, replier in
            for clock in [Self.clockId, Self.clockId, "clock_ffffffffffffffffffffffff"] {
                let response = try await client.execute(
                    uri: "/v1/purchases", method: .post, headers: [Self.idempotencyKey: "key-a", Self.testClock: clock],
                    body: ByteBuffer(string: Self.purchaseBody))
                #expect(response.status == .ok)
            }
            let advanced = try await client.execute(
                uri: "/v1/testClocks/\(Self.clockId)/advance", method: .post, body: ByteBuffer(string: #"{"advanceBy": "P1M"}"#))
            #expect(advanced.status == .ok)
            #expect(String(buffer: advanced.body).contains(#""transitionsFired":1"#), "\(String(buffer: advanced.body))")
            let envelopes = replier.commands.map(\.envelope)
            #expect(envelopes.count == 4)
            #expect(envelopes.prefix(3).map(\.testClockID) == [Self.clockId, Self.clockId, "clock_ffffffffffffffffffffffff"])
            #expect(envelopes[0].commandID == envelopes[1].commandID, "the same key on the same clock replays")
            #expect(envelopes[0].commandID != envelopes[2].commandID, "the same key on another clock is another command")
            #expect(envelopes[0].commandID != CommandIdentity.commandID(route: .purchase, idempotencyKey: "key-a"))
            #expect(envelopes[3].advanceTestClock.testClockID == Self.clockId)
            #expect(envelopes[3].advanceTestClock.advanceByCalendar.months == 1)
        }
    }

    @Test("a malformed X-Test-Clock or clock body answers 400 naming it and publishes nothing")
    func testClockValidation() async throws {
        try await withProducer(answer: Self.clockReply) { client, replier in
            let header = try await client.execute(
                uri: "/v1/purchases", method: .post, headers: [Self.testClock: String(repeating: "x", count: 300)],
                body: ByteBuffer(string: Self.purchaseBody))
            #expect(header.status == .badRequest)
            #expect(String(buffer: header.body).contains("X-Test-Clock"))
            let body = try await client.execute(uri: "/v1/testClocks", method: .post, body: ByteBuffer(string: #"{"frozenTime": -5}"#))
            #expect(body.status == .badRequest)
            #expect(String(buffer: body.body).contains("frozenTime"))
            #expect(replier.commands.isEmpty)
        }
    }
}
