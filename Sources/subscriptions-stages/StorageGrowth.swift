import ArgumentParser
import Foundation
import SubscriptionEngine
import SubscriptionHandler
import SubscriptionMessages
import SubscriptionStore
import SubscriptionWire
import SwiftProtobuf

/// `subscriptions-stages storage`: how big the consumer's database gets after N commands, with
/// and without the retention pruner (docs/reliability.md, "Bounded storage").
///
/// The commands go through the consumer's own handler and store in group commits of 64, as
/// the pipeline runs them (state, history, processed-command record with its reply, outbox,
/// the outbox deleted as if confirmed), spread over a simulated span of days; due timers
/// (renewals) fire every simulated hour, and with pruning the store's pruning statement runs
/// every simulated hour in batches of 500, as the consumer's `RetentionPruner` does. The mix
/// is a steady population: a few purchases, many status reads, auto-renew changes, switches
/// and renewal-date extensions. Only AMQP is left out (it stores nothing).
struct StorageGrowth: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "storage",
        abstract: "Database size after N commands over a simulated span, without and with retention pruning.",
        discussion: "Example: subscriptions-stages storage --commands 1000000 --days 120 --retention-days 30"
    )

    @Option(help: "The catalog the engine runs on.") var catalog = "Config/catalog.example.json"
    @Option(help: "Commands to apply.") var commands = 1_000_000
    @Option(help: "Simulated days the commands are spread over.") var days = 120
    @Option(help: "Retention of processed commands, in days (the consumer's RETENTION_DAYS).") var retentionDays = 30
    @Option(help: "Subscribers bought first (part of --commands).") var population = 20_000
    @Option(help: "Seed of the command mix.") var seed: UInt64 = 13
    @Option(help: "Print a line every this many commands.") var every = 100_000
    @Option(help: "Which runs: both, pruned or unpruned.") var runs = "both"

    func run() async throws {
        let catalog = try Catalog.decode(fromJSON: Data(contentsOf: URL(fileURLWithPath: catalog)))
        say("commands \(commands), simulated \(days) days, population \(population), seed \(seed)")
        var results: [(String, StorageStatistics)] = []
        if runs != "pruned" {
            results.append(("without pruning", try await simulate(catalog: catalog, retention: nil)))
        }
        if runs != "unpruned" {
            results.append(("pruned, \(retentionDays)-day retention", try await simulate(catalog: catalog, retention: retentionDays)))
        }
        say("")
        say("after \(commands) commands    " + results.map { $0.0.padding(toLength: 28, withPad: " ", startingAt: 0) }.joined())
        say("database file (MiB)       " + results.map { Self.cell(Self.mebibytes($0.1.bytes)) }.joined())
        say("in use, free pages out    " + results.map { Self.cell(Self.mebibytes($0.1.usedBytes)) }.joined())
        for table in StorageStatistics.tables {
            say("rows \(table.padding(toLength: 21, withPad: " ", startingAt: 0))" + results.map { Self.cell("\($0.1.rows[table] ?? 0)") }.joined())
        }
    }

    private static func cell(_ text: String) -> String { text.padding(toLength: 28, withPad: " ", startingAt: 0) }
    private static func mebibytes(_ bytes: Int) -> String { String(format: "%.1f", Double(bytes) / 1_048_576) }

    private func simulate(catalog: Catalog, retention: Int?) async throws -> StorageStatistics {
        let directory = FileManager.default.temporaryDirectory.appending(path: "storage-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = try SubscriptionDatabase(path: directory.appending(path: "storage.sqlite").path)
        let handler = EngineCommandHandler(catalog: catalog)
        var mix = CommandMix(seed: seed, population: population)
        let start = Date(timeIntervalSince1970: 1_767_225_600)
        let step = Double(days) * 86_400 / Double(commands)
        var lastHour = 0
        var pendingOutbox: [Int64] = []
        var applied = 0
        let label = retention.map { "pruned \($0)d" } ?? "unpruned"
        let started = ContinuousClock.now
        while applied < commands {
            let count = min(64, commands - applied)
            let now = start.addingTimeInterval(Double(applied) * step)
            let envelopes = (0..<count).map { mix.next(index: applied + $0) }
            let toDelete = pendingOutbox
            let (ids, purchased) = try await database.write { transaction in
                try transaction.removeFromOutbox(ids: toDelete)
                var entries: [OutboxEntry] = []
                var purchased: [String] = []
                for envelope in envelopes {
                    let outcome = try handler.handle(envelope, context: CommandContext(now: now, clock: .manual), in: transaction)
                    try transaction.recordProcessed(
                        commandId: envelope.commandID, method: envelope.route?.methodName ?? "", reply: try outcome.reply.serializedBytes(),
                        at: now)
                    entries += try outcome.outgoingEvents.map { try $0.outboxEntry() }
                    if outcome.reply.purchase.hasSubscription {
                        purchased.append(outcome.reply.purchase.subscription.transactionInfo.originalTransactionID)
                    }
                }
                return (try transaction.enqueue(entries).map(\.id), purchased)
            }
            pendingOutbox = ids
            mix.subscriptions += purchased
            applied += count
            let hour = Int(Double(applied) * step / 3600)
            if hour > lastHour {
                lastHour = hour
                try await fireTimers(handler: handler, database: database, now: now)
                if let retention {
                    let horizon = now.addingTimeInterval(-Double(retention) * 86_400)
                    while try await database.write({ try $0.pruneProcessedCommands(before: horizon, limit: 500) }) == 500 {}
                }
            }
            if applied % every < count {
                let statistics = try await database.checkpointedStatistics()
                let elapsed = ContinuousClock.now - started
                say("\(label): \(applied) commands, day \(Int(Double(applied) * step / 86_400)), \(Self.mebibytes(statistics.bytes)) MiB, "
                    + "\(statistics.rows["processed_command"] ?? 0) processed records, \(statistics.rows["transaction_history"] ?? 0) history rows (\(elapsed))")
            }
        }
        let lastOutbox = pendingOutbox
        try await database.write { try $0.removeFromOutbox(ids: lastOutbox) }
        return try await database.checkpointedStatistics()
    }

    private func fireTimers(handler: EngineCommandHandler, database: SubscriptionDatabase, now: Date) async throws {
        var moreDue = true
        while moreDue {
            moreDue = try await database.write { transaction in
                let events = try handler.advance(to: now, massExtensionBatches: 1, in: transaction)
                let stored = try transaction.enqueue(try events.map { try $0.outboxEntry() })
                try transaction.removeFromOutbox(ids: stored.map(\.id))
                return try transaction.earliestDueDate().map { $0 <= now } ?? false
            }
        }
    }
}

