import AMQPClient
import Foundation
import ServiceTestSupport
import Testing

@Suite("Publishing and consuming against a real broker", .requiresBroker)
struct PublishConsumeTests {
    @Test("10,000 messages published with confirms are all consumed, none lost, none unconfirmed")
    func tenThousand() async throws {
        let connection = try await Broker.connect()
        let queue = Broker.uniqueName("bulk")
        try await connection.declare(AMQPTopology(queues: [.quorum(name: queue, deliveryLimit: 5, deadLetterExchange: nil)]))
        let total = 10_000
        try await withThrowingTaskGroup(of: Void.self) { group in
            for worker in 0..<50 {
                group.addTask {
                    for index in stride(from: worker, to: total, by: 50) {
                        let message = AMQPMessage(body: Data("\(index)".utf8), properties: AMQPProperties(messageId: "\(index)"))
                        try await connection.publish(message, exchange: "", routingKey: queue)
                    }
                }
            }
            try await group.waitForAll()
        }
        let consumer = try await connection.consume(queue: queue, prefetch: 500)
        let deliveries = try await collect(total, from: consumer, timeout: .seconds(120))
        let ids = Set(deliveries.compactMap { $0.message.properties.messageId })
        #expect(deliveries.count == total)
        #expect(ids.count == total)
        #expect(ids == Set((0..<total).map(String.init)))
        await connection.close()
    }

    @Test("batches: what one read of the socket brought comes as one run, in publish order, none lost")
    func deliveryRuns() async throws {
        let connection = try await Broker.connect()
        let queue = Broker.uniqueName("runs")
        try await connection.declare(AMQPTopology(queues: [Broker.temporaryQueue(queue)]))
        let total = 300
        let results = await connection.publish((0..<total).map { index in
            AMQPPublish(AMQPMessage(body: Data("\(index)".utf8), properties: AMQPProperties(messageId: "\(index)")), exchange: "", routingKey: queue)
        })
        #expect(results.allSatisfy { (try? $0.get()) != nil })
        // All 300 wait in the queue before the consumer starts, so the broker sends them in a
        // burst that arrives in far fewer reads than messages.
        let consumer = try await connection.consume(queue: queue, prefetch: UInt16(total))
        var runs: [[AMQPDelivery]] = []
        for await run in consumer.batches {
            #expect(!run.isEmpty)
            runs.append(run)
            if runs.joined().count >= total { break }
        }
        let ids = runs.joined().map { $0.message.properties.messageId ?? "" }
        #expect(ids == (0..<total).map(String.init))
        #expect(runs.count < total, "every delivery came alone: \(runs.count) runs")
        try await #require(runs.last?.last).ack(multiple: true)
        await connection.close()
    }

    @Test("properties and headers arrive as published")
    func propertiesArrive() async throws {
        let connection = try await Broker.connect()
        let exchange = Broker.uniqueName("props")
        let queue = Broker.uniqueName("props-q")
        try await connection.declare(AMQPTopology(
            exchanges: [AMQPExchange(name: exchange, kind: .topic, durable: false)],
            queues: [Broker.temporaryQueue(queue)],
            bindings: [AMQPBinding(queue: queue, exchange: exchange, routingKey: "a.*")]
        ))
        let properties = AMQPProperties(
            contentType: "application/x-protobuf", messageId: "m1", correlationId: "c1", replyTo: "r1",
            type: "t1", headers: ["x-schema-version": .int64(1), "x-death-reason": .string("why")]
        )
        try await connection.publish(AMQPMessage(body: Data([1, 2, 3]), properties: properties), exchange: exchange, routingKey: "a.b")
        let consumer = try await connection.consume(queue: queue, prefetch: 10)
        let delivery = try #require(try await collect(1, from: consumer).first)
        #expect(delivery.message.body == Data([1, 2, 3]))
        #expect(delivery.routingKey == "a.b")
        #expect(delivery.exchange == exchange)
        let received = delivery.message.properties
        #expect(received.contentType == "application/x-protobuf")
        #expect(received.messageId == "m1" && received.correlationId == "c1" && received.replyTo == "r1" && received.type == "t1")
        #expect(received.headers["x-schema-version"]?.int64Value == 1)
        #expect(received.headers["x-death-reason"]?.stringValue == "why")
        #expect(received.persistent)
        await connection.close()
    }

