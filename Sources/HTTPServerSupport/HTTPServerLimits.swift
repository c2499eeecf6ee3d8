/// What one HTTP server allows a client (both services; docs/producer.md, "Limits"):
///
/// - `idleTimeout`: how long a connection may stay without a request, before its first request's
///   head is complete and between requests (Hummingbird's idle timeout): a client that connects
///   and sends nothing, or sends its headers a byte at a time, is closed;
/// - `readTimeout`: how long a request's body may take to arrive once its head has
///   (``RequestReadTimeoutHandler``): a body that trickles is cut off;
/// - `maximumConnections`: connections served at once; one more is closed as soon as it is
///   accepted, so a flood of idle sockets cannot take the descriptors the broker and the
///   database need.
public struct HTTPServerLimits: Sendable, Equatable {
    /// See the type's documentation.
    public var idleTimeout: Duration
    /// See the type's documentation.
    public var readTimeout: Duration
    /// See the type's documentation.
    public var maximumConnections: Int

    /// Limits; the defaults are the services' (`HTTP_IDLE_TIMEOUT` 30 s, `HTTP_READ_TIMEOUT`
    /// 30 s, `HTTP_MAX_CONNECTIONS` 1,000).
    public init(idleTimeout: Duration = .seconds(30), readTimeout: Duration = .seconds(30), maximumConnections: Int = 1000) {
        self.idleTimeout = idleTimeout
        self.readTimeout = readTimeout
        self.maximumConnections = maximumConnections
    }
}
