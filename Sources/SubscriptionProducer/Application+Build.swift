import AMQPClient
import HTTPServerSupport
import Hummingbird
import Logging
import Prometheus
import SubscriptionTopology
import SubscriptionTrust

/// The producer: HTTP server plus the broker service (connection, topology, reply listener),
/// ready to run as one `Service` (`try await app.runService()` handles SIGTERM/SIGINT and drains
/// HTTP requests before the broker connection closes). `GET /metrics` renders `registry`, which
/// `main` made the metrics backend (``ProducerMetrics/prometheusFactory(registry:)``).
///
/// `identity` and `apiKeys` replace the configured files (tests); otherwise they are read from
/// `SIGNING_IDENTITY` and `AUTH_KEYS` (docs/signing-and-auth.md).
public func buildApplication(
    configuration: ProducerConfiguration, logger: Logger, registry: PrometheusCollectorRegistry,
    metrics: ProducerMetrics = ProducerMetrics(), identity: SigningIdentity? = nil, apiKeys: APIKeySet? = nil
) throws -> some ApplicationProtocol {
    let identity = try identity ?? SigningIdentity.configured(path: configuration.signingIdentityPath, logger: logger)
    let apiKeys = try apiKeys ?? APIKeySet.configured(path: configuration.authKeysPath, logger: logger)
    var amqpConfiguration = try configuration.tlsFiles.applied(to: AMQPConfiguration(url: configuration.amqpURL))
    amqpConfiguration.connectionName = configuration.serviceName
    // Commands carry the producer's broker user, which the consumer checks for operator-only
    // commands (docs/amqp-client.md, "Broker users").
    amqpConfiguration.stampsUserID = true
    let connection = AMQPConnection(configuration: amqpConfiguration, logger: logger)
    let dispatcher = CommandDispatcher(
        connection: connection, configuration: configuration, metrics: metrics, logger: logger)
    let gateway = CommandGateway(
        dispatcher: dispatcher, defaultTimeout: configuration.replyTimeout,
        maximumTimeout: configuration.maximumReplyTimeout, signer: X5CSigner(identity: identity))
    let console = ConsoleBackend(dispatcher: dispatcher, logger: logger)
    let router = ProducerRoutes.makeRouter(
        dispatcher: dispatcher, gateway: gateway, metrics: metrics, registry: registry,
        authentication: BearerTokenVerifier(keys: apiKeys), console: console)
    return Application(
        router: router,
        server: .http1ClosingNonKeepAlive(),
        configuration: .init(address: .hostname(configuration.httpHost, port: configuration.httpPort)),
        services: [BrokerService(dispatcher: dispatcher, logger: logger)] + console.services,
        logger: logger)
}
