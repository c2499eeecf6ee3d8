import NIOCore
import NIOPosix

/// A TCP connection that sends request text and reads responses as text: HTTP as a client that
/// is not an HTTP library sees it (versions, `Connection` headers, when the server closes).
public struct RawHTTPConnection {
    private var inbound: NIOAsyncChannelInboundStream<ByteBuffer>.AsyncIterator
    private let outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>
    /// Received and not consumed yet.
    private var received = ""

    /// Connects to `port` on loopback, runs `body`, and closes the connection.
    public static func open(port: Int, _ body: (inout RawHTTPConnection) async throws -> Void) async throws {
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

    public func send(_ text: String) async throws {
        try await outbound.write(ByteBuffer(string: text))
    }

    /// One response: its head and a body of `Content-Length` bytes.
    public mutating func readResponse() async throws -> String {
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
    public mutating func readUntilClosed() async throws -> String {
        while let buffer = try await inbound.next() { received += String(buffer: buffer) }
        defer { received = "" }
        return received
    }
}

public enum RawHTTPError: Error {
    /// The server closed the connection in the middle of a response.
    case closedEarly(String)
    /// The test did not end in time: a connection left open.
    case timedOut
}

/// Runs `body`, failing after `seconds` (a connection the server leaves open must fail the
/// test, not hang it).
public func withTimeout(seconds: Int, _ body: @escaping @Sendable () async throws -> Void) async throws {
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
