import AMQPClient
import Foundation
import ServiceTestSupport
import Testing

/// `amqps://` through rabbitmq-c's OpenSSL socket, against a private node with a TLS listener
/// and a certificate from a CA of its own (scripts/rabbitmq-local.sh, RABBITMQ_LOCAL_TLS=1).
@Suite("TLS", .serialized, .requiresBrokerNodes)
struct TLSTests {
    static let node = PrivateBrokerNode(
        name: "amqp-tls-\(ProcessInfo.processInfo.processIdentifier % 1000)", port: 5704,
        environment: ["RABBITMQ_LOCAL_TLS": "1"]
    )
    // localhost, not 127.0.0.1: rabbitmq-c 0.11 checks DNS names only, not IP addresses.
    static let tlsURL = "amqps://guest:guest@localhost:5705/"

    @Test(
        "a connection over TLS that verifies the broker's certificate publishes and consumes; a publish that cannot be encoded fails alone; an untrusted certificate is a tls error"
    )
    func publishAndConsumeOverTLS() async throws {
        try await Self.node.use { node in
            try await node.start()
            let caPath = node.baseDirectory.appending(path: "tls/ca.pem").path
            let connection = try await Broker.connect(url: Self.tlsURL, name: "tls") {
                $0.tlsCACertificatePath = caPath
                $0.tlsVerifyPeer = true
            }
            let queue = Broker.uniqueName("tls")
            try await connection.declare(AMQPTopology(queues: [Broker.temporaryQueue(queue)]))
            try await connection.publish(AMQPMessage(body: Data("over tls".utf8)), exchange: "", routingKey: queue)
            // A routing key over 255 bytes cannot be encoded: that publish fails by itself, before
            // any of its frames is written, and the connection carries the next one (it used to be
            // taken for a lost connection, and the publish resent on every new one).
            // A deadline, so that the old behaviour fails this test instead of hanging it.
            let encodeError = await #expect(throws: AMQPError.self) {
                try await connection.publish(
                    AMQPMessage(body: Data("never".utf8)), exchange: "", routingKey: String(repeating: "k", count: 256),
                    deadline: .now + .seconds(10))
            }
            #expect(encodeError?.code == .protocolError, "\(String(describing: encodeError))")
            #expect(encodeError?.message.contains("cannot encode basic.publish") == true)
            try await connection.publish(AMQPMessage(body: Data("after".utf8)), exchange: "", routingKey: queue)
            #expect(connection.isConnected)
            let consumer = try await connection.consume(queue: queue, prefetch: 2)
            let received = try await collect(2, from: consumer)
            #expect(received.map(\.message.body) == [Data("over tls".utf8), Data("after".utf8)])
            await connection.close()

            // The system's CAs do not know the node's own CA: verification must fail, by name.
            let error = await #expect(throws: AMQPError.self) {
                _ = try await Broker.connect(url: Self.tlsURL, name: "tls-untrusted") { $0.tlsVerifyPeer = true }
            }
            let text = String(describing: error).lowercased()
            #expect(error?.code == .tls || error?.code == .connectionFailed, "\(text)")
            #expect(text.contains("ssl") || text.contains("certificate") || text.contains("verif"), "\(text)")
        }
    }
}
