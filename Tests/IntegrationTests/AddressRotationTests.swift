import AMQPClient
import Foundation
import ServiceTestSupport
import Testing

/// Several broker URLs against the shared broker and free ports where nothing listens: the
/// connection tries them in order and moves on (docs/amqp-client.md, "Several brokers").
@Suite("AMQP address rotation", .requiresBroker)
struct AddressRotationTests {
    @Test("the first address is dead: connect without a deadline moves to the next one, and publish and consume work there")
    func deadFirstAddress() async throws {
        let dead = try FreePort.find()
        let connection = try await Broker.connect(url: "amqp://guest:guest@127.0.0.1:\(dead)/, \(Broker.url)", name: "rotation")
        #expect(connection.isConnected)
        let queue = Broker.uniqueName("rotation")
        try await connection.declare(AMQPTopology(queues: [Broker.temporaryQueue(queue)]))
        try await connection.publish(AMQPMessage(body: Data("moved".utf8)), exchange: "", routingKey: queue)
        let consumer = try await connection.consume(queue: queue, prefetch: 1)
        let received = try await collect(1, from: consumer, timeout: .seconds(10))
        #expect(received.map(\.message.body) == [Data("moved".utf8)])
        await connection.close()
    }

    @Test("every address is dead: connect without a deadline fails once each was tried, naming all of them")
    func everyAddressDead() async throws {
        let (first, second) = (try FreePort.find(), try FreePort.find())
        await #expect {
            _ = try await Broker.connect(url: "amqp://127.0.0.1:\(first)/,amqp://127.0.0.1:\(second)/", name: "rotation-dead")
        } throws: { error in
            guard let error = error as? AMQPError else { return false }
            return error.code == .connectionFailed && error.message.contains("none of the 2 brokers")
                && error.message.contains("127.0.0.1:\(first)") && error.message.contains("127.0.0.1:\(second)")
        }
    }

    @Test("with a deadline, connect keeps going round the dead addresses and names them when it gives up")
    func deadlineOverDeadAddresses() async throws {
        let (first, second) = (try FreePort.find(), try FreePort.find())
        var configuration = try AMQPConfiguration(url: "amqp://127.0.0.1:\(first)/,amqp://127.0.0.1:\(second)/")
        configuration.reconnectDelay = .milliseconds(50)
        let connection = AMQPConnection(configuration: configuration, logger: Broker.logger)
        await #expect {
            try await connection.connect(retryUntil: .now + .seconds(1))
        } throws: { error in
            guard let error = error as? AMQPError else { return false }
            return error.code == .timeout && error.message.contains("127.0.0.1:\(first), 127.0.0.1:\(second)")
        }
        await connection.close()
    }
}
