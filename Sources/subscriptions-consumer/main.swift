import ArgumentParser
import Foundation
import Logging
import Metrics
import Prometheus
import ServiceLifecycle
import SubscriptionConsumer
import SubscriptionHandler
import SubscriptionWire

/// `subscriptions-consumer`: applies subscription commands from RabbitMQ to the consent and
/// renewal engine, stores the state in SQLite and publishes notification events.
/// Every flag has an environment variable (docs/consumer.md); a flag wins.
@main
struct ConsumerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "subscriptions-consumer",
        abstract: "Apply subscription commands from RabbitMQ and publish notification events.",
        discussion: """
            Example: AMQP_URL=amqp://guest:guest@127.0.0.1:5672/ subscriptions-consumer --clock manual --database /tmp/subs.sqlite
            """
    )

    @Option(help: "Broker URL, or several comma-separated for a cluster (env AMQP_URL).") var amqpURL: String?
    @Option(help: "SQLite file (env DATABASE_PATH).") var database: String?
    @Option(help: "PostgreSQL database instead of the SQLite file: postgres://user:password@host:port/database (env DATABASE_URL).") var databaseURL: String?
    @Option(help: "Catalog JSON file (env CATALOG_PATH; default: <prefix>/share/subscriptions/catalog.json, /etc/subscriptions/catalog.json, or the checkout's Config/catalog.example.json).") var catalog: String?
    @Option(help: "system, or manual: a test clock moved only by AdvanceTestClock (env CLOCK).") var clock: String?
    @Option(help: "Address of /health and /metrics (env HTTP_HOST).") var httpHost: String?
    @Option(help: "Port of /health and /metrics (env HTTP_PORT).") var httpPort: Int?
    @Option(help: "Prefix of exchange and queue names (env BUS_PREFIX).") var busPrefix: String?
    @Option(help: "trace, debug, info, notice, warning, error or critical (env LOG_LEVEL).") var logLevel: String?

    func run() async throws {
        var environment = ProcessInfo.processInfo.environment
        let overrides: [(String, String?)] = [
            ("AMQP_URL", amqpURL), ("DATABASE_PATH", database), ("DATABASE_URL", databaseURL), ("CATALOG_PATH", catalog), ("CLOCK", clock),
            ("HTTP_HOST", httpHost), ("HTTP_PORT", httpPort.map(String.init)), ("BUS_PREFIX", busPrefix),
            ("LOG_LEVEL", logLevel),
        ]
        for case (let name, let value?) in overrides { environment[name] = value }
        let configuration = try ConsumerConfiguration(environment: environment)

        let level = configuration.logLevel
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
        let logger = Logger(label: "subscriptions-consumer")
        let registry = PrometheusCollectorRegistry()
        MetricsSystem.bootstrap(PrometheusMetricsFactory(registry: registry))

        let catalogPath = try CatalogLocation.current().resolve(configured: configuration.catalogPath)
        logger.info("catalog file", metadata: ["catalog.path": "\(catalogPath)"])
        let handler = try EngineCommandHandler(catalogPath: catalogPath, logger: logger)
        let services = try await ConsumerApplication.makeServices(
            configuration: configuration, handler: handler, registry: registry, logger: logger
        )
        let group = ServiceGroup(configuration: ServiceGroupConfiguration(
            services: services.map { ServiceGroupConfiguration.ServiceConfiguration(service: $0) },
            gracefulShutdownSignals: [.sigterm, .sigint],
            logger: logger
        ))
        try await group.run()
    }
}
