import AMQPClient
import Foundation
import ServiceTestSupport
import SubscriptionTopology
import Testing

/// Stream queues read over AMQP 0-9-1 on the real broker (RabbitMQ 3.10 on Debian): every start
/// the client offers, each sent with the type the broker expects, and the resumption after a
/// broker restart (docs/amqp-client.md, "Streams"; docs/event-stream.md).
@Suite("Streams", .serialized, .requiresBroker)
struct StreamTests {
    /// Publishes `bodies` to `stream` through the default exchange, confirmed.
    private func append(_ bodies: Range<Int>, to stream: String, on connection: AMQPConnection) async throws {
        let results = await connection.publish(bodies.map {
            AMQPPublish(AMQPMessage(body: Data("\($0)".utf8), properties: AMQPProperties(messageId: "\($0)")), exchange: "", routingKey: stream)
        })
        for result in results { try result.get() }
    }

    /// The bodies of `count` deliveries of a new consumer from `offset`, each acknowledged.
    private func read(_ count: Int, from offset: AMQPStreamOffset, of stream: String, on connection: AMQPConnection) async throws -> [(body: Int, offset: Int64)] {
        let consumer = try await connection.consume(stream: stream, from: offset, prefetch: 50)
        let deliveries = try await collect(count, from: consumer)
        await consumer.cancel()
        return deliveries.map { (Int(String(decoding: $0.message.body, as: UTF8.self)) ?? -1, $0.streamOffset ?? -1) }
    }

    @Test("a stream is read from first, an offset, a time, last and next; every delivery carries its offset")
    func startsOfTheBrokersTypes() async throws {
        let connection = try await Broker.connect(name: "stream-starts")
        let stream = Broker.uniqueName("stream")
        try await connection.declare(AMQPTopology(queues: [.stream(name: stream, maxAge: "1D", maxLengthBytes: 10_000_000, segmentBytes: 1_000_000)]))
        try await append(0..<10, to: stream, on: connection)
        // The broker's timestamps have second precision: the second batch starts in a later second.
        try await Task.sleep(for: .milliseconds(1_100))
        let between = Date()
        try await Task.sleep(for: .milliseconds(1_100))
        try await append(10..<20, to: stream, on: connection)

        let all = try await read(20, from: .first, of: stream, on: connection)
        #expect(all.map(\.body) == Array(0..<20))
        #expect(all.map(\.offset) == (0..<20).map(Int64.init))
        #expect(try await read(8, from: .offset(12), of: stream, on: connection).map(\.body) == Array(12..<20))
        // A time: from the first chunk written at or after it (an AMQP timestamp; a string would close the connection).
        #expect(try await read(10, from: .timestamp(between), of: stream, on: connection).map(\.body) == Array(10..<20))
        // Last: the last chunk, whose last message is the newest.
        let consumer = try await connection.consume(stream: stream, from: .last, prefetch: 50)
        var iterator = consumer.makeAsyncIterator()
        var newest = -1
        while newest != 19, let delivery = await iterator.next() {
            newest = Int(String(decoding: delivery.message.body, as: UTF8.self)) ?? -1
            #expect(newest >= 10)
            try await delivery.ack()
        }
        await consumer.cancel()
        // Next: nothing of the past, only what comes after.
        let next = try await connection.consume(stream: stream, from: .next, prefetch: 50)
        try await Task.sleep(for: .milliseconds(500))
        try await append(20..<21, to: stream, on: connection)
        let fresh = try await collect(1, from: next)
        #expect(fresh.map { String(decoding: $0.message.body, as: UTF8.self) } == ["20"])
        await next.cancel()
        _ = try await connection.deleteQueue(stream)
        await connection.close()
    }

    @Test("a declaration with other retention is refused (406), which is how a changed setting shows")
    func otherRetentionIsRefused() async throws {
        let connection = try await Broker.connect(name: "stream-retention")
        let stream = Broker.uniqueName("stream")
        try await connection.declare(AMQPTopology(queues: [.stream(name: stream, maxAge: "7D", maxLengthBytes: 10_000_000, segmentBytes: 1_000_000)]))
        // The same arguments again: accepted (both services and definitions.json declare it).
        try await connection.declare(AMQPTopology(queues: [.stream(name: stream, maxAge: "7D", maxLengthBytes: 10_000_000, segmentBytes: 1_000_000)]))
        let error = await #expect(throws: AMQPError.self) {
            try await connection.declare(AMQPTopology(queues: [.stream(name: stream, maxAge: "1D", maxLengthBytes: 10_000_000, segmentBytes: 1_000_000)]))
        }
        #expect(error?.code == .preconditionFailed)
        #expect(error?.message.contains("x-max-age") == true)
        _ = try await connection.deleteQueue(stream)
        await connection.close()
    }
}

