import Foundation

/// How to reach a broker (or the nodes of a cluster) and how the connection behaves.
///
/// Built from an AMQP URI (`amqp://user:password@host:port/vhost`, `amqps://…` for TLS, the
/// virtual host percent-encoded, `%2F` for `/`; an empty path means `/`), or from several,
/// comma-separated, one per cluster node: the connection uses one at a time and moves to the
/// next when its broker cannot be reached or the connection is lost (``endpoints``).
public struct AMQPConfiguration: Sendable, Hashable {
    /// The broker addresses, in the order they are tried; never empty. The connection starts
    /// with the first and moves to the next (wrapping around) after a failed attempt or a lost
    /// connection.
    public var endpoints: [AMQPEndpoint]
    /// PEM file of the certificate authorities to trust for TLS, instead of the system's; nil:
    /// the system's trusted roots (OpenSSL's default file and directory, `SSL_CERT_FILE` and
    /// `SSL_CERT_DIR` when set), which rabbitmq-c alone would not load.
    public var tlsCACertificatePath: String?
    /// PEM file of the client certificate (and any intermediates after it) shown to a broker
    /// that asks for one (TLS only); set together with ``tlsKeyPath``.
    public var tlsCertificatePath: String?
    /// PEM file of the private key of ``tlsCertificatePath`` (unencrypted).
    public var tlsKeyPath: String?
    /// Verify the broker's certificate and host name (TLS only).
    public var tlsVerifyPeer: Bool
    /// Every publish carries the `user_id` property set to the user this connection logged in
    /// as (replacing any the message had). The broker refuses a `user_id` other than the
    /// connection's own, so a receiver can trust it to name the sender's broker user.
    public var stampsUserID: Bool
    /// Heartbeat interval negotiated with the broker; zero disables heartbeats.
    public var heartbeat: Duration
    /// Client-provided connection name, shown by the management UI.
    public var connectionName: String
    /// First delay before reconnecting; doubles up to ``maxReconnectDelay``. With several
    /// endpoints the next one is tried at once, and the delay applies once all of them failed.
    public var reconnectDelay: Duration
    /// Longest delay between reconnection attempts.
    public var maxReconnectDelay: Duration
    /// Most publishes awaiting a broker confirm at once; further publishes wait.
    public var confirmWindow: Int
    /// Time allowed for the TCP connect and the AMQP handshake.
    public var connectTimeout: Duration

    /// A configuration parsed from one AMQP URI or several, comma-separated (spaces around
    /// the commas are ignored), with default behaviour.
    ///
    /// A bad entry is ``AMQPError/Code/invalidURL``; with several entries the message names
    /// the entry by position (`entry 2 of 3`) and says what is wrong with it.
    public init(url: String) throws(AMQPError) {
        let entries = url.split(separator: ",", omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        if entries.count == 1 {
            endpoints = [try AMQPEndpoint(url: entries[0])]
        } else {
            var endpoints: [AMQPEndpoint] = []
            for (index, entry) in entries.enumerated() {
                let position = "entry \(index + 1) of \(entries.count) in the AMQP URL list"
                guard !entry.isEmpty else {
                    throw AMQPError(.invalidURL, "\(position) is empty (expected comma-separated amqp:// or amqps:// URLs)")
                }
                do {
                    endpoints.append(try AMQPEndpoint(url: entry))
                } catch {
                    throw AMQPError(.invalidURL, "\(position): \(error.message)")
                }
            }
            self.endpoints = endpoints
        }
        tlsCACertificatePath = nil
        tlsCertificatePath = nil
        tlsKeyPath = nil
        tlsVerifyPeer = true
        stampsUserID = false
        heartbeat = .seconds(30)
        connectionName = "swift-amqp-client"
        reconnectDelay = .milliseconds(200)
        maxReconnectDelay = .seconds(5)
        confirmWindow = 1024
        connectTimeout = .seconds(10)
    }

    /// The first endpoint's host.
    public var host: String {
        get { endpoints[0].host }
        set { endpoints[0].host = newValue }
    }

    /// The first endpoint's port.
    public var port: Int {
        get { endpoints[0].port }
        set { endpoints[0].port = newValue }
    }

    /// The first endpoint's virtual host.
    public var virtualHost: String {
        get { endpoints[0].virtualHost }
        set { endpoints[0].virtualHost = newValue }
    }

    /// The first endpoint's user.
    public var user: String {
        get { endpoints[0].user }
        set { endpoints[0].user = newValue }
    }

    /// The first endpoint's password.
    public var password: String {
        get { endpoints[0].password }
        set { endpoints[0].password = newValue }
    }

    /// Whether the first endpoint uses TLS.
    public var tls: Bool {
        get { endpoints[0].tls }
        set { endpoints[0].tls = newValue }
    }

    /// The URLs with their passwords replaced, comma-separated, safe to log.
    public var redactedURL: String {
        endpoints.map(\.redactedURL).joined(separator: ",")
    }

    /// The endpoints' `host:port`, comma-separated, for messages.
    var addresses: String {
        endpoints.map(\.address).joined(separator: ", ")
    }
}