/// The storage run's commands: `population` purchases first, then a steady mix on random
/// subscribers (deterministic from the seed).
struct CommandMix {
    var random: SplitMix64
    let population: Int
    var subscriptions: [String] = []

    init(seed: UInt64, population: Int) {
        random = SplitMix64(seed: seed)
        self.population = population
    }

    mutating func next(index: Int) -> Subscriptions_V1_CommandEnvelope {
        var envelope = Subscriptions_V1_CommandEnvelope()
        envelope.commandID = UUID().uuidString.lowercased()
        envelope.schemaVersion = WireContract.schemaVersion
        let roll = random.next() % 100
        guard index >= population, !subscriptions.isEmpty, roll >= 3 else {
            envelope.command = .purchase(.with {
                $0.customerID = "storage-\(index)"
                $0.productID = "news.basic.monthly"
                $0.storefront = "USA"
            })
            return envelope
        }
        let subscription = subscriptions[Int(random.next() % UInt64(subscriptions.count))]
        switch roll {
        case 3..<48:
            envelope.command = .getAllSubscriptionStatuses(.with { $0.transactionID = subscription })
        case 48..<88:
            envelope.command = .setAutoRenew(.with {
                $0.originalTransactionID = subscription
                $0.action = random.next() % 2 == 0 ? .enable : .disable
            })
        case 88..<98:
            envelope.command = .switchProduct(.with {
                $0.originalTransactionID = subscription
                $0.productID = random.next() % 2 == 0 ? "news.basic.monthly" : "news.standard.monthly"
            })
        default:
            envelope.command = .extendRenewalDate(.with {
                $0.originalTransactionID = subscription
                $0.extendByDays = 7
                $0.extendReasonCode = Google_Protobuf_Int32Value(1)
                $0.requestIdentifier = UUID().uuidString.lowercased()
            })
        }
        return envelope
    }
}

/// A small deterministic generator (SplitMix64), so a seed names a run.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
