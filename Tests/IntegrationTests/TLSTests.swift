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

    @Test("a connection over TLS that verifies the broker's certificate publishes and consumes; an untrusted certificate is a tls error")
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
            let consumer = try await connection.consume(queue: queue, prefetch: 1)
            let received = try await collect(1, from: consumer)
            #expect(received.first?.message.body == Data("over tls".utf8))
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
