import Hummingbird
import HummingbirdTesting
import Prometheus
import ServiceTestSupport
import Testing

@testable import SubscriptionProducer

/// The producer's real HTTP server over a raw TCP connection: HTTP/1.0's connection rule
/// (HTTPServerSupport's `HTTP10ConnectionCloseHandler`). Before it, the server kept an HTTP/1.0
/// connection open after the response, and ApacheBench hung on every request.
@Suite("HTTP/1.0 connections", .serialized, .requiresBroker)
struct HTTP10ConnectionTests {
    @Test("an HTTP/1.0 request is answered and its connection closed, saying Connection: close")
    func http10Closes() async throws {
        try await withConnectionToLiveProducer { connection in
            try await connection.send("GET /health HTTP/1.0\r\nHost: localhost\r\n\r\n")
            let text = try await connection.readUntilClosed()
            #expect(text.hasPrefix("HTTP/1.1 "), "\(text)")
            #expect(text.lowercased().contains("\r\nconnection: close\r\n"), "\(text)")
        }
    }

    @Test("an HTTP/1.0 request with Connection: keep-alive keeps it, says so, and a second request is answered on it")
    func http10KeepAlive() async throws {
        try await withConnectionToLiveProducer { connection in
            for _ in 0..<2 {
                try await connection.send("GET /health HTTP/1.0\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n")
                let head = try await connection.readResponse()
                #expect(head.lowercased().contains("\r\nconnection: keep-alive\r\n"), "\(head)")
            }
        }
    }

    @Test("an HTTP/1.1 request keeps its connection without a Connection header; one with Connection: close closes it")
    func http11() async throws {
        try await withConnectionToLiveProducer { connection in
            try await connection.send("GET /health HTTP/1.1\r\nHost: localhost\r\n\r\n")
            let head = try await connection.readResponse()
            #expect(!head.lowercased().contains("\r\nconnection:"), "\(head)")
            try await connection.send("GET /health HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
            let last = try await connection.readUntilClosed()
            #expect(last.lowercased().contains("\r\nconnection: close\r\n"), "\(last)")
        }
    }

    /// Runs `test` with a connection to the producer's application, serving on a port of its own.
    func withConnectionToLiveProducer(_ test: @escaping @Sendable (inout RawHTTPConnection) async throws -> Void) async throws {
        let configuration = ProducerConfiguration(
            amqpURL: TestBroker.url, replyTimeout: .seconds(5),
            topology: CommandTopology(prefix: ProducerTestBus.uniquePrefix(), queueExpiry: .seconds(600)),
            serviceName: "producer-http10-tests")
        let app = try buildApplication(
            configuration: configuration, logger: ProducerTestBus.logger, registry: PrometheusCollectorRegistry(),
            identity: TestCredentials.identity, apiKeys: TestCredentials.keys)
        try await app.test(.live) { client in
            let port = try #require(client.port)
            try await withTimeout(seconds: 20) { try await RawHTTPConnection.open(port: port, test) }
        }
    }
}
