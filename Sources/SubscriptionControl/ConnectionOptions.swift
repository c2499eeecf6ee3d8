import AMQPClient
import ArgumentParser
import Foundation
import SubscriptionTopology

/// The broker and bus every command talks to: flags first, then the environment variables
/// the services read (`AMQP_URL`, `BUS_PREFIX`), then the local defaults.
public struct ConnectionOptions: ParsableArguments, Sendable {
    @Option(name: .customLong("amqp-url"), help: "Broker URL, or several comma-separated for a cluster (env AMQP_URL, default amqp://guest:guest@127.0.0.1:5672/).")
    var amqpURL: String?

    @Option(help: "Prefix of the exchange and queue names (env BUS_PREFIX, default subscriptions).")
    var busPrefix: String?

    @Option(help: "Seconds to wait for a reply.")
    var timeout: Int = 30

    public init() {}

    /// The broker URL in force.
    var resolvedURL: String {
        amqpURL ?? ProcessInfo.processInfo.environment["AMQP_URL"] ?? "amqp://guest:guest@127.0.0.1:5672/"
    }

    /// The bus names in force.
    var names: BusNames {
        BusNames(prefix: busPrefix ?? ProcessInfo.processInfo.environment["BUS_PREFIX"] ?? "subscriptions")
    }

    var replyTimeout: Duration { .seconds(timeout) }
}
