import ServiceConfiguration
import SubscriptionConsumer
import SubscriptionTopology
import Testing

@Suite("Consumer configuration from the environment")
struct ConsumerConfigurationTests {
    @Test("variables override the defaults")
    func overrides() throws {
        let configuration = try ConsumerConfiguration(environment: [
            "AMQP_URL": "amqp://u:p@broker:5672/", "BUS_PREFIX": "staging", "HTTP_PORT": "9000",
            "DATABASE_PATH": "/data/s.sqlite", "CATALOG_PATH": "/etc/c.json", "CLOCK": "manual", "PREFETCH": "8",
            "LOG_LEVEL": "debug", "STARTUP_TIMEOUT": "300",
        ])
        #expect(configuration.amqpURL == "amqp://u:p@broker:5672/")
        #expect(configuration.names.commandsQueue == "staging.commands")
        #expect(configuration.httpPort == 9000)
        #expect(configuration.databasePath == "/data/s.sqlite")
        #expect(configuration.catalogPath == "/etc/c.json")
        #expect(configuration.clock == .manual)
        #expect(configuration.prefetch == 8)
        #expect(configuration.logLevel == .debug)
        #expect(configuration.startupTimeout == .seconds(300))
        #expect(ConsumerConfiguration().startupTimeout == .seconds(60))
    }

    @Test("retention: 30 days by default, RETENTION_DAYS=0 keeps records forever, PRUNE_INTERVAL and PRUNE_BATCH")
    func retention() throws {
        #expect(ConsumerConfiguration().retention == .seconds(30 * 86_400))
        let configured = try ConsumerConfiguration(environment: ["RETENTION_DAYS": "7", "PRUNE_INTERVAL": "0.25", "PRUNE_BATCH": "100"])
        #expect(configured.retention == .seconds(7 * 86_400))
        #expect(configured.pruneInterval == .milliseconds(250))
        #expect(configured.pruneBatchSize == 100)
        #expect(try ConsumerConfiguration(environment: ["RETENTION_DAYS": "0"]).retention == nil)
    }

    @Test("the event log's retention: the defaults of definitions.json, overridden by EVENT_LOG_MAX_AGE, _MAX_BYTES, _SEGMENT_BYTES")
    func eventLogRetention() throws {
        #expect(ConsumerConfiguration().eventLogRetention == EventLogRetention(maxAge: "90D", maxLengthBytes: 20_000_000_000, segmentBytes: 100_000_000))
        let configured = try ConsumerConfiguration(environment: [
            "EVENT_LOG_MAX_AGE": "36h", "EVENT_LOG_MAX_BYTES": "5000000000", "EVENT_LOG_SEGMENT_BYTES": "50000000",
        ])
        #expect(configured.eventLogRetention == EventLogRetention(maxAge: "36h", maxLengthBytes: 5_000_000_000, segmentBytes: 50_000_000))
    }

    @Test("an invalid value names the variable and what was expected", arguments: [
        ("CLOCK", "sometimes"), ("HTTP_PORT", "70000"), ("PREFETCH", "0"), ("PREFETCH", "many"), ("LOG_LEVEL", "loud"),
        ("RETENTION_DAYS", "-1"), ("RETENTION_DAYS", "a month"), ("PRUNE_INTERVAL", "0"), ("PRUNE_BATCH", "0"),
        ("MAX_COMMAND_BYTES", "10"), ("STARTUP_TIMEOUT", "0"), ("STARTUP_TIMEOUT", "soon"),
        ("EVENT_LOG_MAX_AGE", "90 days"), ("EVENT_LOG_MAX_AGE", "0D"), ("EVENT_LOG_MAX_AGE", "D"), ("EVENT_LOG_MAX_BYTES", "lots"),
        ("EVENT_LOG_MAX_BYTES", "1000"), ("EVENT_LOG_SEGMENT_BYTES", "200000000000"),
    ])
    func invalid(variable: String, value: String) {
        let error = #expect(throws: ConfigurationError.self) {
            try ConsumerConfiguration(environment: [variable: value])
        }
        #expect(error?.variable == variable)
        #expect(error?.description.contains(value) == true)
    }

    @Test("DATABASE_URL selects PostgreSQL (unset: the SQLite file); a malformed one is refused naming the variable, never its password")
    func databaseURL() throws {
        #expect(ConsumerConfiguration().databaseURL == nil)
        let configured = try ConsumerConfiguration(environment: ["DATABASE_URL": "postgres://app:pw@db:5432/subs"])
        #expect(configured.databaseURL == "postgres://app:pw@db:5432/subs")
        let error = #expect(throws: ConfigurationError.self) {
            try ConsumerConfiguration(environment: ["DATABASE_URL": "postgres://app:topsecret@db"])
        }
        #expect(error?.variable == "DATABASE_URL")
        #expect(error?.description.contains("names no database") == true, "\(String(describing: error))")
        #expect(error?.description.contains("topsecret") == false)
    }
}
