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

    @Test("a publish's tag header is spliced into the properties: added in name order, replacing one of its name")
    func extraHeader() {
        let arena = CArena()
        let tag = (key: "x-amqp-client-publish-tag", value: AMQPFieldValue.int64(42))
        let properties = AMQPProperties(
            messageId: "m-1", headers: ["a-first": .string("1"), "x-amqp-client-publish-tag": .int64(7), "z-last": .bool(true)])
        let c = properties.cProperties(in: arena, extraHeader: tag)
        #expect(AMQPProperties(c).headers == ["a-first": .string("1"), "x-amqp-client-publish-tag": .int64(42), "z-last": .bool(true)])
        #expect(AMQPProperties(c).messageId == "m-1")
        // The C table is in name order with no duplicate (the broker keeps what it is given).
        let keys = (0..<Int(c.headers.num_entries)).map { index in
            let key = c.headers.entries[index].key
            return String(decoding: UnsafeRawBufferPointer(start: key.bytes, count: key.len), as: UTF8.self)
        }
        #expect(keys == ["a-first", "x-amqp-client-publish-tag", "z-last"])
        // Without headers of its own, the tag is the only one, and the headers flag is set.
        let bare = AMQPProperties().cProperties(in: arena, extraHeader: tag)
        #expect(AMQPProperties(bare).headers == ["x-amqp-client-publish-tag": .int64(42)])
        #expect(AMQPProperties(AMQPProperties().cProperties(in: arena)).headers.isEmpty)
    }

    @Test("an arena keeps every piece intact across its blocks, small and large")
    func arenaBlocks() {
        let arena = CArena()
        // Enough small pieces to fill several blocks, with large ones (own allocations) between.
        var pieces: [(expected: [UInt8], bytes: amqp_bytes_t)] = []
        for index in 0..<3000 {
            let length = index % 500 == 0 ? CArena.blockSize + index : 1 + index % 37
            let expected = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ index) }
            pieces.append((expected, arena.bytes(expected)))
        }
        for (expected, bytes) in pieces {
            #expect(bytes.len == expected.count)
            #expect(Int(bitPattern: bytes.bytes) % 16 == 0)
            #expect(Array(UnsafeRawBufferPointer(start: bytes.bytes, count: bytes.len)) == expected)
        }
        let table: AMQPTable = Dictionary(uniqueKeysWithValues: (0..<500).map { ("key-\($0)", AMQPFieldValue.string("value-\($0)")) })
        #expect(AMQPTable(cTable: arena.table(table)) == table)
        #expect(arena.bytes("").len == 0)
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
