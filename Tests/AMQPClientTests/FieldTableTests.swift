import CRabbitMQ
import Foundation
import Testing
@testable import AMQPClient

@Suite("Field tables and properties")
struct FieldTableTests {
    @Test("a table survives the trip through rabbitmq-c's C representation")
    func tableRoundTrip() {
        let table: AMQPTable = [
            "text": .string("quorum"),
            "limit": .int64(5),
            "small": .int32(-3),
            "flag": .bool(true),
            "ratio": .double(0.5),
            "raw": .bytes([0, 1, 255]),
            "nested": .table(["inner": .string("x")]),
            "list": .array([.int64(1), .string("two")]),
            "nothing": .void,
        ]
        let arena = CArena()
        let decoded = AMQPTable(cTable: arena.table(table))
        #expect(decoded == table)
    }

    @Test("properties survive the trip, with persistence as delivery mode 2")
    func propertiesRoundTrip() {
        let properties = AMQPProperties(
            contentType: "application/x-protobuf", messageId: "m-1", correlationId: "c-1",
            replyTo: "replies", type: "subscriptions.v1.CommandEnvelope", expiration: "1500",
            timestamp: Date(timeIntervalSince1970: 1_700_000_000), appId: "tests", persistent: true,
            headers: ["x-schema-version": .int64(1)]
        )
        let arena = CArena()
        #expect(AMQPProperties(properties.cProperties(in: arena)) == properties)
        var transient = properties
        transient.persistent = false
        #expect(AMQPProperties(transient.cProperties(in: arena)).persistent == false)
    }

    @Test("quorum queues carry an explicit delivery limit and at-least-once dead-lettering")
    func quorumArguments() {
        let queue = AMQPQueue.quorum(name: "q", deliveryLimit: 5, deadLetterExchange: "dlx", singleActiveConsumer: true)
        #expect(queue.arguments["x-queue-type"] == .string("quorum"))
        #expect(queue.arguments["x-delivery-limit"] == .int64(5))
        #expect(queue.arguments["x-dead-letter-exchange"] == .string("dlx"))
        #expect(queue.arguments["x-dead-letter-strategy"] == .string("at-least-once"))
        #expect(queue.arguments["x-overflow"] == .string("reject-publish"))
        #expect(queue.arguments["x-single-active-consumer"] == .bool(true))
        #expect(queue.durable)
    }
}
