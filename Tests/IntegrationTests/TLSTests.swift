import AMQPClient
import Foundation
import ServiceTestSupport
import Testing

/// `amqps://` through rabbitmq-c's OpenSSL socket, against a private node with a TLS listener
/// that requires a client certificate, its certificates from a CA of the node's own
/// (scripts/rabbitmq-local.sh, RABBITMQ_LOCAL_TLS=1, RABBITMQ_LOCAL_TLS_CLIENT_CERT=1).
@Suite("TLS", .serialized, .requiresBrokerNodes)
struct TLSTests {
    static let node = PrivateBrokerNode(
        name: "amqp-tls-\(ProcessInfo.processInfo.processIdentifier % 1000)", port: 5704,
        environment: ["RABBITMQ_LOCAL_TLS": "1", "RABBITMQ_LOCAL_TLS_CLIENT_CERT": "1"]
    )
    // localhost, not 127.0.0.1: rabbitmq-c 0.11 checks DNS names only, not IP addresses.
    static let tlsURL = "amqps://guest:guest@localhost:5705/"

    @Test(
        "with the node's CA and a client certificate a connection publishes and consumes; without the certificate, with another CA or with the system's roots it is refused by a tls error saying why; a publish that cannot be encoded fails alone; subscriptionsctl reads AMQP_TLS_CA_FILE, AMQP_TLS_CERT_FILE and AMQP_TLS_KEY_FILE, and without a CA file trusts the system's roots"
    )
    func tls() async throws {
        // One node for both parts: a node's start takes 10–20 s.
        try await Self.node.use { node in
            try await node.start()
            try await publishAndConsumeOverTLS(node)
            try await toolsReadTheTLSFilesAndTheSystemRoots(node)
        }
    }

    private func publishAndConsumeOverTLS(_ node: PrivateBrokerNode) async throws {
        let tls = node.baseDirectory.appending(path: "tls")
        let caPath = tls.appending(path: "ca.pem").path
        let clientCertificate = tls.appending(path: "client.pem").path
        let clientKey = tls.appending(path: "client.key").path
        let connection = try await Broker.connect(url: Self.tlsURL, name: "tls") {
            $0.tlsCACertificatePath = caPath
            $0.tlsCertificatePath = clientCertificate
            $0.tlsKeyPath = clientKey
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

        // The node requires a client certificate.
        let noCertificate = await refusal(name: "tls-no-client-certificate") { $0.tlsCACertificatePath = caPath }
        #expect(noCertificate.contains("may require a client certificate (none is configured)"), "\(noCertificate)")
        // Another CA does not vouch for the node's certificate.
        let otherCA = try await TestCertificateAuthority.make(name: "other")
        defer { otherCA.remove() }
        let wrongCA = await refusal(name: "tls-other-ca") {
            $0.tlsCACertificatePath = otherCA.certificatePath
            $0.tlsCertificatePath = clientCertificate
            $0.tlsKeyPath = clientKey
        }
        #expect(wrongCA.contains("SSL peer cert verification failed"), "\(wrongCA)")
        #expect(wrongCA.contains("must chain to the CA file '\(otherCA.certificatePath)'"), "\(wrongCA)")
        // Without a CA file the system's roots are trusted, and they do not know the node's CA.
        let systemRoots = await refusal(name: "tls-system-roots") {
            $0.tlsCertificatePath = clientCertificate
            $0.tlsKeyPath = clientKey
        }
        #expect(systemRoots.contains("must chain to the system's trusted CA certificates"), "\(systemRoots)")
    }

    /// Without a CA file, OpenSSL's default paths are trusted: here SSL_CERT_FILE names the node's CA.
    private func toolsReadTheTLSFilesAndTheSystemRoots(_ node: PrivateBrokerNode) async throws {
        let tls = node.baseDirectory.appending(path: "tls")
        let files = [
            "AMQP_TLS_CERT_FILE": tls.appending(path: "client.pem").path, "AMQP_TLS_KEY_FILE": tls.appending(path: "client.key").path,
        ]
        // The dead-letter queue `dlq list` reads, on a bus of this test's own.
        let prefix = Broker.uniqueName("tlsctl")
        let setup = try await Broker.connect(url: node.url, name: "tls-setup")
        try await setup.declare(AMQPTopology(queues: [Broker.temporaryQueue("\(prefix).commands.dead-letter")]))
        await setup.close()
        let ctl = BuiltProducts.executable("subscriptionsctl").path
        let arguments = [ctl, "dlq", "list", "--amqp-url", Self.tlsURL, "--bus-prefix", prefix]

        let withCAFile = try await ScriptRun.output(
            arguments, environment: files.merging(["AMQP_TLS_CA_FILE": tls.appending(path: "ca.pem").path]) { $1 })
        #expect(withCAFile.contains("0 dead-lettered command(s)"), "\(withCAFile)")
        // No CA file: OpenSSL's default trust store, which SSL_CERT_FILE replaces.
        let systemRoots = try await ScriptRun.output(
            arguments, environment: files.merging(["SSL_CERT_FILE": tls.appending(path: "ca.pem").path]) { $1 })
        #expect(systemRoots.contains("0 dead-lettered command(s)"), "\(systemRoots)")

        let missingFile = await #expect(throws: HarnessError.self) {
            try await ScriptRun.output(arguments, environment: files.merging(["AMQP_TLS_CA_FILE": "/nonexistent/ca.pem"]) { $1 })
        }
        #expect("\(String(describing: missingFile))".contains("AMQP_TLS_CA_FILE='/nonexistent/ca.pem' is invalid: expected a readable PEM file"))
        let plainURL = await #expect(throws: HarnessError.self) {
            try await ScriptRun.output(
                [ctl, "dlq", "list", "--amqp-url", node.url, "--bus-prefix", prefix],
                environment: ["AMQP_TLS_CA_FILE": tls.appending(path: "ca.pem").path])
        }
        #expect("\(String(describing: plainURL))".contains("amqps:// URLs only"))
    }

    /// The message of the error a connection to the node with `configure` gets; it must be a
    /// ``AMQPError/Code/tls`` error.
    private func refusal(name: String, _ configure: (inout AMQPConfiguration) -> Void) async -> String {
        do {
            let connection = try await Broker.connect(url: Self.tlsURL, name: name, configure: configure)
            await connection.close()
            Issue.record("\(name): connected")
            return ""
        } catch let error as AMQPError {
            #expect(error.code == .tls, "\(error)")
            return error.message
        } catch {
            Issue.record("\(name): \(error)")
            return ""
        }
    }
}
