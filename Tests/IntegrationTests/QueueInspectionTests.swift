import AMQPClient
import Foundation
import ServiceTestSupport
import Testing

@Suite("Queue inspection (passive declare)", .requiresBroker)
struct QueueInspectionTests {
    @Test("inspect counts the ready messages and the consumers of a queue, and creates nothing")
    func countsMessagesAndConsumers() async throws {
        let connection = try await Broker.connect()
        let queue = Broker.uniqueName("inspect")
        try await connection.declare(AMQPTopology(queues: [Broker.temporaryQueue(queue)]))
        #expect(try await connection.inspect(queue: queue) == AMQPQueueState(name: queue, messageCount: 0, consumerCount: 0))
        for index in 0..<3 {
            try await connection.publish(AMQPMessage(body: Data("\(index)".utf8)), exchange: "", routingKey: queue)
        }
        #expect(try await connection.inspect(queue: queue).messageCount == 3)
        let consumer = try await connection.consume(queue: queue, prefetch: 1)
        let received = try await collect(3, from: consumer)
        #expect(received.count == 3)
        let state = try await connection.inspect(queue: queue)
        #expect(state.messageCount == 0)
        #expect(state.consumerCount == 1)
        await consumer.cancel()
        await connection.close()
    }

    @Test("a missing queue is a typed 404 error, nothing is created, and the connection keeps working")
    func missingQueue() async throws {
        let connection = try await Broker.connect()
        let missing = Broker.uniqueName("never-declared")
        await #expect {
            _ = try await connection.inspect(queue: missing)
        } throws: { error in
            (error as? AMQPError)?.code == .notFound && (error as? AMQPError)?.replyCode == 404
        }
        await #expect(throws: AMQPError.self) { _ = try await connection.inspect(queue: missing) }
        let queue = Broker.uniqueName("after-inspect-404")
        try await connection.declare(AMQPTopology(queues: [Broker.temporaryQueue(queue)]))
        try await connection.publish(AMQPMessage(body: Data("still works".utf8)), exchange: "", routingKey: queue)
        #expect(try await connection.inspect(queue: queue).messageCount == 1)
        await connection.close()
    }

    @Test("deleting a queue drops it with its messages and reports how many; deleting a missing queue reports 0")
    func deleteQueue() async throws {
        let connection = try await Broker.connect()
        let queue = Broker.uniqueName("delete")
        try await connection.declare(AMQPTopology(queues: [Broker.temporaryQueue(queue)]))
        for index in 0..<2 {
            try await connection.publish(AMQPMessage(body: Data("\(index)".utf8)), exchange: "", routingKey: queue)
        }
        #expect(try await connection.deleteQueue(queue) == 2)
        await #expect {
            _ = try await connection.inspect(queue: queue)
        } throws: { error in
            (error as? AMQPError)?.code == .notFound
        }
        #expect(try await connection.deleteQueue(queue) == 0)
        await connection.close()
    }
}
