import AMQPClient
import Foundation
import HTTPServerSupport
import Hummingbird
import Logging
import Prometheus
import ServiceLifecycle
import SubscriptionArchive
import SubscriptionEngine
import SubscriptionHandler
import SubscriptionNotifier
import SubscriptionRetention
import SubscriptionStore
import SubscriptionStorePostgres
import SubscriptionTopology
import SubscriptionTrust
import SubscriptionWire

/// The consumer service's parts, wired: connect to the broker and declare the topology,
/// open the database, and return the services to run in one `ServiceGroup` (main does
/// that; tests may too).
public enum ConsumerApplication {
    /// Connects (retrying for up to `connectTimeout`, by default the configuration's
    /// `startupTimeout`), declares the topology and returns the
    /// services in start order: connection, outbox relay, timer scheduler (system clock
    /// only), retention pruner (unless retention is off), command consumer, notifier (with
    /// `NOTIFICATION_URLS` only), event archive (unless `EVENT_ARCHIVE=off`), status beacon
    /// (unless `STATUS_INTERVAL=0`), HTTP server. `onHTTPServerRunning` gets the bound port.
    public static func makeServices(
        configuration: ConsumerConfiguration,
        handler: any CommandHandling,
        registry: PrometheusCollectorRegistry,
        logger: Logger,
        connectTimeout: Duration? = nil,
        onHTTPServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }
    ) async throws -> [any Service] {
        let connectTimeout = connectTimeout ?? configuration.startupTimeout
        // The engine's handler, before the notifier's and the history's wrap it.
        let engineCommands = Self.engineHandler(of: handler)
        let database = try await openStore(configuration: configuration, logger: logger, connectTimeout: connectTimeout)
        if configuration.clock == .manual {
            // The manual clock starts now (at its first use before), so `GET /clock` only reads.
            let clock = ConsumerClock(mode: .manual)
            _ = try await database.write { try clock.now(in: $0) }
        }
        let connection = AMQPConnection(configuration: try configuration.amqpConfiguration(), logger: logger)
        try await connection.connect(retryUntil: .now + connectTimeout)
        try await connection.declare(BusTopology.commands(configuration.names))
        try await EventLog.declare(
            on: connection, names: configuration.names, retention: configuration.eventLogRetention, logger: logger)
        let notifier = try await makeNotifier(configuration: configuration, connection: connection, database: database, logger: logger)
        let archive = try await makeArchive(configuration: configuration, connection: connection, database: database, logger: logger)
        let retentionCaller = try await makeRetentionCaller(
            configuration: configuration, connection: connection, database: database, logger: logger)
        let engine = handler as? EngineCommandHandler
        // Outermost: it hands the engine's commands on with what the messaging documents say.
        let handler = RetentionCommandHandler(
            inner: HistoryCommandHandler(
                inner: NotificationCommandHandler(inner: handler, queries: NotificationQueries(database: notifier?.database)),
                archive: archive?.database),
            app: { engine?.app ?? AppInfo(bundleId: "", appAppleId: 0, bundleVersion: "", environment: .sandbox) },
            settings: configuration.retentionMessaging)

        let metrics = ConsumerMetrics()
        let messages = OutgoingMessages(names: configuration.names, appId: configuration.serviceName, logger: logger)
        let ledger = OutboxLedger()
        // A shared database (PostgreSQL) may hold rows of a replica that died: sweep for them.
        let relay = OutboxRelay(
            connection: connection, database: database, messages: messages, ledger: ledger, metrics: metrics, logger: logger,
            archive: archive,
            sweepInterval: configuration.databaseURL == nil ? nil : configuration.outboxSweepInterval
        )
        var pipeline = CommandPipeline(
            database: database, handler: handler, clock: ConsumerClock(mode: configuration.clock),
            connection: connection, messages: messages,
            deadLetters: DeadLetterSender(connection: connection, names: configuration.names),
            ledger: ledger, metrics: metrics, logger: logger, retryDelay: configuration.retryDelay
        )
        pipeline.maximumCommandBytes = configuration.maximumCommandBytes
        pipeline.operatorSenders = configuration.operatorSenders
        if let users = configuration.operatorSenders.users {
            logger.info("operator commands accepted from these broker users only", metadata: [
                "users": "\(users.sorted().joined(separator: ","))"])
        } else {
            logger.warning("\(OperatorCommandSenders.variable) is not set: operator commands are accepted from every broker user")
        }
        let journal = try await openCrashJournal(
            configuration: configuration, database: database, handler: engineCommands, logger: logger)
        pipeline.journal = journal.journal
        pipeline.poison = journal.poison
        if let customer = configuration.crashOnCustomer {
            logger.warning("TEST-ONLY fault injection is on: purchases by this customer crash the consumer", metadata: ["customer.id": "\(customer)"])
            pipeline.faultInjection = FaultInjection(crashOnCustomer: customer)
        }
        let http = Application(
            router: ConsumerRoutes.router(
                connection: connection, database: database, registry: registry,
                clock: ConsumerClock(mode: configuration.clock), handler: engineCommands
            ),
            server: .http1ClosingNonKeepAlive(limits: configuration.httpLimits),
            configuration: ApplicationConfiguration(
                address: .hostname(configuration.httpHost, port: configuration.httpPort),
                serverName: configuration.serviceName
            ),
            onServerRunning: { channel in await onHTTPServerRunning(channel.localAddress?.port ?? 0) },
            logger: logger
        )
        let inbox = DeliveryInbox()
        let wakeUps = CommandConsumerService.makeWakeUps()
        // The archive runs before its feeders (the relay and the pipeline), so it stops after them.
        var services: [any Service] = [ConnectionService(connection: connection)]
        if let archive { services.append(archive) }
        services.append(relay)
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
            batchLimit: configuration.batchLimit, pipelineDepth: configuration.pipelineDepth, pipeline: pipeline,
            settler: BatchSettler(ledger: ledger, metrics: metrics, logger: logger, connection: connection, archive: archive),
            inbox: inbox, wakeUps: wakeUps, logger: logger
        ))
        services.append(DeadLetterQueueGauge(
            connection: connection, names: configuration.names, interval: .seconds(15), logger: logger))
        if let notifier { services.append(notifier.service) }
        services.append(retentionCaller)
        if configuration.statusInterval > .zero {
            try await connection.declare(StatusBeacon.topology(configuration.names))
            services.append(StatusBeacon(
                connection: connection, names: configuration.names, registry: registry, database: database,
                clock: ConsumerClock(mode: configuration.clock), interval: configuration.statusInterval, logger: logger))
        }
        services.append(http)
        return services
    }

    /// The engine's handler inside the consumer's wrappers, if it is one.
    static func engineHandler(of handler: any CommandHandling) -> EngineCommandHandler? {
        handler as? EngineCommandHandler
    }

    /// The crash journal (docs/reliability.md, "Poison"), and what the previous process was doing
    /// when it died the second time on the same one: a subscription whose timer was firing is
    /// quarantined now (its event goes out through the outbox), a command that was being applied is
    /// dead-lettered when it comes back. A first death only makes it a suspect.
    static func openCrashJournal(
        configuration: ConsumerConfiguration, database: any ConsumerStore, handler: EngineCommandHandler?, logger: Logger
    ) async throws -> (journal: CrashJournal, poison: PoisonCommands) {
        let journal = try CrashJournal.acquire(
            preferring: configuration.crashJournalPath ?? CrashJournal.defaultPath(besides: configuration.databasePath))
        logger.debug("crash journal", metadata: ["path": "\(journal.path)"])
        let finding = journal.takeFinding()
        handler?.observeFiring(journal)
        switch finding {
        case .suspected(let culprit):
            logger.warning(
                "the previous process died while applying this; it is applied again, alone, and dead-lettered or quarantined if it kills the process again",
                metadata: ["culprit": "\(culprit)"])
        case .confirmed(.command(let id)):
            logger.error(
                "the previous process died applying a command; it will be dead-lettered when the broker delivers it again",
                metadata: ["command.id": "\(id)"])
            return (journal, PoisonCommands([id]))
        case .confirmed(.timer(let id)):
            logger.error(
                "the previous process died firing a subscription's due transition; the subscription is quarantined",
                metadata: ["subscription.id": "\(id)"])
            if let handler {
                try await database.write { transaction in
                    let events = try handler.quarantine(
                        id, reason: "the consumer died while firing its due transition", at: Date(), in: transaction)
                    try QuarantineList.note(try transaction.enqueue(events.map { try $0.outboxEntry() }), in: transaction)
                }
            }
        case .none:
            break
        }
        return (journal, PoisonCommands())
    }

    /// The store of `DATABASE_URL` (PostgreSQL, waiting up to `connectTimeout` for the server)
    /// or else the SQLite file of `DATABASE_PATH`.
    static func openStore(
        configuration: ConsumerConfiguration, logger: Logger, connectTimeout: Duration
    ) async throws(StoreError) -> any ConsumerStore {
        let store: any ConsumerStore
        if let url = configuration.databaseURL {
            store = try await PostgresStore.open(url: url, logger: logger, retryUntil: .now + connectTimeout)
        } else {
            store = try SubscriptionDatabase(path: configuration.databasePath)
        }
        logger.info("store opened", metadata: ["store": "\(store.summary)"])
        return store
    }

    /// The event archive unless `EVENT_ARCHIVE=off` (docs/console.md): in the PostgreSQL
    /// database with `DATABASE_URL` (every replica's events in one place), else in a SQLite file
    /// beside `DATABASE_PATH`. The queue that fed the archive in earlier versions
    /// (`<prefix>.archive`, which nothing reads any more) is deleted.
    static func makeArchive(
        configuration: ConsumerConfiguration, connection: AMQPConnection, database: any ConsumerStore, logger: Logger
    ) async throws -> EventArchive? {
        let dropped = try await connection.deleteQueue(configuration.names.retiredArchiveQueue)
        if dropped > 0 {
            logger.warning(
                "deleted the retired archive queue; its events were published to analytics but are not in the console's timeline",
                metadata: ["queue": "\(configuration.names.retiredArchiveQueue)", "messages": "\(dropped)"])
        }
        guard configuration.eventArchive == .on else {
            logger.info("EVENT_ARCHIVE=off: no event history for the console's timeline")
            return nil
        }
        let path = configuration.eventArchiveDatabasePath
            ?? EventArchiveConfiguration.defaultDatabasePath(besides: configuration.databasePath)
        let store: any EventArchiveStore
        if let postgres = database as? PostgresStore {
            store = postgres.eventArchive()
        } else {
            store = try EventArchiveDatabase(path: path)
        }
        return EventArchive(
            database: store,
            configuration: EventArchiveConfiguration(databasePath: path, retention: configuration.eventArchiveRetention),
            logger: logger)
    }

    /// The notifier and its database when `NOTIFICATION_URLS` names any URL: its queue is
    /// declared now, before any event can be published, so it misses none. Its state is in the
    /// PostgreSQL database with `DATABASE_URL` (shared by every replica), else in a SQLite file
    /// beside `DATABASE_PATH`.
    static func makeNotifier(
        configuration: ConsumerConfiguration, connection: AMQPConnection, database: any ConsumerStore, logger: Logger
    ) async throws -> (service: Notifier, database: any NotificationStore)? {
        guard !configuration.notificationURLs.isEmpty else {
            logger.info("no NOTIFICATION_URLS: App Store Server Notifications are not sent")
            return nil
        }
        let identity = try SigningIdentity.configured(path: configuration.signingIdentityPath, logger: logger)
        let notifications: any NotificationStore
        if let postgres = database as? PostgresStore {
            // A replica that took a due delivery and died leaves it due again after the claim.
            notifications = postgres.notificationStore(claim: configuration.notificationTimeout * 4 + .seconds(30))
        } else {
            notifications = try NotificationDatabase(
                path: configuration.notificationsDatabasePath
                    ?? NotifierConfiguration.defaultDatabasePath(besides: configuration.databasePath))
        }
        try await connection.declare(Notifier.topology(configuration.names))
        let clock: NotifierClock
        switch configuration.clock {
        case .system:
            clock = .system
        case .manual:
            // The test clock as the engine last stored it; the system time until it is first used.
            clock = NotifierClock {
                let stored = try await database.read { try $0.setting(ConsumerClock.settingName) }
                return stored.flatMap { Int64($0) } ?? Int64((Date().timeIntervalSince1970 * 1000).rounded(.down))
            }
        }
        let service = Notifier(
            connection: connection, names: configuration.names, database: notifications,
            configuration: NotifierConfiguration(
                urls: configuration.notificationURLs,
                databasePath: configuration.notificationsDatabasePath ?? "", timeout: configuration.notificationTimeout),
            signer: X5CSigner(identity: identity), clock: clock, logger: logger)
        return (service, notifications)
    }
}

