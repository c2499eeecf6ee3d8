import ArgumentParser
import Foundation
import Hummingbird
import Logging
import Metrics
import Prometheus
import SubscriptionProducer

/// `subscriptions-producer`: the HTTP front door. Flags override the environment variables
/// documented on ``ProducerConfiguration`` (docs/producer.md).
@main
struct ProducerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "subscriptions-producer",
        abstract: "HTTP API that publishes subscription commands to RabbitMQ and answers with the consumer's reply.")

    @Option(help: "Broker URI, or several comma-separated for a cluster (env AMQP_URL).")
    var amqpURL: String?

    @Option(help: "Address to bind (env HTTP_HOST).")
    var host: String?

    @Option(help: "HTTP port (env HTTP_PORT).")
    var port: Int?

    @Option(help: "Port of the gRPC front door, 0 = any free port (env GRPC_PORT; unset: no gRPC server).")
    var grpcPort: Int?

    @Option(help: "Default reply deadline in seconds (env REPLY_TIMEOUT).")
    var replyTimeout: String?

    @Option(help: "Log level: trace, debug, info, notice, warning, error, critical (env LOG_LEVEL).")
    var logLevel: String?

    func run() async throws {
        var environment = ProcessInfo.processInfo.environment
        let flags: [(ProducerConfiguration.Variable, String?)] = [
            (.amqpURL, amqpURL), (.httpHost, host), (.httpPort, port.map(String.init)), (.replyTimeout, replyTimeout),
            (.logLevel, logLevel), (.grpcPort, grpcPort.map(String.init)),
        ]
        for case (let variable, let value?) in flags { environment[variable.rawValue] = value }
        let configuration = try ProducerConfiguration(environment: environment)

        LoggingSystem.bootstrap(StreamLogHandler.standardError)
        var logger = Logger(label: "subscriptions-producer")
        logger.logLevel = configuration.logLevel

        let registry = PrometheusCollectorRegistry()
        MetricsSystem.bootstrap(ProducerMetrics.prometheusFactory(registry: registry))

        let app = try buildApplication(configuration: configuration, logger: logger, registry: registry)
        // ServiceGroup with SIGTERM/SIGINT: HTTP drains first, then the broker service closes.
        try await app.runService()
    }
}
