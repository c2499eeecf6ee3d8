import AMQPClient
import Foundation
import HTTPServerSupport
import Logging
import ServiceConfiguration
import SubscriptionHandler
import SubscriptionRetention
import SubscriptionStorePostgres
import SubscriptionTopology
import SubscriptionWire

/// Everything the consumer service is configured with, read once at the edge
/// (`subscriptions-consumer` flags and environment variables; see docs/consumer.md).
public struct ConsumerConfiguration: Sendable {
    /// Broker URL, or several comma-separated for the nodes of a cluster (`AMQP_URL`).
    public var amqpURL: String = "amqp://guest:guest@127.0.0.1:5672/"
    /// Exchange and queue names (`BUS_PREFIX`, default `subscriptions`).
    public var names = BusNames()
    /// Address of the `/health` and `/metrics` endpoints (`HTTP_HOST`, `HTTP_PORT`).
    public var httpHost: String = "127.0.0.1"
    /// Port of the `/health` and `/metrics` endpoints; 0 picks a free port.
    public var httpPort: Int = 8081
    /// Idle and read timeouts and the connection cap of the HTTP server (`HTTP_IDLE_TIMEOUT`,
    /// `HTTP_READ_TIMEOUT`, `HTTP_MAX_CONNECTIONS`; ``HTTPServerLimits``).
    public var httpLimits = HTTPServerLimits()
    /// SQLite file (`DATABASE_PATH`): the store unless `databaseURL` is set; the notifier's and
    /// the event archive's files are beside it in either case.
    public var databasePath: String = "subscriptions.sqlite"
    /// PostgreSQL database (`DATABASE_URL=postgres://user:password@host:port/database`): when
    /// set, the consumer keeps its state there instead of in `databasePath`, and several
    /// replicas may share it (docs/scale-out.md).
    public var databaseURL: String?
    /// With `DATABASE_URL`: how often the outbox relay looks for rows a dead replica left
    /// unpublished (`OUTBOX_SWEEP_INTERVAL`, seconds); a row found twice is republished.
    public var outboxSweepInterval: Duration = .seconds(10)
    /// Catalog JSON (`CATALOG_PATH`); `nil` = the default places of ``CatalogLocation``.
    public var catalogPath: String?
    /// System clock or the test clock moved by `AdvanceTestClock` (`CLOCK`).
    public var clock: ClockMode = .system
    /// Unacknowledged commands the broker may hand over at once (`PREFETCH`): what the
    /// pipeline can have in flight (committing, awaiting confirms) at any moment.
    public var prefetch: UInt16 = 512
    /// The largest group-commit batch (`BATCH_LIMIT`): commands applied in one transaction.
    public var batchLimit: Int = 256
    /// Committed batches whose confirms may be awaited while the next one commits (`PIPELINE_DEPTH`).
    public var pipelineDepth: Int = 4
    /// How often due timers are looked for at the latest, with the system clock.
    public var schedulerInterval: Duration = .seconds(1)
    /// Pause before a command whose transaction failed is handed back to the broker.
    public var retryDelay: Duration = .milliseconds(500)
    /// How long a processed command's record (and so replay protection for its `command_id`)
    /// is kept (`RETENTION_DAYS`, default 30); `nil` keeps them forever (`RETENTION_DAYS=0`).
    public var retention: Duration? = .seconds(30 * 86_400)
    /// How often the retention pruner looks for expired records (`PRUNE_INTERVAL`, seconds).
    public var pruneInterval: Duration = .seconds(60)
    /// Records deleted per pruning transaction (`PRUNE_BATCH`).
    public var pruneBatchSize: Int = 500
    /// Largest command body the consumer applies (`MAX_COMMAND_BYTES`); a larger one is
    /// dead-lettered as `too-large` without being decoded.
    public var maximumCommandBytes: Int = 1 << 20
    /// Test-only fault injection (`CRASH_ON_CUSTOMER`, unset by default): the process aborts
    /// when it is about to apply a purchase by this customer id, every time (how the
    /// poison-command tests make a command crash the consumer). Never set it in production.
    public var crashOnCustomer: String?
    /// The crash journal's file (`CRASH_JOURNAL_PATH`); nil = beside `databasePath`
    /// (`<DATABASE_PATH>.crash-journal`). One per replica: it names what this process was
    /// applying when it died (docs/reliability.md, "Poison").
    public var crashJournalPath: String?
    /// Name of this service in `app_id` and the broker's connection list.
    public var serviceName: String = "subscriptions-consumer"
    /// Folder of the signing identity the notifier signs with (`SIGNING_IDENTITY`); nil = an
    /// ephemeral one (docs/signing-and-auth.md).
    public var signingIdentityPath: String?
    /// Where App Store Server Notifications V2 are POSTed (`NOTIFICATION_URLS`, comma-separated);
    /// empty = no notifier (docs/notifications.md).
    public var notificationURLs: [URL] = []
    /// The notifier's SQLite file (`NOTIFICATIONS_DATABASE_PATH`); nil = beside `databasePath`.
    public var notificationsDatabasePath: String?
    /// How long one notification attempt waits for the receiver (`NOTIFICATION_TIMEOUT`, seconds).
    public var notificationTimeout: Duration = .seconds(10)
    /// Retention messaging (docs/retention-messaging.md): the app's Get Retention Message time
    /// limit (`RETENTION_MESSAGE_TIMEOUT_MS`, default Apple's 700) and the performance test's size
    /// (`RETENTION_PERFORMANCE_TEST_REQUESTS`, `RETENTION_PERFORMANCE_TEST_CONCURRENCY`).
    public var retentionMessaging = RetentionSettings()
    /// Whether the event archive keeps the events for the console's timeline (`EVENT_ARCHIVE`,
    /// `on` or `off`; docs/console.md).
    public var eventArchive: Switch = .on
    /// The event archive's SQLite file (`EVENT_ARCHIVE_DATABASE_PATH`); nil = beside `databasePath`.
    public var eventArchiveDatabasePath: String?
    /// How long archived events are kept (`EVENT_ARCHIVE_RETENTION_DAYS`, wall-clock days).
    public var eventArchiveRetention: Duration = .seconds(400 * 86_400)
    /// Retention of the event log, the stream of every event (`EVENT_LOG_MAX_AGE`,
    /// `EVENT_LOG_MAX_BYTES`, `EVENT_LOG_SEGMENT_BYTES`; docs/event-stream.md).
    public var eventLogRetention = EventLogRetention.defaults
    /// How often the consumer publishes its status for the console (`STATUS_INTERVAL`, seconds;
    /// `0` = never).
    public var statusInterval: Duration = .seconds(5)
    /// How long the consumer waits at start for its broker and its PostgreSQL server
    /// (`STARTUP_TIMEOUT`, seconds) before it exits with the last connection error.
    public var startupTimeout: Duration = .seconds(60)
    /// Log level (`LOG_LEVEL`).
    public var logLevel: Logger.Level = .info
    /// The TLS files of an `amqps://` broker (`AMQP_TLS_CA_FILE`, `AMQP_TLS_CERT_FILE`,
    /// `AMQP_TLS_KEY_FILE`; ``BusTLSFiles``).
    public var tlsFiles = BusTLSFiles()
    /// The broker users whose operator-only commands are applied (`OPERATOR_COMMAND_USERS`);
    /// every user when unset (``OperatorCommandSenders``).
    public var operatorSenders = OperatorCommandSenders()

