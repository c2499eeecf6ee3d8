import HTTPServerSupport
import Logging
import SubscriptionTopology

/// Everything the producer needs to run, read once at the edge (flags, then environment).
///
/// | variable | meaning | default |
/// | --- | --- | --- |
/// | `AMQP_URL` | broker URI, or several comma-separated (cluster nodes) | `amqp://guest:guest@127.0.0.1:5672/` |
/// | `HTTP_HOST` | address the HTTP server binds | `127.0.0.1` |
/// | `HTTP_PORT` | HTTP port | `8080` |
/// | `REPLY_TIMEOUT` | default deadline of a command, in seconds (decimals allowed) | `10` |
/// | `LOG_LEVEL` | `trace` … `critical` | `info` |
/// | `BUS_PREFIX` | first segment of every exchange and queue name | `subscriptions` |
/// | `SIGNING_IDENTITY` | folder of the signing identity (`subscriptionsctl identity create`) | none: an ephemeral one, logged |
/// | `AUTH_KEYS` | API keys file (`subscriptionsctl key create`) | none: every API route answers 401 |
/// | `AMQP_TLS_CA_FILE`, `AMQP_TLS_CERT_FILE`, `AMQP_TLS_KEY_FILE` | TLS files of an `amqps://` broker (``BusTLSFiles``) | the system's roots, no client certificate |
/// | `HTTP_IDLE_TIMEOUT` | seconds a connection may wait without a request (its head included) | `30` |
/// | `HTTP_READ_TIMEOUT` | seconds a request's body may take once its head arrived | `30` |
/// | `HTTP_MAX_CONNECTIONS` | connections served at once; more are closed when accepted | `1000` |
/// | `GRPC_PORT` | port of the gRPC front door (docs/grpc.md); `0` = any free port | none: no gRPC server |
/// | `GRPC_HOST` | address the gRPC server binds | `HTTP_HOST` |
public struct ProducerConfiguration: Sendable {
    /// Broker URI.
    public var amqpURL: String
    /// Address the HTTP server binds.
    public var httpHost: String
    /// HTTP port.
    public var httpPort: Int
    /// How long a request waits for the consumer's reply when it sets no `X-Request-Timeout`.
    public var replyTimeout: Duration
    /// Longest deadline a request may ask for with `X-Request-Timeout`.
    public var maximumReplyTimeout: Duration
    /// Log level of the service.
    public var logLevel: Logger.Level
    /// Names of the exchanges and queues of the command path.
    public var topology: CommandTopology
    /// The AMQP `app_id` of published commands and the broker connection's name.
    public var serviceName: String
    /// Folder of the signing identity that signs every signed field (docs/signing-and-auth.md);
    /// nil = an ephemeral identity made at start (its root is logged, not saved).
    public var signingIdentityPath: String?
    /// The API keys file bearer tokens are verified against; nil = no key, every API route
    /// answers 401.
    public var authKeysPath: String?
    /// The TLS files of an `amqps://` broker connection.
    public var tlsFiles = BusTLSFiles()
    /// Idle and read timeouts and the connection cap of the HTTP server (``HTTPServerLimits``).
    public var httpLimits = HTTPServerLimits()
    /// Address the gRPC server binds.
    public var grpcHost: String
    /// Port of the gRPC front door (`subscriptions.v1.SubscriptionCommands`, docs/grpc.md);
    /// nil = no gRPC server, 0 = any free port.
    public var grpcPort: Int?

    /// A configuration with the documented defaults.
    public init(
        amqpURL: String = "amqp://guest:guest@127.0.0.1:5672/",
        httpHost: String = "127.0.0.1",
        httpPort: Int = 8080,
        replyTimeout: Duration = .seconds(10),
        maximumReplyTimeout: Duration = .seconds(300),
        logLevel: Logger.Level = .info,
        topology: CommandTopology = CommandTopology(),
        serviceName: String = "subscriptions-producer",
        signingIdentityPath: String? = nil,
        authKeysPath: String? = nil,
        grpcHost: String? = nil,
        grpcPort: Int? = nil
    ) {
        self.amqpURL = amqpURL
        self.httpHost = httpHost
        self.httpPort = httpPort
        self.replyTimeout = replyTimeout
        self.maximumReplyTimeout = maximumReplyTimeout
        self.logLevel = logLevel
        self.topology = topology
        self.serviceName = serviceName
        self.signingIdentityPath = signingIdentityPath
        self.authKeysPath = authKeysPath
        self.grpcHost = grpcHost ?? httpHost
        self.grpcPort = grpcPort
    }
}