    @Test("an unroutable mandatory message fails with publishReturned; the next publish works")
    func unroutable() async throws {
        let connection = try await Broker.connect()
        let exchange = Broker.uniqueName("nowhere")
        try await connection.declare(AMQPTopology(exchanges: [AMQPExchange(name: exchange, kind: .direct, durable: false)]))
        await #expect {
            try await connection.publish(AMQPMessage(body: Data("x".utf8)), exchange: exchange, routingKey: "no-binding")
        } throws: { error in
            (error as? AMQPError)?.code == .publishReturned
        }
        let queue = Broker.uniqueName("after-return")
        try await connection.declare(AMQPTopology(queues: [Broker.temporaryQueue(queue)]))
        try await connection.publish(AMQPMessage(body: Data("ok".utf8)), exchange: "", routingKey: queue)
        await connection.close()
    }

    @Test("publishes sent in one write: a body over several frames arrives whole, a key over 255 bytes fails alone")
    func oneWrite() async throws {
        let connection = try await Broker.connect()
        let queue = Broker.uniqueName("one-write")
        try await connection.declare(AMQPTopology(queues: [Broker.temporaryQueue(queue)]))
        // The broker's frames are 128 KiB: this body takes three body frames.
        let large = Data((0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        let batch = connection.startPublishing([
            AMQPPublish(AMQPMessage(body: Data("first".utf8)), exchange: "", routingKey: queue),
            AMQPPublish(AMQPMessage(body: Data("never".utf8)), exchange: "", routingKey: String(repeating: "k", count: 256)),
            AMQPPublish(AMQPMessage(body: large), exchange: "", routingKey: queue),
        ])
        let results = await batch.results()
        #expect((try? results[0].get()) != nil)
        guard case .failure(let error) = results[1] else {
            Issue.record("a 256-byte routing key was published")
            return
        }
        #expect(error.code == .protocolError)
        #expect(error.message.contains("cannot encode basic.publish"))
        #expect((try? results[2].get()) != nil)

        let consumer = try await connection.consume(queue: queue, prefetch: 10)
        let deliveries = try await collect(2, from: consumer)
        #expect(deliveries.map(\.message.body) == [Data("first".utf8), large])
        await connection.close()
    }

    @Test("a body over maximumBodySize is dropped frame by frame, unbuffered; the deliveries around it arrive whole")
    func bodyOverTheLimit() async throws {
        let connection = try await Broker.connect { $0.maximumBodySize = 200_000 }
        let queue = Broker.uniqueName("too-large")
        try await connection.declare(AMQPTopology(queues: [Broker.temporaryQueue(queue)]))
        // Three body frames of 128 KiB at most: the client reads and drops them one by one.
        let large = Data(repeating: 7, count: 300_000)
        let within = Data(repeating: 1, count: 150_000)
        for body in [Data("before".utf8), large, within] {
            try await connection.publish(AMQPMessage(body: body), exchange: "", routingKey: queue)
        }
        let consumer = try await connection.consume(queue: queue, prefetch: 10)
        let deliveries = try await collect(3, from: consumer)
        #expect(deliveries.map(\.message.body) == [Data("before".utf8), Data(), within])
        #expect(deliveries.map(\.discardedBodySize) == [nil, 300_000, nil])
        await connection.close()
    }

    @Test("closing fails later calls with a typed error instead of hanging")
    func afterClose() async throws {
        let connection = try await Broker.connect()
        await connection.close()
        #expect(!connection.isConnected)
        await #expect {
            try await connection.publish(AMQPMessage(body: Data()), exchange: "", routingKey: "x")
        } throws: { error in
            (error as? AMQPError)?.code == .closed
        }
    }

    @Test("wrong credentials are refused with a typed error")
    func wrongCredentials() async throws {
        var components = try #require(URLComponents(string: Broker.url))
        components.user = "nobody"
        components.password = "wrong"
        let url = try #require(components.string)
        await #expect {
            _ = try await Broker.connect(url: url)
        } throws: { error in
            guard let error = error as? AMQPError else { return false }
            return error.code == .accessRefused || error.code == .connectionFailed
        }
    }

    @Test("an unreachable broker fails fast with connectionFailed")
    func unreachable() async throws {
        await #expect {
            _ = try await Broker.connect(url: "amqp://guest:guest@127.0.0.1:1/")
        } throws: { error in
            (error as? AMQPError)?.code == .connectionFailed
        }
    }
}