/// The event log the services declare (`EventLog`), on the real broker.
@Suite("The event log's declaration", .requiresBroker)
struct EventLogDeclarationTests {
    @Test("a service that finds the log with other retention keeps it, binds it to every event and runs on")
    func otherRetentionIsKeptAndBound() async throws {
        let connection = try await Broker.connect(name: "event-log-declaration")
        let names = BusNames(prefix: Broker.uniqueName("log"))
        try await connection.declare(AMQPTopology(queues: [.stream(name: names.eventLog, maxAge: "1D", maxLengthBytes: 5_000_000, segmentBytes: 1_000_000)]))
        try await EventLog.declare(on: connection, names: names, retention: .defaults, logger: Broker.logger)
        // Bound with #: a mandatory publish to the events exchange is routed, not returned.
        try await connection.publish(AMQPMessage(body: Data("renewed".utf8)), exchange: names.eventsExchange, routingKey: "DID_RENEW.NONE")
        let consumer = try await connection.consume(stream: names.eventLog, from: .first, prefetch: 10)
        let read = try await collect(1, from: consumer)
        #expect(read.map { String(decoding: $0.message.body, as: UTF8.self) } == ["renewed"])
        await consumer.cancel()
        // The defaults on a fresh bus: declared, and declared again (every start) without a 406.
        let fresh = BusNames(prefix: Broker.uniqueName("log"))
        try await EventLog.declare(on: connection, names: fresh, retention: .defaults, logger: Broker.logger)
        try await connection.declare(EventLog.topology(fresh, retention: .defaults))
        for stream in [names.eventLog, fresh.eventLog] { _ = try await connection.deleteQueue(stream) }
        await connection.close()
    }
}

/// The resumption after a broker restart needs a node of its own (TEST_STREAM_NODE_PORT,
/// default 5717), stopped and started under the consumer.
@Suite("Streams across a broker restart", .serialized, .requiresBroker, .requiresBrokerNodes)
struct StreamRestartTests {
    static var port: Int { ProcessInfo.processInfo.environment["TEST_STREAM_NODE_PORT"].flatMap(Int.init) ?? 5717 }

    @Test("a stream consumer resumes after the last offset it was handed: every message once, none lost, none repeated")
    func resumesAfterARestart() async throws {
        let node = PrivateBrokerNode(name: "stream-restart-\(ProcessInfo.processInfo.processIdentifier % 1000)", port: Self.port)
        try await node.use { node in
            try await node.start()
            let connection = try await Broker.connect(url: node.url, name: "stream-restart") {
                $0.reconnectDelay = .milliseconds(100)
                $0.maxReconnectDelay = .milliseconds(500)
            }
            let stream = Broker.uniqueName("stream")
            try await connection.declare(AMQPTopology(queues: [.stream(name: stream, maxAge: nil, maxLengthBytes: nil, segmentBytes: nil)]))
            let publish: (Range<Int>) async throws -> Void = { range in
                let results = await connection.publish(range.map {
                    AMQPPublish(AMQPMessage(body: Data("\($0)".utf8)), exchange: "", routingKey: stream)
                })
                for result in results { try result.get() }
            }
            try await publish(0..<1_000)
            let consumer = try await connection.consume(stream: stream, from: .first, prefetch: 100)
            let read = Locked<[(offset: Int64, body: Int)]>([])
            let reader = Task {
                for await delivery in consumer {
                    read.withLock { $0.append((delivery.streamOffset ?? -1, Int(String(decoding: delivery.message.body, as: UTF8.self)) ?? -1)) }
                    try? await delivery.ack()
                }
            }
            try await waitUntil("300 messages read") { read.withLock { $0.count } >= 300 }
            try await node.stop()
            try await node.start()
            try await connection.connect(retryUntil: .now + .seconds(60))
            try await publish(1_000..<1_500)
            try await waitUntil("1,500 messages read") { read.withLock { $0.count } >= 1_500 }
            // Nothing more comes: a message appended now is the next one read.
            try await publish(1_500..<1_501)
            try await waitUntil("the sentinel read") { read.withLock { $0.count } >= 1_501 }
            let messages = read.withLock { $0 }
            #expect(messages.map(\.offset) == (0..<1_501).map(Int64.init))
            #expect(messages.map(\.body) == Array(0..<1_501))
            await consumer.cancel()
            reader.cancel()
            await connection.close()
        }
    }
}

/// Waits until `condition` holds, polling, or throws after `timeout`.
private func waitUntil(_ what: String, timeout: Duration = .seconds(90), _ condition: () -> Bool) async throws {
    let deadline = ContinuousClock.now + timeout
    while !condition() {
        guard ContinuousClock.now < deadline else { throw HarnessError("timed out waiting for \(what)") }
        try await Task.sleep(for: .milliseconds(50))
    }
}
