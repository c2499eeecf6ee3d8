import AMQPClient
import Foundation
import Hummingbird
import Logging
import Prometheus
import ServiceLifecycle
import SubscriptionStore
import SubscriptionTopology
import SubscriptionWire

/// The consumer service's parts, wired: connect to the broker and declare the topology,
/// open the database, and return the services to run in one `ServiceGroup` (main does
/// that; tests may too).
public enum ConsumerApplication {
    /// Connects (retrying for up to `connectTimeout`), declares the topology and returns the
    /// services in start order: connection, outbox relay, timer scheduler (system clock
    /// only), retention pruner (unless retention is off), command consumer, HTTP server. `onHTTPServerRunning` gets the bound port.
    public static func makeServices(
        configuration: ConsumerConfiguration,
        handler: any CommandHandling,
        registry: PrometheusCollectorRegistry,
        logger: Logger,
        connectTimeout: Duration = .seconds(60),
        onHTTPServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }
    ) async throws -> [any Service] {
        let database = try SubscriptionDatabase(path: configuration.databasePath)
        let connection = AMQPConnection(configuration: try configuration.amqpConfiguration(), logger: logger)
        try await connection.connect(retryUntil: .now + connectTimeout)
        try await connection.declare(BusTopology.commands(configuration.names))

        let metrics = ConsumerMetrics()
        let messages = OutgoingMessages(names: configuration.names, appId: configuration.serviceName)
        let ledger = OutboxLedger()
        let relay = OutboxRelay(
            connection: connection, database: database, messages: messages, ledger: ledger, metrics: metrics, logger: logger
        )
        var pipeline = CommandPipeline(
            database: database, handler: handler, clock: ConsumerClock(mode: configuration.clock),
            connection: connection, messages: messages,
            deadLetters: DeadLetterSender(connection: connection, names: configuration.names),
            ledger: ledger, metrics: metrics, logger: logger, retryDelay: configuration.retryDelay
        )
        pipeline.maximumCommandBytes = configuration.maximumCommandBytes
        if let customer = configuration.crashOnCustomer {
            logger.warning("TEST-ONLY fault injection is on: purchases by this customer crash the consumer", metadata: ["customer.id": "\(customer)"])
            pipeline.faultInjection = FaultInjection(crashOnCustomer: customer)
        }
        let http = Application(
            router: ConsumerRoutes.router(
                connection: connection, database: database, registry: registry,
                clock: ConsumerClock(mode: configuration.clock)
            ),
            configuration: ApplicationConfiguration(
                address: .hostname(configuration.httpHost, port: configuration.httpPort),
                serverName: configuration.serviceName
            ),
            onServerRunning: { channel in await onHTTPServerRunning(channel.localAddress?.port ?? 0) },
            logger: logger
        )
        let inbox = DeliveryInbox()
        let wakeUps = CommandConsumerService.makeWakeUps()
        var services: [any Service] = [ConnectionService(connection: connection), relay]
        if configuration.clock == .system {
            let wake = wakeUps.1
            services.append(TimerScheduler(
                database: database, inbox: inbox, wake: { wake.yield() },
                interval: configuration.schedulerInterval, logger: logger
            ))
        }
        if let retention = configuration.retention {
            services.append(RetentionPruner(
                database: database, clock: ConsumerClock(mode: configuration.clock), retention: retention,
                interval: configuration.pruneInterval, batchSize: configuration.pruneBatchSize, metrics: metrics, logger: logger
            ))
        }
        services.append(CommandConsumerService(
            connection: connection, names: configuration.names, prefetch: configuration.prefetch,
            pipelineDepth: configuration.pipelineDepth, pipeline: pipeline,
            settler: BatchSettler(ledger: ledger, metrics: metrics, logger: logger),
            inbox: inbox, wakeUps: wakeUps, logger: logger
        ))
        services.append(http)
        return services
    }
}
