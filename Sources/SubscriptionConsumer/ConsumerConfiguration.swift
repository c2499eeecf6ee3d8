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
        if let value = environment["BATCH_LIMIT"] { batchLimit = try Self.integer(value, name: "BATCH_LIMIT", in: 1...5000) }
        if let value = environment["PIPELINE_DEPTH"] { pipelineDepth = try Self.integer(value, name: "PIPELINE_DEPTH", in: 1...64) }
        if let value = environment["SIGNING_IDENTITY"], !value.isEmpty { signingIdentityPath = value }
        if let value = environment["NOTIFICATION_URLS"] { notificationURLs = try Self.urls(value, name: "NOTIFICATION_URLS") }
        if let value = environment["NOTIFICATIONS_DATABASE_PATH"], !value.isEmpty { notificationsDatabasePath = value }
        if let value = environment["NOTIFICATION_TIMEOUT"] {
            notificationTimeout = .seconds(try Self.integer(value, name: "NOTIFICATION_TIMEOUT", in: 1...300))
        }
    }

    /// The AMQP client configuration for `amqpURL`.
    func amqpConfiguration() throws(AMQPError) -> AMQPConfiguration {
        var configuration = try AMQPConfiguration(url: amqpURL)
        configuration.connectionName = serviceName
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
