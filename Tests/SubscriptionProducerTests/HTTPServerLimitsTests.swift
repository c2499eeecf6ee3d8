import HTTPServerSupport
import Hummingbird
import ServiceTestSupport
import Testing

/// Both services' HTTP server within its limits (`HTTPServerLimits`: `HTTP_IDLE_TIMEOUT`,
/// `HTTP_READ_TIMEOUT`, `HTTP_MAX_CONNECTIONS`), over raw TCP as a slow or greedy client sends:
/// nothing holds a connection for ever, and no flood takes more than its places
/// (docs/reliability.md, "Inputs tried").
@Suite("HTTP server limits", .serialized)
struct HTTPServerLimitsTests {
    static let limits = HTTPServerLimits(idleTimeout: .milliseconds(400), readTimeout: .milliseconds(400), maximumConnections: 2)

    /// Runs the server alone (no test client holding connections of its own) and `test` with its port.
    func withServer(_ test: @escaping @Sendable (Int) async throws -> Void) async throws {
        let router = Router()
        router.get("/ok") { _, _ in "ok" }
        router.post("/body") { request, _ in
            _ = try await request.body.collect(upTo: 1 << 20)
            return "read"
        }
        let (ports, port) = AsyncStream.makeStream(of: Int.self)
        let app = Application(
            router: router, server: .http1ClosingNonKeepAlive(limits: Self.limits),
            configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { channel in port.yield(channel.localAddress?.port ?? 0) })
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await app.runService(gracefulShutdownSignals: []) }
            var iterator = ports.makeAsyncIterator()
            let bound = try #require(await iterator.next())
            try await withTimeout(seconds: 20) { try await test(bound) }
            group.cancelAll()
        }
    }

    @Test("a client that connects and sends nothing, or its head a byte at a time, is closed after the idle timeout")
    func idleAndSlowHead() async throws {
        try await withServer { port in
            try await RawHTTPConnection.open(port: port) { connection in
                let text = try await connection.readUntilClosed()
                #expect(text.isEmpty)
            }
            try await RawHTTPConnection.open(port: port) { connection in
                try await connection.send("GET /ok HTTP/1.1\r\nHo")
                try await Task.sleep(for: .milliseconds(200))
                // On a loaded machine the idle timeout may have closed the connection already:
                // what this test expects, so a refused write is no failure.
                try? await connection.send("st: x\r\n")
                let text = try await connection.readUntilClosed()
                #expect(text.isEmpty, "no response to a head that never ended")
            }
        }
    }

    @Test("a body that trickles after its head is cut off after the read timeout")
    func slowBody() async throws {
        try await withServer { port in
            try await RawHTTPConnection.open(port: port) { connection in
                try await connection.send("POST /body HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\nab")
                let text = try await connection.readUntilClosed()
                #expect(!text.contains("read"), "the handler never got the whole body: \(text)")
            }
        }
    }

    @Test("beyond the connection cap a connection is closed when accepted; a place comes back when one closes")
    func connectionCap() async throws {
        try await withServer { port in
            try await RawHTTPConnection.open(port: port) { first in
                try await first.send("GET /ok HTTP/1.1\r\nHost: x\r\n\r\n")
                let text = try await first.readResponse()
                #expect(text.hasPrefix("HTTP/1.1 200"))
                try await RawHTTPConnection.open(port: port) { second in
                    try await second.send("GET /ok HTTP/1.1\r\nHost: x\r\n\r\n")
                    let text = try await second.readResponse()
                    #expect(text.hasPrefix("HTTP/1.1 200"))
                    try await RawHTTPConnection.open(port: port) { third in
                        // Closed as soon as it is accepted: nothing comes back (a reset counts as closed).
                        let text = (try? await third.readUntilClosed()) ?? ""
                        #expect(text.isEmpty, "the third connection is refused")
                    }
                }
            }
            // Both places were given back (the first two closed): served again.
            try await Task.sleep(for: .milliseconds(100))
            try await RawHTTPConnection.open(port: port) { again in
                try await again.send("GET /ok HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
                let text = try await again.readUntilClosed()
                #expect(text.hasPrefix("HTTP/1.1 200"))
            }
        }
    }
}