extension ConsumerApplication {
    /// The retention caller (docs/retention-messaging.md): its queue is declared now, before any
    /// retention request can be published, so it misses none.
    static func makeRetentionCaller(
        configuration: ConsumerConfiguration, connection: AMQPConnection, database: any ConsumerStore, logger: Logger
    ) async throws -> RetentionCaller {
        let identity = try SigningIdentity.configured(path: configuration.signingIdentityPath, logger: logger)
        try await connection.declare(RetentionCaller.topology(configuration.names))
        let manual = configuration.clock == .manual
        return RetentionCaller(
            connection: connection, names: configuration.names, database: database, signer: X5CSigner(identity: identity),
            settings: configuration.retentionMessaging,
            now: {
                let system = Int64((Date().timeIntervalSince1970 * 1000).rounded(.down))
                guard manual else { return system }
                // The test clock as the engine last stored it, as the notifier signs with.
                let stored = try? await database.read { try $0.setting(ConsumerClock.settingName) }
                return stored.flatMap { Int64($0) } ?? system
            },
            logger: logger)
    }
}

extension BusNames {
    /// The queue bound to every event that fed the event archive in earlier versions; the
    /// archive is now fed in process, and the consumer deletes this queue at start.
    var retiredArchiveQueue: String { "\(prefix).archive" }
}
