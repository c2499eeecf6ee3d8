import Foundation
import Testing

@testable import AMQPClient

@Suite("Stream consumers: x-stream-offset and resumption")
struct StreamConsumerTests {
    @Test("each start goes out with the AMQP type the broker expects: names as strings, an offset as a long, a time as a timestamp")
    func offsetArgumentTypes() {
        #expect(AMQPStreamOffset.first.argument == .string("first"))
        #expect(AMQPStreamOffset.last.argument == .string("last"))
        #expect(AMQPStreamOffset.next.argument == .string("next"))
        #expect(AMQPStreamOffset.offset(12_000).argument == .int64(12_000))
        let time = Date(timeIntervalSince1970: 1_796_600_000.75)
        #expect(AMQPStreamOffset.timestamp(time).argument == .timestamp(time))
    }

    @Test("a timestamp argument reaches rabbitmq-c as field kind T, whole seconds rounded down")
    func timestampOnTheWire() throws {
        let arena = CArena()
        let table = arena.table([AMQPStreamOffset.argumentName: AMQPStreamOffset.timestamp(Date(timeIntervalSince1970: 1_796_600_000.75)).argument])
        let entry = try #require(table.entries?.pointee)
        #expect(entry.value.kind == UInt8(ascii: "T"))
        #expect(entry.value.value.u64 == 1_796_600_000)
        let offset = arena.table([AMQPStreamOffset.argumentName: AMQPStreamOffset.offset(7).argument])
        #expect(offset.entries?.pointee.value.kind == UInt8(ascii: "l"))
    }

    @Test("a stream consumer subscribes again after the last offset it was handed; others with their own arguments")
    func resumesAfterTheLastDelivery() {
        var arguments = ConsumerArguments([AMQPStreamOffset.argumentName: AMQPStreamOffset.first.argument, "x-priority": .int32(5)])
        #expect(arguments.readsStream)
        #expect(arguments.current[AMQPStreamOffset.argumentName] == .string("first"))
        for offset in [Int64(0), 1, 2, 41] { arguments.delivered(headers: [AMQPStreamOffset.argumentName: .int64(offset)]) }
        arguments.delivered(headers: [AMQPStreamOffset.argumentName: .int64(3)])  // older: ignored
        arguments.delivered(headers: [:])
        #expect(arguments.lastDeliveredOffset == 41)
        #expect(arguments.current == [AMQPStreamOffset.argumentName: .int64(42), "x-priority": .int32(5)])

        var queue = ConsumerArguments(["x-priority": .int32(1)])
        queue.delivered(headers: [AMQPStreamOffset.argumentName: .int64(9)])
        #expect(!queue.readsStream)
        #expect(queue.current == ["x-priority": .int32(1)])
    }

    @Test("a stream queue is declared with its type and the retention given, nothing more")
    func streamQueueArguments() {
        let queue = AMQPQueue.stream(name: "p.events.log", maxAge: "90D", maxLengthBytes: 20_000_000_000, segmentBytes: 100_000_000)
        #expect(queue.durable && !queue.exclusive && !queue.autoDelete)
        #expect(queue.arguments == [
            "x-queue-type": .string("stream"), "x-max-age": .string("90D"), "x-max-length-bytes": .int64(20_000_000_000),
            "x-stream-max-segment-size-bytes": .int64(100_000_000),
        ])
        #expect(AMQPQueue.stream(name: "s", maxAge: nil, maxLengthBytes: nil, segmentBytes: nil).arguments == ["x-queue-type": .string("stream")])
    }
}
