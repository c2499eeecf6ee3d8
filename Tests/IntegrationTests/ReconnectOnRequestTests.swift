import AMQPClient
import Foundation
import ServiceTestSupport
import Testing

/// `AMQPConnection.reconnect(because:)`: what a caller does when the connection stops making
/// progress (the consumer's settler, when publisher confirms do not come). It must behave as a
/// lost connection does: deliveries handed out become stale and come back redelivered, the
/// consumer resubscribes, and publishing goes on over the new connection.
@Suite("Reconnecting on request", .requiresBroker)
struct ReconnectOnRequestTests {
    @Test("a reconnect on request: the unacked delivery comes back redelivered, its stale ack fails, the consumer and publishes go on")
    func reconnectOnRequest() async throws {
        let connection = try await Broker.connect(name: "reconnect-on-request") {
            $0.reconnectDelay = .milliseconds(50)
            $0.maxReconnectDelay = .milliseconds(200)
        }
        let queue = Broker.uniqueName("reconnect")
        try await connection.declare(AMQPTopology(queues: [Broker.temporaryQueue(queue)]))
        let consumer = try await connection.consume(queue: queue, prefetch: 10)
        var deliveries = consumer.makeAsyncIterator()
        try await connection.publish(AMQPMessage(body: Data("one".utf8)), exchange: "", routingKey: queue)
        let first = try #require(await deliveries.next())
        #expect(!first.redelivered)

        connection.reconnect(because: "the test asks")
        // The same message again, marked redelivered, on the new connection's channel.
        let again = try #require(await deliveries.next())
        #expect(String(decoding: again.message.body, as: UTF8.self) == "one")
        #expect(again.redelivered)
        await #expect(throws: AMQPError.self) { try await first.ack() }
        try await again.ack()

        try await connection.publish(AMQPMessage(body: Data("two".utf8)), exchange: "", routingKey: queue)
        let second = try #require(await deliveries.next())
        #expect(String(decoding: second.message.body, as: UTF8.self) == "two")
        #expect(!second.redelivered)
        try await second.ack()
        await connection.close()
    }
}
