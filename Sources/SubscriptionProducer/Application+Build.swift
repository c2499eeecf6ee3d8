import AMQPClient
import HTTPServerSupport
import Hummingbird
import Logging
import Prometheus
import ServiceLifecycle
import SubscriptionTopology
import SubscriptionTrust

/// The producer: HTTP server plus the broker service (connection, topology, reply listener) and,
/// with `GRPC_PORT`, the gRPC front door, ready to run as one `Service` (`try await
/// app.runService()` handles SIGTERM/SIGINT and drains HTTP requests and gRPC calls before the
/// broker connection closes). `GET /metrics` renders `registry`, which
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
    let authentication = BearerTokenVerifier(keys: apiKeys)
    let router = ProducerRoutes.makeRouter(
        dispatcher: dispatcher, gateway: gateway, registry: registry,
        authentication: authentication, console: console)
    var services: [any Service] = [BrokerService(dispatcher: dispatcher, logger: logger)] + console.services
    if let grpcPort = configuration.grpcPort {
        // The gRPC front door beside the HTTP one (docs/grpc.md): listed after the broker
        // service, so graceful shutdown drains its calls before the broker connection closes.
        let service = SubscriptionCommandsService(
            dispatcher: dispatcher, authentication: authentication, defaultTimeout: configuration.replyTimeout,
            maximumTimeout: configuration.maximumReplyTimeout)
        services.append(GRPCServerService(
            service: service, host: configuration.grpcHost, port: grpcPort,
            maximumRequestSize: CommandGateway.maximumBodySize, logger: logger))
    }
    return Application(
        router: router,
        server: .http1ClosingNonKeepAlive(limits: configuration.httpLimits),
        configuration: .init(address: .hostname(configuration.httpHost, port: configuration.httpPort)),
        services: services,
        logger: logger)
}
