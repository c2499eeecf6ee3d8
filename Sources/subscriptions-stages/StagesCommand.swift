import ArgumentParser
import CompactCoding
import Foundation
import MallocInterposerSwift
import SubscriptionEngine
import SubscriptionMessages
import SubscriptionStore
import SubscriptionWire
import SwiftProtobuf

/// `subscriptions-stages`: each stage of the consumer's hot path alone, as operations per
/// second and heap allocations per operation, so a regression shows where it happens
/// (docs/benchmarks.md, "What `scripts/benchmark.sh` measures"); `storage` prints how the database grows (docs/reliability.md).
@main
struct StagesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "subscriptions-stages",
        abstract: "Stage benchmarks of the consumer's hot path (ops/s, allocations per op).",
        subcommands: [StageBenchmarks.self, StorageGrowth.self],
        defaultSubcommand: StageBenchmarks.self
    )
}

/// `subscriptions-stages [bench]`: the stage benchmarks.
struct StageBenchmarks: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench", abstract: "Each stage alone: operations per second and allocations per operation.")

    @Option(help: "The catalog the engine runs on.") var catalog = "Config/catalog.example.json"
    @Option(help: "Operations per round (each stage runs 5 rounds and keeps the best).") var operations = 20_000
    @Option(help: "Only the stages whose name starts with this, e.g. 'engine: purchase' (for a profiler).") var only: String?
    @Flag(help: "Count allocations (needs the malloc interposer preloaded: LD_PRELOAD=libMallocInterposerSwift.so).")
    var allocations = false

    func run() async throws {
        let catalog = try Catalog.decode(fromJSON: Data(contentsOf: URL(fileURLWithPath: catalog)))
        let stages = Stages(catalog: catalog, operations: operations, allocations: allocations, only: only)
        say("stage                                          operations/s  allocs/op")
        for measurement in try stages.inMemory() { say(measurement.line) }
        if only.map("store".hasPrefix) ?? true { say(try await stages.groupCommit().line) }
        if only.map("archive".hasPrefix) ?? true { say(try await stages.archiveStore().line) }
    }
}
