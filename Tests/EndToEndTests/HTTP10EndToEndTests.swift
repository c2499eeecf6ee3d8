import Foundation
import ServiceTestSupport
import Testing

/// Both services' real processes over raw TCP: an HTTP/1.0 request is answered and its
/// connection closed (docs/producer.md, "HTTP/1.0 clients"); before, both kept it open and
/// ApacheBench hung.
@Suite("HTTP/1.0 connections end to end", .serialized)
struct HTTP10EndToEndTests {
    @Test("the producer and the consumer answer an HTTP/1.0 request and close its connection")
    func bothServicesClose() async throws {
        let stack = try await Stack.start()
        // The services are stopped whatever happens: a connection left open fails by timing out.
        var failure: (any Error)?
        do {
            try await Self.expectClosed(
                ("producer", try #require(stack.producerURL.port)), ("consumer", try #require(stack.consumerHealthURL?.port)))
        } catch {
            failure = error
        }
        let status = await stack.stop()
        if let failure { throw failure }
        #expect(status.consumer == 0 && status.producer == 0)
    }

    /// An HTTP/1.0 `GET /health` to each service, read until the service closes the connection.
    static func expectClosed(_ services: (String, Int)...) async throws {
        for (service, port) in services {
            try await withTimeout(seconds: 20) {
                try await RawHTTPConnection.open(port: port) { connection in
                    try await connection.send("GET /health HTTP/1.0\r\nHost: localhost\r\n\r\n")
                    let text = try await connection.readUntilClosed()
                    #expect(text.hasPrefix("HTTP/1.1 200"), "\(service): \(text)")
                    #expect(text.lowercased().contains("\r\nconnection: close\r\n"), "\(service): \(text)")
                }
            }
        }
    }
}
