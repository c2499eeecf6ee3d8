import Foundation

/// How to reach a broker and how the connection behaves.
///
/// Built from an AMQP URI (`amqp://user:password@host:port/vhost`, `amqps://…` for TLS, the
/// virtual host percent-encoded, `%2F` for `/`; an empty path means `/`).
public struct AMQPConfiguration: Sendable, Hashable {
    /// Broker host name or address.
    public var host: String
    /// Broker port (5672 for `amqp`, 5671 for `amqps` by default).
    public var port: Int
    /// Virtual host.
    public var virtualHost: String
    /// User name (SASL PLAIN).
    public var user: String
    /// Password (SASL PLAIN).
    public var password: String
    /// Use TLS (rabbitmq-c's OpenSSL socket).
    public var tls: Bool
    /// PEM file of the certificate authorities to trust for TLS; nil: the system's default paths.
    public var tlsCACertificatePath: String?
    /// Verify the broker's certificate and host name (TLS only).
    public var tlsVerifyPeer: Bool
    /// Heartbeat interval negotiated with the broker; zero disables heartbeats.
    public var heartbeat: Duration
    /// Client-provided connection name, shown by the management UI.
    public var connectionName: String
    /// First delay before reconnecting; doubles up to ``maxReconnectDelay``.
    public var reconnectDelay: Duration
    /// Longest delay between reconnection attempts.
    public var maxReconnectDelay: Duration
    /// Most publishes awaiting a broker confirm at once; further publishes wait.
    public var confirmWindow: Int
    /// Time allowed for the TCP connect and the AMQP handshake.
    public var connectTimeout: Duration

    /// A configuration parsed from an AMQP URI, with default behaviour.
    public init(url: String) throws(AMQPError) {
        guard let components = URLComponents(string: url), let scheme = components.scheme?.lowercased() else {
            throw AMQPError(.invalidURL, "'\(url)' is not a URL (expected amqp://user:password@host:port/vhost)")
        }
        switch scheme {
        case "amqp": tls = false
        case "amqps": tls = true
        default:
            throw AMQPError(.invalidURL, "scheme '\(scheme)' in '\(Self.redacted(url))' is not amqp or amqps")
        }
        guard let host = components.host, !host.isEmpty else {
            throw AMQPError(.invalidURL, "'\(Self.redacted(url))' has no host")
        }
        self.host = host
        if let port = components.port {
            guard (1...65535).contains(port) else {
                throw AMQPError(.invalidURL, "port \(port) in '\(Self.redacted(url))' is out of range")
            }
            self.port = port
        } else {
            self.port = tls ? 5671 : 5672
        }
        user = components.user?.removingPercentEncoding ?? "guest"
        password = components.password?.removingPercentEncoding ?? "guest"
        let path = components.percentEncodedPath
        if path.isEmpty || path == "/" {
            virtualHost = "/"
        } else {
            let encoded = String(path.dropFirst())
            guard !encoded.contains("/"), let decoded = encoded.removingPercentEncoding else {
                throw AMQPError(.invalidURL, "virtual host '\(encoded)' must be one percent-encoded segment (use %2F for '/')")
            }
            virtualHost = decoded
        }
        tlsCACertificatePath = nil
        tlsVerifyPeer = true
        heartbeat = .seconds(30)
        connectionName = "swift-amqp-client"
        reconnectDelay = .milliseconds(200)
        maxReconnectDelay = .seconds(5)
        confirmWindow = 1024
        connectTimeout = .seconds(10)
    }

    /// The URL with its password replaced, safe to log.
    public var redactedURL: String {
        let vhost = virtualHost.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? virtualHost
        return "\(tls ? "amqps" : "amqp")://\(user):***@\(host):\(port)/\(vhost)"
    }

    static func redacted(_ url: String) -> String {
        guard var components = URLComponents(string: url), components.password != nil else { return url }
        components.password = "***"
        return components.string ?? url
    }
}
