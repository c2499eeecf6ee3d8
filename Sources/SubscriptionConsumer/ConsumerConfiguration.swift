import AMQPClient
import Foundation
import Logging
import SubscriptionTopology
import SubscriptionWire

/// Everything the consumer service is configured with, read once at the edge
/// (`subscriptions-consumer` flags and environment variables; see docs/consumer.md).
public struct ConsumerConfiguration: Sendable {
    /// Broker URL (`AMQP_URL`).
    public var amqpURL: String = "amqp://guest:guest@127.0.0.1:5672/"
    /// Exchange and queue names (`BUS_PREFIX`, default `subscriptions`).
    public var names = BusNames()
    /// Address of the `/health` and `/metrics` endpoints (`HTTP_HOST`, `HTTP_PORT`).
    public var httpHost: String = "127.0.0.1"
    /// Port of the `/health` and `/metrics` endpoints; 0 picks a free port.
    public var httpPort: Int = 8081
    /// SQLite file (`DATABASE_PATH`).
    public var databasePath: String = "subscriptions.sqlite"
    /// Catalog JSON (`CATALOG_PATH`); `nil` = the default places of ``CatalogLocation``.
    public var catalogPath: String?
    /// System clock or the test clock moved by `AdvanceTestClock` (`CLOCK`).
    public var clock: ClockMode = .system
    /// Unacknowledged commands the broker may hand over at once (`PREFETCH`); also the
    /// largest group-commit batch.
    public var prefetch: UInt16 = 64
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
    /// Name of this service in `app_id` and the broker's connection list.
    public var serviceName: String = "subscriptions-consumer"

    /// The defaults.
    public init() {}

    /// The defaults overridden by the environment variables of docs/consumer.md; an invalid
    /// value is an error naming the variable.
    public init(environment: [String: String]) throws(ConfigurationError) {
        if let value = environment["AMQP_URL"] { amqpURL = value }
        if let value = environment["BUS_PREFIX"] { names = BusNames(prefix: value) }
        if let value = environment["HTTP_HOST"] { httpHost = value }
        if let value = environment["HTTP_PORT"] { httpPort = try Self.integer(value, name: "HTTP_PORT", in: 0...65535) }
        if let value = environment["DATABASE_PATH"] { databasePath = value }
        if let value = environment["CATALOG_PATH"] { catalogPath = value }
        if let value = environment["CLOCK"] {
            guard let mode = ClockMode(rawValue: value) else {
                throw ConfigurationError(variable: "CLOCK", value: value, expected: "system or manual")
            }
            clock = mode
        }
        if let value = environment["PREFETCH"] { prefetch = UInt16(try Self.integer(value, name: "PREFETCH", in: 1...5000)) }
        if let value = environment["RETENTION_DAYS"] {
            let days = try Self.integer(value, name: "RETENTION_DAYS", in: 0...36_500)
            retention = days == 0 ? nil : .seconds(Int64(days) * 86_400)
        }
        if let value = environment["PRUNE_INTERVAL"] {
            guard let seconds = Double(value), seconds > 0, seconds <= 86_400 else {
                throw ConfigurationError(variable: "PRUNE_INTERVAL", value: value, expected: "seconds, more than 0 and at most 86400")
            }
            pruneInterval = .milliseconds(Int64(seconds * 1000))
        }
        if let value = environment["PRUNE_BATCH"] { pruneBatchSize = try Self.integer(value, name: "PRUNE_BATCH", in: 1...100_000) }
        if let value = environment["MAX_COMMAND_BYTES"] {
            maximumCommandBytes = try Self.integer(value, name: "MAX_COMMAND_BYTES", in: 1024...(128 << 20))
        }
        if let value = environment["CRASH_ON_CUSTOMER"], !value.isEmpty { crashOnCustomer = value }
        if let value = environment["PIPELINE_DEPTH"] { pipelineDepth = try Self.integer(value, name: "PIPELINE_DEPTH", in: 1...64) }
    }

    /// The AMQP client configuration for `amqpURL`.
    func amqpConfiguration() throws(AMQPError) -> AMQPConfiguration {
        var configuration = try AMQPConfiguration(url: amqpURL)
        configuration.connectionName = serviceName
        return configuration
    }

    private static func integer(_ value: String, name: String, in range: ClosedRange<Int>) throws(ConfigurationError) -> Int {
        guard let number = Int(value), range.contains(number) else {
            throw ConfigurationError(variable: name, value: value, expected: "an integer in \(range.lowerBound)...\(range.upperBound)")
        }
        return number
    }
}

/// An invalid configuration value, naming the variable.
public struct ConfigurationError: Error, CustomStringConvertible, Sendable {
    /// The environment variable or flag.
    public var variable: String
    /// The value found.
    public var value: String
    /// What was expected instead.
    public var expected: String

    public var description: String { "\(variable)=\(value) is invalid: expected \(expected)" }
}