    /// A feature turned on or off by an environment variable.
    public enum Switch: String, Sendable, CaseIterable {
        case on
        case off
    }

    /// The defaults.
    public init() {}

    /// The defaults overridden by the environment variables of docs/consumer.md (flags merged
    /// in); a malformed value is an error naming the variable and the value (``EnvironmentReader``).
    public init(environment: [String: String]) throws(ConfigurationError) {
        let reader = EnvironmentReader(environment)
        if let value = reader.string("AMQP_URL") { amqpURL = value }
        if let value = reader.string("BUS_PREFIX") { names = BusNames(prefix: value) }
        if let value = reader.string("HTTP_HOST") { httpHost = value }
        if let value = try reader.port("HTTP_PORT", allowsAny: true) { httpPort = value }
        httpLimits = try reader.httpLimits(
            idle: "HTTP_IDLE_TIMEOUT", read: "HTTP_READ_TIMEOUT", connections: "HTTP_MAX_CONNECTIONS", defaults: httpLimits)
        if let value = reader.string("DATABASE_PATH") { databasePath = value }
        if let value = reader.string("DATABASE_URL") {
            do {
                _ = try PostgresStoreConfiguration(url: value)
            } catch {
                throw ConfigurationError(
                    variable: "DATABASE_URL", value: PostgresStoreConfiguration.redacted(value),
                    expected: "postgres://user:password@host:port/database[?sslmode=…&sslrootcert=…] (\(error.message))")
            }
            databaseURL = value
        }
        if let value = try reader.integer("OUTBOX_SWEEP_INTERVAL", in: 1...3600) { outboxSweepInterval = .seconds(value) }
        if let value = reader.string("CATALOG_PATH") { catalogPath = value }
        if let value = try reader.choice("CLOCK", as: ClockMode.self) { clock = value }
        if let value = try reader.integer("PREFETCH", in: 1...5000) { prefetch = UInt16(value) }
        if let value = try reader.integer("BATCH_LIMIT", in: 1...5000) { batchLimit = value }
        if let value = try reader.integer("PIPELINE_DEPTH", in: 1...64) { pipelineDepth = value }
        if let value = try reader.logLevel("LOG_LEVEL") { logLevel = value }
        if let value = reader.string("SIGNING_IDENTITY") { signingIdentityPath = value }
        if let value = reader.string("NOTIFICATION_URLS") { notificationURLs = try Self.urls(value, name: "NOTIFICATION_URLS") }
        if let value = reader.string("NOTIFICATIONS_DATABASE_PATH") { notificationsDatabasePath = value }
        if let value = try reader.integer("NOTIFICATION_TIMEOUT", in: 1...300) { notificationTimeout = .seconds(value) }
        if let value = try reader.integer("RETENTION_MESSAGE_TIMEOUT_MS", in: 50...10_000) {
            retentionMessaging.timeout = .milliseconds(value)
        }
        if let value = try reader.integer("RETENTION_PERFORMANCE_TEST_REQUESTS", in: 1...100_000) {
            retentionMessaging.performanceTestRequests = value
        }
        if let value = try reader.integer("RETENTION_PERFORMANCE_TEST_CONCURRENCY", in: 1...256) {
            retentionMessaging.performanceTestConcurrency = value
        }
        if let value = try reader.choice("EVENT_ARCHIVE", as: Switch.self) { eventArchive = value }
        if let value = reader.string("EVENT_ARCHIVE_DATABASE_PATH") { eventArchiveDatabasePath = value }
        if let value = try reader.integer("EVENT_ARCHIVE_RETENTION_DAYS", in: 1...36_500) { eventArchiveRetention = .seconds(value * 86_400) }
        eventLogRetention = try EventLogRetention(environment: reader)
        if let value = try reader.integer("STATUS_INTERVAL", in: 0...3600) { statusInterval = .seconds(value) }
        if let value = try reader.integer("STARTUP_TIMEOUT", in: 1...86_400) { startupTimeout = .seconds(value) }
        if let days = try reader.integer("RETENTION_DAYS", in: 0...36_500) {
            retention = days == 0 ? nil : .seconds(Int64(days) * 86_400)
        }
        if let value = reader.string("PRUNE_INTERVAL") {
            guard let seconds = Double(value), seconds > 0, seconds <= 86_400 else {
                throw ConfigurationError(variable: "PRUNE_INTERVAL", value: value, expected: "seconds, more than 0 and at most 86400")
            }
            pruneInterval = .milliseconds(Int64(seconds * 1000))
        }
        if let value = try reader.integer("PRUNE_BATCH", in: 1...100_000) { pruneBatchSize = value }
        if let value = try reader.integer("MAX_COMMAND_BYTES", in: 1024...(128 << 20)) { maximumCommandBytes = value }
        if let value = reader.string("CRASH_ON_CUSTOMER") { crashOnCustomer = value }
        tlsFiles = try BusTLSFiles(reader)
        operatorSenders = try OperatorCommandSenders(reader)
        if let value = reader.string("CRASH_JOURNAL_PATH") { crashJournalPath = value }
    }

    /// The AMQP client configuration for `amqpURL` and the TLS files.
    func amqpConfiguration() throws -> AMQPConfiguration {
        var configuration = try tlsFiles.applied(to: AMQPConfiguration(url: amqpURL))
        configuration.connectionName = serviceName
        // A command larger than the consumer applies is never buffered whole (docs/consumer.md).
        configuration.maximumBodySize = maximumCommandBytes
        return configuration
    }

    /// Comma-separated absolute `http` or `https` URLs.
    static func urls(_ value: String, name: String) throws(ConfigurationError) -> [URL] {
        var urls: [URL] = []
        for part in value.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !part.isEmpty {
            guard let url = URL(string: part), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
                url.host() != nil
            else {
                throw ConfigurationError(variable: name, value: part, expected: "comma-separated http:// or https:// URLs")
            }
            urls.append(url)
        }
        return urls
    }
}
