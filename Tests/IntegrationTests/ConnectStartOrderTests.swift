import AMQPClient
import Foundation
import ServiceTestSupport
import Testing

/// A connection may be created and connected before its broker runs (Kubernetes, compose
/// without `depends_on`, a broker restarted during a deploy): a `connect` that misses its
/// deadline fails alone, the connection thread keeps trying, and a later `connect` succeeds.
/// Uses a private node on port 5711 (this suite's own).
@Suite("Connection start order", .serialized)
struct ConnectStartOrderTests {
    static let node = PrivateBrokerNode(name: "amqp-start-\(ProcessInfo.processInfo.processIdentifier % 1000)", port: 5711)

    @Test(
        "connect() before the broker runs: each waiter times out alone, the worker keeps trying and connects once the broker starts",
        .requiresBrokerNodes)
    func brokerStartsLater() async throws {
        try #require(!Self.node.isListening, "port \(Self.node.port) is taken: another run of this suite?")
        try await Self.node.use { node in
            var configuration = try AMQPConfiguration(url: Self.node.url)
            configuration.connectionName = "start-order"
            configuration.reconnectDelay = .milliseconds(100)
            configuration.maxReconnectDelay = .milliseconds(500)
            let connection = AMQPConnection(configuration: configuration, logger: Broker.logger)

            for attempt in 1...2 {
                let started = ContinuousClock.now
                let error = await #expect(throws: AMQPError.self, "attempt \(attempt)") {
                    try await connection.connect(retryUntil: .now + .milliseconds(700))
                }
                #expect(error?.code == .timeout, "attempt \(attempt): \(String(describing: error))")
                #expect(String(describing: error).contains("127.0.0.1:\(Self.node.port)"), "names the broker: \(String(describing: error))")
                #expect(ContinuousClock.now - started < .seconds(3), "attempt \(attempt) waited past its deadline")
            }
            #expect(!connection.isConnected)

            // Work asked for before the broker runs waits for the connection.
            let queue = Broker.uniqueName("start-order")
            async let declared: Void = connection.declare(AMQPTopology(queues: [Broker.temporaryQueue(queue)]))

            try await node.start()
            try await connection.connect(retryUntil: .now + .seconds(30))
            #expect(connection.isConnected)
            try await declared
            try await connection.publish(AMQPMessage(body: Data("after start".utf8)), exchange: "", routingKey: queue)
            let consumer = try await connection.consume(queue: queue, prefetch: 1)
            let received = try await collect(1, from: consumer)
            #expect(received.first?.message.body == Data("after start".utf8))
            // Connected: connect() returns at once, however often it is called.
            try await connection.connect()
            await connection.close()
        }
    }

    @Test("connect() without a deadline makes one attempt at once (not after the backoff) and fails with its error; after close() it fails with .closed")
    func singleAttemptFailsThenRecovers() async throws {
        let port = try FreePort.find()
        var configuration = try AMQPConfiguration(url: "amqp://guest:guest@127.0.0.1:\(port)/")
        configuration.reconnectDelay = .seconds(30)
        configuration.maxReconnectDelay = .seconds(30)
        let connection = AMQPConnection(configuration: configuration, logger: Broker.logger)
        for _ in 1...2 {
            let started = ContinuousClock.now
            let error = await #expect(throws: AMQPError.self) { try await connection.connect() }
            #expect(error?.code == .connectionFailed, "\(String(describing: error))")
            // A new connect() attempts at once, not after the 30 s backoff.
            #expect(ContinuousClock.now - started < .seconds(5))
        }
        await connection.close()
        let afterClose = await #expect(throws: AMQPError.self) { try await connection.connect() }
        #expect(afterClose?.code == .closed, "\(String(describing: afterClose))")
    }

    @Test("a cancelled connect() returns at once with .cancelled; close() of a never-connected connection returns")
    func cancelledConnect() async throws {
        let port = try FreePort.find()
        let connection = AMQPConnection(
            configuration: try AMQPConfiguration(url: "amqp://guest:guest@127.0.0.1:\(port)/"), logger: Broker.logger
        )
        let waiting = Task { () async -> AMQPError? in
            do throws(AMQPError) {
                try await connection.connect(retryUntil: .now + .seconds(60))
                return nil
            } catch {
                return error
            }
        }
        try await Task.sleep(for: .milliseconds(300))
        let started = ContinuousClock.now
        waiting.cancel()
        let error = await waiting.value
        #expect(ContinuousClock.now - started < .seconds(2))
        #expect(error?.code == .cancelled, "\(String(describing: error))")
        await connection.close()

        let neverConnected = AMQPConnection(
            configuration: try AMQPConfiguration(url: "amqp://guest:guest@127.0.0.1:\(port)/"), logger: Broker.logger
        )
        await neverConnected.close()
    }
}
