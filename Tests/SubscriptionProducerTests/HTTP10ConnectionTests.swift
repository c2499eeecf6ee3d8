import Hummingbird
import HummingbirdTesting
import NIOCore
import NIOPosix
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
        try await withLiveProducer { port in
            try await RawHTTPConnection.open(port: port) { connection in
                try await connection.send("GET /health HTTP/1.0\r\nHost: localhost\r\n\r\n")
                let text = try await connection.readUntilClosed()
                #expect(text.hasPrefix("HTTP/1.1 "), "\(text)")
                #expect(text.lowercased().contains("\r\nconnection: close\r\n"), "\(text)")
            }
        }
    }

    @Test("an HTTP/1.0 request with Connection: keep-alive keeps it, says so, and a second request is answered on it")
    func http10KeepAlive() async throws {
        try await withLiveProducer { port in
            try await RawHTTPConnection.open(port: port) { connection in
                for _ in 0..<2 {
                    try await connection.send("GET /health HTTP/1.0\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n")
                    let head = try await connection.readResponse()
                    #expect(head.lowercased().contains("\r\nconnection: keep-alive\r\n"), "\(head)")
                }
            }
        }
    }

    @Test("an HTTP/1.1 request keeps its connection without a Connection header; one with Connection: close closes it")
    func http11() async throws {
        try await withLiveProducer { port in
            try await RawHTTPConnection.open(port: port) { connection in
                try await connection.send("GET /health HTTP/1.1\r\nHost: localhost\r\n\r\n")
                let head = try await connection.readResponse()
                #expect(!head.lowercased().contains("\r\nconnection:"), "\(head)")
                try await connection.send("GET /health HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
                let last = try await connection.readUntilClosed()
                #expect(last.lowercased().contains("\r\nconnection: close\r\n"), "\(last)")
            }
        }
    }

    /// Runs `test` with the producer's application serving on a port of its own.
    func withLiveProducer(_ test: @escaping @Sendable (Int) async throws -> Void) async throws {
        let configuration = ProducerConfiguration(
            amqpURL: TestBroker.url, replyTimeout: .seconds(5),
            topology: CommandTopology(prefix: ProducerTestBus.uniquePrefix(), queueExpiry: .seconds(600)),
            serviceName: "producer-http10-tests")
        let app = try buildApplication(
            configuration: configuration, logger: ProducerTestBus.logger, registry: PrometheusCollectorRegistry(),
            identity: TestCredentials.identity, apiKeys: TestCredentials.keys)
        try await app.test(.live) { client in
            let port = try #require(client.port)
            try await withTimeout(seconds: 20) { try await test(port) }
        }
    }
}

/// A TCP connection that sends request text and reads responses as text.
struct RawHTTPConnection {
    private var inbound: NIOAsyncChannelInboundStream<ByteBuffer>.AsyncIterator
    private let outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>
    /// Received and not consumed yet.
    private var received = ""

    /// Connects to `port` on loopback, runs `body`, and closes the connection.
    static func open(port: Int, _ body: (inout RawHTTPConnection) async throws -> Void) async throws {
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connect(host: "127.0.0.1", port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
                }
            }
        try await channel.executeThenClose { inbound, outbound in
            var connection = RawHTTPConnection(inbound: inbound.makeAsyncIterator(), outbound: outbound)
            try await body(&connection)
        }
    }

    func send(_ text: String) async throws {
        try await outbound.write(ByteBuffer(string: text))
    }

    /// One response: its head and a body of `Content-Length` bytes.
    mutating func readResponse() async throws -> String {
        while true {
            if let end = received.range(of: "\r\n\r\n") {
                let head = received[..<end.upperBound].lowercased()
                let length = head.split(separator: "\r\n").first { $0.hasPrefix("content-length:") }
                    .flatMap { Int($0.dropFirst("content-length:".count).filter { $0 != " " }) } ?? 0
                let body = received.utf8[end.upperBound...]
                if body.count >= length {
                    let bodyEnd = received.utf8.index(end.upperBound, offsetBy: length)
                    defer { received = String(received[bodyEnd...]) }
                    return String(received[..<bodyEnd])
                }
            }
            guard let buffer = try await inbound.next() else { throw RawHTTPError.closedEarly(received) }
            received += String(buffer: buffer)
        }
    }

    /// Everything until the server closes the connection.
    mutating func readUntilClosed() async throws -> String {
        while let buffer = try await inbound.next() { received += String(buffer: buffer) }
        defer { received = "" }
        return received
    }
}

enum RawHTTPError: Error {
    /// The server closed the connection in the middle of a response.
    case closedEarly(String)
    /// The test did not end in time: a connection left open.
    case timedOut
}

/// Runs `body`, failing after `seconds` (a connection the server leaves open must fail the
/// test, not hang it).
func withTimeout(seconds: Int, _ body: @escaping @Sendable () async throws -> Void) async throws {
    try await withThrowingTaskGroup(of: Void.self) { group in
        group.addTask { try await body() }
        group.addTask {
            try await Task.sleep(for: .seconds(seconds))
            throw RawHTTPError.timedOut
        }
        defer { group.cancelAll() }
        try await group.next()
    }
}
