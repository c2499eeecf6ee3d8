import ArgumentParser
import Foundation
import SubscriptionMessages

/// `subscriptions-load chaos`: the fault-injection run (docs/reliability.md). Starts the
/// consumer (test clock) and the producer itself, sends a seeded stream of mixed commands
/// through the producer's HTTP API and straight over AMQP, kills and restarts the services,
/// restarts the broker node and fills the consumer's disk at moments drawn from the seed, and
/// ends with a table checked against the store and an analytics queue. Exits 1 when anything
/// was lost or applied twice.
struct ChaosRun: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "chaos",
        abstract: "Fault-injection run: mixed commands under crashes, restarts and a full disk; prints what held.",
        discussion: "Run it through scripts/chaos.sh, which builds, starts a private broker node and mounts the tmpfs."
    )

    @Option(help: "Commands to send (plus probes).") var commands = 100_000
    @Option(help: "Seed of the command stream and the fault moments (default: random, printed).") var seed: UInt64?
    @Option(help: "Commands in flight at once.") var inFlight = 64
    @Option(help: "Share of commands sent through the producer's HTTP API, in percent.") var httpPercent = 30
    @Option(help: "Faults of each kind (default: one per 25,000 commands, at least one).") var faultsPerKind: Int?
    @Option(help: "Test-clock advances spread over the run.") var advances = 100
    @Option(help: "Simulated days the advances add up to.") var simulatedDays = 45
    @Option(help: "Seconds the disk stays full at most (it is freed 3 s after the consumer's first refused commit).") var diskFullSeconds = 60
    @Option(help: "Seconds after which a command without final reply counts as lost.") var giveUpSeconds = 600
    @Option(help: "Directory of subscriptions-consumer and subscriptions-producer.") var binDirectory: String
    @Option(help: "The consumer's database directory (a small tmpfs).") var dataDirectory: String
    @Option(help: "Directory for the services' logs.") var workDirectory: String
    @Option(help: "Catalog file.") var catalog = "Config/catalog.example.json"
    @Option(help: "scripts/rabbitmq-local.sh, to restart the broker node.") var brokerScript = "scripts/rabbitmq-local.sh"
    @Option(help: "The private broker node's name.") var brokerName = "faults-chaos"
    @Option(help: "The private broker node's AMQP port.") var brokerPort = 5710
    @Option(help: "Broker nodes: 1, or the size of a cluster named --broker-name on --broker-port… (node 1 is restarted).")
    var brokerNodes = 1

    func run() async throws {
        let seed = self.seed ?? UInt64.random(in: 1...UInt64(UInt32.max))
        let perKind = faultsPerKind ?? max(1, commands / 25_000)
        let run = String(format: "%08x", UInt32(truncatingIfNeeded: seed))
        say("chaos: seed \(seed), \(commands) commands, \(inFlight) in flight, \(httpPercent)% through HTTP, "
            + "\(perKind) fault(s) of each kind, \(advances) clock advances over \(simulatedDays) days")
        say("chaos: repeat with --seed \(seed)")
        if brokerNodes > 1 { say("chaos: a \(brokerNodes)-node broker cluster; the services know every node, node 1 restarts") }
        let services = try ChaosServices(layout: ChaosServices.Layout(
            binDirectory: binDirectory, workDirectory: workDirectory, dataDirectory: dataDirectory,
            catalogPath: URL(filePath: catalog).standardizedFileURL.path, brokerScript: brokerScript, brokerName: brokerName,
            brokerPort: brokerPort, brokerNodes: brokerNodes, busPrefix: "chaos-\(run)"))
        try services.startConsumer()
        try services.startProducer()
        try await services.waitUntilHealthy()

        let workload = ChaosWorkload(
            seed: seed, total: commands, httpPercent: httpPercent, advances: advances, simulatedDays: simulatedDays, run: run)
        let stats = ChaosStats()
        let http = ChaosHTTP(port: services.producerPort, credentials: services.credentials)
        let plan = ChaosFaults.schedule(seed: seed, commands: commands, perKind: perKind)
        let bus = try BusOptions.parse(["--amqp-url", services.amqpURL, "--bus-prefix", "chaos-\(run)"])
        let started = ContinuousClock.now
        let (records, tap) = try await LoadDriver.withDriver(bus) { [inFlight, diskFullSeconds, giveUpSeconds, brokerNodes] driver in
            let tap = try await EventTap(connection: driver.connection, names: driver.names, queue: "chaos-\(run).analytics")
            let faults = ChaosFaults(services: services, driver: driver, http: http, stats: stats, diskFullFor: .seconds(diskFullSeconds))
            let sender = ChaosSender(driver: driver, http: http, workload: workload, stats: stats, giveUpAfter: .seconds(giveUpSeconds))
            // Commands in flight while a fault strikes: the clients may run this far past its moment.
            let margin = 2 * inFlight
            let gate = ChaosGate(limit: plan.first.map { $0.at + margin } ?? Int.max)
            let records = try await withThrowingTaskGroup(of: [ChaosFaults.Record].self) { group in
                for _ in 0..<inFlight {
                    group.addTask {
                        while true {
                            await gate.wait { stats.sentCount }
                            guard let command = workload.next() else { break }
                            await sender.execute(command)
                        }
                        return []
                    }
                }
                group.addTask {
                    var records: [ChaosFaults.Record] = []
                    for (index, fault) in plan.enumerated() {
                        while stats.completed < fault.at { try await Task.sleep(for: .milliseconds(50)) }
                        let inFlightNow = stats.sentCount - stats.completed
                        let nextLimit = index + 1 < plan.count ? plan[index + 1].at + margin : Int.max
                        // A full disk needs writes to bite: the stream goes on during it (a full
                        // disk holds it up anyway), and so it does while a cluster's node restarts
                        // (the cluster keeps serving: that is what is tested). During the other
                        // faults it waits, so that a slow one (a single node's restart) does not
                        // let the next fault's moment pass.
                        if fault.kind == .diskFull || (fault.kind == .brokerRestarted && brokerNodes > 1) {
                            gate.open(upTo: nextLimit)
                        }
                        var record = try await faults.inject(fault.kind, atCommand: stats.completed, probeNumber: index)
                        gate.open(upTo: nextLimit)
                        record.note = "\(inFlightNow) in flight; " + record.note
                        say("chaos: \(record.kind.rawValue) at command \(record.atCommand): recovered in "
                            + "\(ChaosFaults.seconds(record.recovery)) s \(record.note)")
                        records.append(record)
                    }
                    return records
                }
                var records: [ChaosFaults.Record] = []
                for try await part in group { records += part }
                return records
            }
            let progress = stats.snapshot
            say("chaos: \(progress.completed) commands finished in \(ChaosFaults.seconds(ContinuousClock.now - started)) s; waiting for the events")
            try await Self.settle(services: services, workload: workload, tap: tap)
            return (records, tap)
        }
        await services.stop()
        let counts = stats.snapshot
        let customers = workload.customers
        let store = try await ChaosAudit.read(databasePath: services.databasePath, customers: customers.map(\.id))
        let bought = Set(customers.filter { $0.originalTransactionId != nil }.map(\.id))
        let findings = ChaosAudit.findings(store: store, counts: counts, boughtOK: bought, events: tap.snapshot)
        ChaosReport(
            seed: seed, counts: counts, store: store, findings: findings, faults: records,
            elapsed: ContinuousClock.now - started
        ).write()
        if findings.lostOrTwice > 0 { throw ExitCode(1) }
    }

    /// Waits until the analytics queue has every event the store says was emitted and the
    /// outbox is empty (at most 3 minutes; what is missing then is reported as missing).
    static func settle(services: ChaosServices, workload: ChaosWorkload, tap: EventTap) async throws {
        let customers = workload.customers.map(\.id)
        let deadline = ContinuousClock.now + .seconds(180)
        while ContinuousClock.now < deadline {
            let store = try await ChaosAudit.read(databasePath: services.databasePath, customers: customers)
            let seen = tap.snapshot
            if store.outbox == 0, Int64(seen.byMessage.count) >= store.expectedEvents,
               ContinuousClock.now - seen.lastArrival > .seconds(2) { return }
            try await Task.sleep(for: .seconds(2))
        }
    }
}
