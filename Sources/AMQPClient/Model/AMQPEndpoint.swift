import Foundation

/// One broker address: where to connect and how to log in, parsed from one AMQP URI
/// (`amqp://user:password@host:port/vhost`, `amqps://…` for TLS, the virtual host
/// percent-encoded, `%2F` for `/`; an empty path means `/`).
///
/// A cluster is reached through several endpoints (``AMQPConfiguration/endpoints``), one per node.
public struct AMQPEndpoint: Sendable, Hashable {
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

    /// The endpoint of one AMQP URI; a bad URI is ``AMQPError/Code/invalidURL`` naming the problem.
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
    }

    /// The URL with its password replaced, safe to log.
    public var redactedURL: String {
        let vhost = virtualHost.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? virtualHost
        return "\(tls ? "amqps" : "amqp")://\(user):***@\(host):\(port)/\(vhost)"
    }

    /// `host:port`, for messages.
    public var address: String { "\(host):\(port)" }

    static func redacted(_ url: String) -> String {
        guard var components = URLComponents(string: url), components.password != nil else { return url }
        components.password = "***"
        return components.string ?? url
    }
}
