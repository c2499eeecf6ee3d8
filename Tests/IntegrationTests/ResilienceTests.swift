import AMQPClient
import Foundation
import ServiceTestSupport
import Testing

@Suite("Connection resilience", .serialized, .requiresBroker, .requiresBrokerNodes)
struct ResilienceTests {
    @Test("the broker is stopped and started mid-stream: every confirmed message is delivered, consumers resume")
    func brokerRestart() async throws {
        let node = PrivateBrokerNode(name: "amqp-restart-\(ProcessInfo.processInfo.processIdentifier % 1000)", port: 5702)
        try await node.use { node in
            try await node.start()
            let publisher = try await Broker.connect(url: node.url, name: "restart-publisher") {
                $0.reconnectDelay = .milliseconds(100)
                $0.maxReconnectDelay = .milliseconds(500)
            }
            let queue = Broker.uniqueName("restart")
            try await publisher.declare(AMQPTopology(queues: [.quorum(name: queue, deliveryLimit: 5, deadLetterExchange: nil)]))

            let total = 2_000
            let confirmed = Locked<Set<Int>>([])
            let failed = Locked<[String]>([])
            let publishing = Task {
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for worker in 0..<20 {
                        group.addTask {
                            for index in stride(from: worker, to: total, by: 20) {
                                do {
                                    let message = AMQPMessage(body: Data("\(index)".utf8), properties: AMQPProperties(messageId: "\(index)"))
                                    try await publisher.publish(message, exchange: "", routingKey: queue)
                                    confirmed.withLock { _ = $0.insert(index) }
                                } catch {
                                    failed.withLock { $0.append("\(index): \(error)") }
                                }
                                try await Task.sleep(for: .milliseconds(2))
                            }
                        }
                    }
                    try await group.waitForAll()
                }
            }
            while confirmed.withLock({ $0.count }) < 300 {
                try await Task.sleep(for: .milliseconds(20))
            }
            try await node.stop()
            #expect(!publisher.isConnected)
            try await node.start()
            try await publishing.value
            #expect(failed.withLock { $0 }.isEmpty)
            let confirmedIDs = confirmed.withLock { $0 }
            #expect(confirmedIDs.count == total)

            let consumer = try await publisher.consume(queue: queue, prefetch: 500)
            var received = Set<Int>()
            for await delivery in consumer {
                if let id = delivery.message.properties.messageId.flatMap(Int.init) { received.insert(id) }
                try await delivery.ack()
                if received.isSuperset(of: confirmedIDs) { break }
            }
            #expect(received.isSuperset(of: confirmedIDs))
            await publisher.close()
        }
    }

    @Test("a consumer keeps consuming across a broker restart")
    func consumerResumes() async throws {
        let node = PrivateBrokerNode(name: "amqp-resume-\(ProcessInfo.processInfo.processIdentifier % 1000)", port: 5703)
        try await node.use { node in
            try await node.start()
            let connection = try await Broker.connect(url: node.url, name: "restart-consumer") {
                $0.reconnectDelay = .milliseconds(100)
                $0.maxReconnectDelay = .milliseconds(500)
            }
            let queue = Broker.uniqueName("resume")
            try await connection.declare(AMQPTopology(queues: [.quorum(name: queue, deliveryLimit: 5, deadLetterExchange: nil)]))
            let consumer = try await connection.consume(queue: queue, prefetch: 10)
            try await connection.publish(AMQPMessage(body: Data("before".utf8)), exchange: "", routingKey: queue)
            var iterator = consumer.makeAsyncIterator()
            let first = try #require(await iterator.next())
            #expect(first.message.body == Data("before".utf8))
            try await first.ack()

            try await node.stop()
            try await node.start()
            try await connection.publish(AMQPMessage(body: Data("after".utf8)), exchange: "", routingKey: queue)
            let second = try #require(await iterator.next())
            #expect(second.message.body == Data("after".utf8))
            try await second.ack()
            await connection.close()
        }
    }

    @Test("a handler slower than two heartbeat intervals does not get the connection closed")
    func slowHandler() async throws {
        let connection = try await Broker.connect(name: "slow-handler") { $0.heartbeat = .seconds(2) }
        let queue = Broker.uniqueName("slow")
        try await connection.declare(AMQPTopology(queues: [Broker.temporaryQueue(queue)]))
        for index in 0..<2 {
            try await connection.publish(AMQPMessage(body: Data("\(index)".utf8)), exchange: "", routingKey: queue)
        }
        let consumer = try await connection.consume(queue: queue, prefetch: 1)
        var handled = 0
        for await delivery in consumer {
            try await Task.sleep(for: .seconds(5))
            #expect(connection.isConnected)
            try await delivery.ack()
            handled += 1
            if handled == 2 { break }
        }
        #expect(handled == 2)
        await connection.close()
    }
}
