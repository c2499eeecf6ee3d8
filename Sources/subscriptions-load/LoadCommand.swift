import ArgumentParser
import Foundation

/// `subscriptions-load`: drives the consumer (or the ceiling relay) over the broker the way
/// other services do, or the producer over HTTP or gRPC (`front`), and prints what it measured
/// (docs/benchmarks.md).
@main
struct LoadCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "subscriptions-load",
        abstract: "Load generator and broker ceiling for the subscriptions consumer (docs/benchmarks.md).",
        subcommands: [RunLoad.self, FrontDoorLoad.self, SeedSubscriptions.self, MassExtendLoad.self, RelayServer.self, ChaosRun.self],
        defaultSubcommand: RunLoad.self
    )
}

/// Options every load subcommand shares.
struct BusOptions: ParsableArguments {
    @Option(help: "Broker URL, or several comma-separated for a cluster (env AMQP_URL).")
    var amqpURL = ProcessInfo.processInfo.environment["AMQP_URL"] ?? "amqp://guest:guest@127.0.0.1:5672/"

    @Option(help: "Prefix of exchange and queue names (env BUS_PREFIX).")
    var busPrefix = ProcessInfo.processInfo.environment["BUS_PREFIX"] ?? "subscriptions"

    @Option(help: "Process id of the consumer (or relay) whose CPU time and peak memory to report.")
    var probePid: Int32?

    @Option(help: "Process id of the broker (beam.smp) whose CPU time to report too, with the machine's CPU per command (run).")
    var brokerPid: Int32?
}
