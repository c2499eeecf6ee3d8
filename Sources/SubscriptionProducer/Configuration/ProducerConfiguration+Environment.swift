import ServiceConfiguration
import SubscriptionTopology

extension ProducerConfiguration {
    /// Names of the environment variables read by ``init(environment:)``.
    public enum Variable: String, CaseIterable, Sendable {
        case amqpURL = "AMQP_URL"
        case httpHost = "HTTP_HOST"
        case httpPort = "HTTP_PORT"
        case replyTimeout = "REPLY_TIMEOUT"
        case logLevel = "LOG_LEVEL"
        case busPrefix = "BUS_PREFIX"
        case signingIdentity = "SIGNING_IDENTITY"
        case authKeys = "AUTH_KEYS"
        case httpIdleTimeout = "HTTP_IDLE_TIMEOUT"
        case httpReadTimeout = "HTTP_READ_TIMEOUT"
        case httpMaxConnections = "HTTP_MAX_CONNECTIONS"
        case eventLogMaxAge = "EVENT_LOG_MAX_AGE"
        case eventLogMaxBytes = "EVENT_LOG_MAX_BYTES"
        case eventLogSegmentBytes = "EVENT_LOG_SEGMENT_BYTES"
        case grpcHost = "GRPC_HOST"
        case grpcPort = "GRPC_PORT"
    }

    /// The defaults overridden by the variables present in `environment` (flags merged in);
    /// a malformed value is an error naming the variable and the value (``EnvironmentReader``).
    public init(environment: [String: String]) throws(ConfigurationError) {
        self.init()
        let reader = EnvironmentReader(environment)
        if let url = reader.string(Variable.amqpURL.rawValue) { amqpURL = url }
        if let host = reader.string(Variable.httpHost.rawValue) { httpHost = host }
        if let port = try reader.port(Variable.httpPort.rawValue) { httpPort = port }
        if let timeout = try reader.seconds(Variable.replyTimeout.rawValue) { replyTimeout = timeout }
        if let level = try reader.logLevel(Variable.logLevel.rawValue) { logLevel = level }
        if let prefix = reader.string(Variable.busPrefix.rawValue) { topology = CommandTopology(names: BusNames(prefix: prefix)) }
        topology.eventLogRetention = try EventLogRetention(environment: reader)
        if let path = reader.string(Variable.signingIdentity.rawValue) { signingIdentityPath = path }
        if let path = reader.string(Variable.authKeys.rawValue) { authKeysPath = path }
        tlsFiles = try BusTLSFiles(reader)
        httpLimits = try reader.httpLimits(
            idle: Variable.httpIdleTimeout.rawValue, read: Variable.httpReadTimeout.rawValue,
            connections: Variable.httpMaxConnections.rawValue, defaults: httpLimits)
        grpcHost = reader.string(Variable.grpcHost.rawValue) ?? httpHost
        if let port = try reader.port(Variable.grpcPort.rawValue, allowsAny: true) { grpcPort = port }
    }
}
