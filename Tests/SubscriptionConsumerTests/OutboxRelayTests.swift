import AMQPClient
import Foundation
import Logging
import ServiceTestSupport
import SubscriptionStore
import SubscriptionTopology
import Testing

@testable import SubscriptionConsumer

/// The outbox relay against a real broker (`AMQP_URL`, loopback default) and a real SQLite file.
@Suite("Outbox relay", .requiresBroker)
struct OutboxRelayTests {
    @Test("concurrent flushes publish every entry exactly once and empty the outbox")
    func concurrentFlushesPublishOnce() async throws {
        var logger = Logger(label: "outbox-relay-tests")
        logger.logLevel = .critical
        let url = ProcessInfo.processInfo.environment["AMQP_URL"] ?? "amqp://guest:guest@127.0.0.1:5672/"
        let connection = AMQPConnection(configuration: try AMQPConfiguration(url: url), logger: logger)
        try await connection.connect()
        let names = BusNames(prefix: "relay-\(UUID().uuidString.prefix(8).lowercased())")
        let queue = "\(names.prefix).tap"
        try await connection.declare(AMQPTopology(
            exchanges: [AMQPExchange(name: names.eventsExchange, kind: .topic)],
            queues: [AMQPQueue(name: queue, durable: false, exclusive: false, autoDelete: false, arguments: ["x-expires": .int64(600_000)])],
            bindings: [AMQPBinding(queue: queue, exchange: names.eventsExchange, routingKey: "#")]
        ))
        let path = FileManager.default.temporaryDirectory.appending(path: "relay-\(UUID().uuidString)/db.sqlite").path
        let database = try SubscriptionDatabase(path: path)
        let count = 600
        try await database.write { transaction in
            try transaction.enqueue((0..<count).map {
                OutboxEntry(routingKey: "DID_RENEW.NONE", messageId: "m\($0)", correlationId: "", subscriptionId: "s\($0)", sequence: 1, signedAt: 0, body: Data([1]))
            })
        }
        let relay = OutboxRelay(connection: connection, database: database, names: names, appId: "test", metrics: ConsumerMetrics(), logger: logger)
        try await withThrowingDiscardingTaskGroup { group in
            for _ in 0..<5 { group.addTask { try await relay.flush() } }
        }
        #expect(try await database.read { try $0.outboxCount() } == 0)
        let consumer = try await connection.consume(queue: queue, prefetch: 1000)
        var seen: [String: Int] = [:]
        let deadline = ContinuousClock.now + .seconds(10)
        var iterator = consumer.makeAsyncIterator()
        while seen.count < count, ContinuousClock.now < deadline, let delivery = await iterator.next() {
            seen[delivery.message.properties.messageId ?? "", default: 0] += 1
            try await delivery.ack()
        }
        // Whatever else is still queued would be a duplicate: give it a moment to show.
        try await Task.sleep(for: .milliseconds(500))
        await consumer.cancel()
        while let delivery = await iterator.next() {
            seen[delivery.message.properties.messageId ?? "", default: 0] += 1
        }
        #expect(seen.count == count)
        #expect(seen.values.allSatisfy { $0 == 1 }, "duplicates: \(seen.filter { $0.value > 1 }.count)")
        await connection.close()
    }
}
