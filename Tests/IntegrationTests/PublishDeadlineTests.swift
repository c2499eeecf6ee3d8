import AMQPClient
import Foundation
import ServiceTestSupport
import Testing

/// A publish ends at its deadline or when its task is cancelled, whatever the broker does.
/// The blocked broker is a private node (port 5713, this suite's own) with a memory alarm
/// (`set_vm_memory_high_watermark 0`): it keeps the connection open but stops reading what
/// publishers send, so no confirm comes.
@Suite("Publish deadline and cancellation", .serialized)
struct PublishDeadlineTests {
    static let node = PrivateBrokerNode(name: "amqp-blocked-\(ProcessInfo.processInfo.processIdentifier % 1000)", port: 5713)

    @Test(
        "a broker that stops confirming: a publish fails with .timeout at its deadline, a cancelled one with .cancelled at once; both work again after the alarm",
        .requiresBrokerNodes)
    func blockedBroker() async throws {
        try #require(!Self.node.isListening, "port \(Self.node.port) is taken: another run of this suite?")
        try await Self.node.use { node in
            try await node.start()
            let connection = try await Broker.connect(url: node.url, name: "blocked-publisher")
            let queue = Broker.uniqueName("blocked")
            try await connection.declare(AMQPTopology(queues: [Broker.temporaryQueue(queue)]))
            try await connection.publish(AMQPMessage(body: Data("before".utf8)), exchange: "", routingKey: queue, deadline: .now + .seconds(10))

            try await node.ctl(["set_vm_memory_high_watermark", "0"])
            let started = ContinuousClock.now
            let timeout = await #expect(throws: AMQPError.self) {
                try await connection.publish(
                    AMQPMessage(body: Data("blocked".utf8)), exchange: "", routingKey: queue, deadline: .now + .seconds(1))
            }
            let elapsed = ContinuousClock.now - started
            #expect(timeout?.code == .timeout, "\(String(describing: timeout))")
            #expect(elapsed >= .milliseconds(950) && elapsed < .seconds(3), "ended after \(elapsed)")

            let cancelled = Task { () async -> AMQPError? in
                do throws(AMQPError) {
                    try await connection.publish(AMQPMessage(body: Data("cancelled".utf8)), exchange: "", routingKey: queue)
                    return nil
                } catch {
                    return error
                }
            }
            try await Task.sleep(for: .milliseconds(300))
            let cancelledAt = ContinuousClock.now
            cancelled.cancel()
            let error = await cancelled.value
            #expect(ContinuousClock.now - cancelledAt < .seconds(1))
            #expect(error?.code == .cancelled, "\(String(describing: error))")

            try await node.ctl(["set_vm_memory_high_watermark", "0.4"])
            try await connection.publish(AMQPMessage(body: Data("after".utf8)), exchange: "", routingKey: queue, deadline: .now + .seconds(30))
            let consumer = try await connection.consume(queue: queue, prefetch: 10)
            var bodies: [String] = []
            for await delivery in consumer {
                bodies.append(String(decoding: delivery.message.body, as: UTF8.self))
                try await delivery.ack()
                if bodies.last == "after" { break }
            }
            // What timed out or was cancelled may or may not have reached the queue (at most once,
            // from the publisher's side); what was confirmed did, in order.
            #expect(bodies.first == "before" && bodies.last == "after", "\(bodies)")
            #expect(Set(bodies).isSubset(of: ["before", "blocked", "cancelled", "after"]), "\(bodies)")
            await connection.close()
        }
    }

    @Test("a publish while no broker is reachable fails with .timeout at its deadline and is never sent")
    func deadlineWhileDisconnected() async throws {
        let port = try FreePort.find()
        let connection = AMQPConnection(
            configuration: try AMQPConfiguration(url: "amqp://guest:guest@127.0.0.1:\(port)/"), logger: Broker.logger
        )
        _ = try? await connection.connect()
        let started = ContinuousClock.now
        let error = await #expect(throws: AMQPError.self) {
            try await connection.publish(AMQPMessage(body: Data("x".utf8)), exchange: "", routingKey: "q", deadline: .now + .milliseconds(500))
        }
        #expect(error?.code == .timeout, "\(String(describing: error))")
        #expect(String(describing: error).contains("not sent"), "\(String(describing: error))")
        #expect(ContinuousClock.now - started < .seconds(2))
        await connection.close()
    }
}
