import AMQPClient
import Hummingbird
import Logging
import Prometheus

/// The producer: HTTP server plus the broker service (connection, topology, reply listener),
/// ready to run as one `Service` (`try await app.runService()` handles SIGTERM/SIGINT and drains
/// HTTP requests before the broker connection closes). `GET /metrics` renders `registry`, which
/// `main` made the metrics backend (``ProducerMetrics/prometheusFactory(registry:)``).
public func buildApplication(
    configuration: ProducerConfiguration, logger: Logger, registry: PrometheusCollectorRegistry,
    metrics: ProducerMetrics = ProducerMetrics()
) throws -> some ApplicationProtocol {
    var amqpConfiguration = try AMQPConfiguration(url: configuration.amqpURL)
    amqpConfiguration.connectionName = configuration.serviceName
    let connection = AMQPConnection(configuration: amqpConfiguration, logger: logger)
    let dispatcher = CommandDispatcher(
        connection: connection, configuration: configuration, metrics: metrics, logger: logger)
    let gateway = CommandGateway(
        dispatcher: dispatcher, defaultTimeout: configuration.replyTimeout,
        maximumTimeout: configuration.maximumReplyTimeout)
    let router = ProducerRoutes.makeRouter(dispatcher: dispatcher, gateway: gateway, metrics: metrics, registry: registry)
    return Application(
        router: router,
        configuration: .init(address: .hostname(configuration.httpHost, port: configuration.httpPort)),
        services: [BrokerService(dispatcher: dispatcher, logger: logger)],
        logger: logger)
}
