import Foundation
import ServiceTestSupport
import SubscriptionMessages
import SubscriptionStore
import SubscriptionStorePostgres
import Testing

/// The scale-out proof (docs/scale-out.md, "The proof"): the same 20,000-odd mixed commands, with
/// the same idempotency keys, sent to one consumer on SQLite and to three consumer replicas on
/// PostgreSQL behind a 3-node broker cluster, while one replica is SIGKILLed and one broker node
/// stops and starts again. Both deployments must end with the same processed commands, the same
/// documents and the same event streams, byte for byte.
@Suite(
    "Scale-out proof: PostgreSQL, 3-node cluster, 3 replicas against one SQLite consumer", .serialized, .requiresBroker,
    .requiresBrokerNodes, .requiresPostgres, .clusterSuite,
    .enabled(if: ProcessInfo.processInfo.environment["E2E_EXTERNAL_SERVICES"] != "1", "starts services and a cluster of its own")
)
struct ScaleOutProofTests {
    /// The slices: their customers and how many replicas run them. The last runs through the
    /// faults.
    /// `SCALE_OUT_PROOF_DIVISOR=N` divides the customers (and the 20,000 asked for) by N, for a
    /// quick run while developing; CI runs it whole.
    static let divisor = max(1, Int(ProcessInfo.processInfo.environment["SCALE_OUT_PROOF_DIVISOR"] ?? "") ?? 1)
    static let plan: [(slice: ScaleOutWorkload.Slice, replicas: Int)] = [
        (.init(number: 1, customers: 280 / divisor), 1), (.init(number: 2, customers: 420 / divisor), 2),
        (.init(number: 3, customers: 560 / divisor), 3), (.init(number: 4, customers: 1_760 / divisor), 3),
    ]

    @Test(
        "≥ 20,000 mixed commands over 3,020 customers on 4 test clocks: three replicas on PostgreSQL and a 3-node cluster, a replica SIGKILLed and a broker node stopped and started, end in the state of one SQLite consumer — same processed commands, same documents, same events byte for byte, gap-free sequences, every timer fired once"
    )
    func proof() async throws {
        // The whole proof is one turn at the test cluster: its reference run (a consumer and
        // 20,000 commands on the machine's two cores) overlapped another cluster suite's node
        // stop once, and that suite's quorum queue confirmed nothing for 30 s.
        try await PrivateBrokerCluster.forTests.use { cluster in try await Self.prove(on: cluster) }
    }

    private static func prove(on cluster: PrivateBrokerCluster) async throws {
        // 1. The reference: one consumer on SQLite, the test broker, no faults.
        let reference = try await Stack.start(consumerEnvironment: ["CLOCK": "system"])
        let referenceConnection = try await reference.connect()
        let referenceEvents = try await EventWatcher(connection: referenceConnection, eventsExchange: "\(reference.busPrefix).events")
        let referenceRun = ScaleOutRun(stack: reference)
        var referenceSeconds = 0.0
        do {
            for (slice, _) in Self.plan { referenceSeconds += try await referenceRun.run(slice).seconds }
            try await Self.waitForEmptyOutbox(of: reference)
            try await referenceEvents.sentinel()  // every confirmed event is queued ahead of it
        } catch {
            await reference.stop()
            throw error
        }
        #expect(await reference.stop().consumer == 0)
        let referenceDatabase = try SubscriptionDatabase(path: reference.databasePath)
        let total = referenceRun.requestCount
        #expect(total >= 20_000 / Self.divisor, "the workload has \(total) commands")
        // Refusals are part of the workload (a consent nobody was asked for yet is refused the
        // same way everywhere); they must stay few, or the proof proves little.
        let refused = referenceRun.failedBodies
        #expect(refused.count * 50 < total, "\(refused.count) refusals: \(Self.sample(refused))")

        // 2. The same commands on PostgreSQL, the cluster, 1, 2, then 3 replicas, then the faults.
        let url = try await PostgresStore.createDatabase(
            named: TestPostgres.databaseName("proof"), onServerOf: TestPostgres.url, logger: Stack.logger)
        let stack = try await Stack.start(
            consumerEnvironment: ["DATABASE_URL": url, "CLOCK": "system", "EVENT_ARCHIVE": "off", "OUTBOX_SWEEP_INTERVAL": "3"],
            amqpURL: cluster.url)
        // The watcher's classic queue sits on node 3, which is not stopped.
        let watching = try await Stack.connect(amqpURL: cluster.node(3).url, name: "e2e-proof-events")
        let events = try await EventWatcher(connection: watching, eventsExchange: "\(stack.busPrefix).events")
        let run = ScaleOutRun(stack: stack)
        let replicas = Locked<[Replica]>([])
        var figures: [(replicas: Int, figures: ScaleOutRun.SliceFigures)] = []
        do {
            for (slice, count) in Self.plan {
                while replicas.withLock({ $0.count }) + 1 < count {
                    let started = try await stack.startReplica(replicas.withLock { $0.count } + 1)
                    replicas.withLock { $0.append(Replica(process: started.process, healthURL: started.healthURL)) }
                }
                if slice.number == Self.plan.last?.slice.number {
                    let expected = Self.requestCount(of: slice)
                    let first = run.requestCount
                    async let faults: Void = Self.faults(
                        run: run, from: first, expected: expected, stack: stack, cluster: cluster, replicas: replicas)
                    let result = try await run.run(slice)
                    try await faults
                    figures.append((count, result))
                } else {
                    figures.append((count, try await run.run(slice)))
                }
            }
            try await Self.waitForEmptyOutbox(url: url)
            try await Self.compare(
                run: run, reference: referenceRun, events: events, referenceEvents: referenceEvents, url: url,
                referenceDatabase: referenceDatabase)
        } catch {
            // What a failed run needs to be understood without running it again: where the
            // commands were and what each process last said.
            print(await Self.diagnostics(stack: stack, replicas: replicas.withLock { $0 }, cluster: cluster))
            for replica in replicas.withLock({ $0 }) { await replica.process.terminate() }
            await stack.stop()
            throw error
        }
        let live = replicas.withLock { $0 }
        var applied = [try await ReplicaEndToEndTests.commandsApplied(metricsURL: Self.metrics(stack.consumerHealthURL))]
        for replica in live { applied.append(try await ReplicaEndToEndTests.commandsApplied(metricsURL: Self.metrics(replica.healthURL))) }
        for replica in live { #expect(await replica.process.terminate() == 0, "\(replica.process.logTail())") }
        #expect(await stack.stop().consumer == 0)
        await events.stop()
        await watching.close()

        print("scale-out proof: \(total) commands, \(run.retries) retried by clients, commands applied per live replica \(applied)")
        print(
            String(
                format: "scale-out proof: longest wait for an answer %.1f s (%@); the reference's %.1f s",
                ScaleOutRun.seconds(run.longestWait.duration), run.longestWait.key, ScaleOutRun.seconds(referenceRun.longestWait.duration)))
        print(String(format: "scale-out proof: SQLite, 1 consumer, test broker: %.0f commands/s", Double(total) / referenceSeconds))
        for (count, slice) in figures {
            let label = slice.slice == Self.plan.last?.slice.number ? "\(count) replicas through the faults" : "\(count) replica(s)"
            print(
                String(
                    format: "scale-out proof: PostgreSQL, cluster, %@: %d commands in %.1f s, %.0f commands/s", label, slice.requests, slice.seconds,
                    slice.commandsPerSecond))
        }
        await referenceEvents.stop()
        await referenceConnection.close()
    }

    /// During the last slice: a replica SIGKILLed at a fifth of its requests and replaced three
    /// seconds later, broker node 1 (every process's first URL) stopped at 40 % and started
    /// again at 65 %.
    static func faults(
        run: ScaleOutRun, from first: Int, expected: Int, stack: Stack, cluster: PrivateBrokerCluster,
        replicas: Locked<[Replica]>
    ) async throws {
        try await waitUntil(run, reaches: first + expected / 5)
        guard let victim = replicas.withLock({ $0.popLast() }) else { throw E2EError("no replica to kill") }
        await victim.process.crash()
        try await Task.sleep(for: .seconds(3))
        let replacement = try await stack.startReplica(10)
        replicas.withLock { $0.append(Replica(process: replacement.process, healthURL: replacement.healthURL)) }
        try await waitUntil(run, reaches: first + expected * 2 / 5)
        // Stopping node 1 leaves a quorum only if the commands queue has its three replicas
        // online (CI once saw 90 s of nacks after this stop: a queue short of a replica then).
        try await cluster.waitForFullQuorum(of: "\(stack.busPrefix).commands")
        try await cluster.node(1).stop()
        try await waitUntil(run, reaches: first + expected * 65 / 100)
        try await cluster.node(1).start()
    }

    /// The bus's queues of the stack (messages ready and unacked, consumers, quorum members
    /// online) and the last lines of every process's log.
    static func diagnostics(stack: Stack, replicas: [Replica], cluster: PrivateBrokerCluster) async -> String {
        var text = "--- queues of \(stack.busPrefix) (node 3) ---\n"
        let columns = ["name", "messages_ready", "messages_unacknowledged", "consumers", "leader", "online"]
        if let listing = try? await cluster.node(3).ctlOutput(["list_queues"] + columns + ["--quiet"]) {
            text += listing.split(separator: "\n").filter { $0.contains(stack.busPrefix) }.joined(separator: "\n")
        }
        let processes = [stack.producer, stack.consumer].compactMap { $0 } + replicas.map(\.process)
        for process in processes { text += "\n--- \(process.name) log ---\n\(process.logTail(lines: 40))" }
        return text
    }

    private static func waitUntil(_ run: ScaleOutRun, reaches count: Int) async throws {
        let deadline = ContinuousClock.now + .seconds(600)
        while run.requestCount < count {
            guard ContinuousClock.now < deadline else { throw E2EError("the workload stalled at \(run.requestCount) of \(count)") }
            try await Task.sleep(for: .milliseconds(100))
        }
    }

    /// A consumer replica besides the stack's own consumer.
    struct Replica: Sendable {
        var process: ServiceProcess
        var healthURL: URL
    }

    /// How many requests a slice sends (the ids do not change the count).
    static func requestCount(of slice: ScaleOutWorkload.Slice) -> Int {
        let perCustomer = (0..<slice.customers).reduce(0) { sum, index in
            sum + 1 + ScaleOutWorkload.phaseA(slice, index, subscription: "1").count
                + ScaleOutWorkload.phaseB(slice, index, subscription: "1").count + ScaleOutWorkload.phaseC(slice, index, subscription: "1").count
                + ScaleOutWorkload.phaseD(slice, index, subscription: "1").count
        }
        return perCustomer + 6  // the clock, four advances, the mass extension
    }

    // MARK: - The comparison

    static func compare(
        run: ScaleOutRun, reference: ScaleOutRun, events: EventWatcher, referenceEvents: EventWatcher, url: String,
        referenceDatabase: SubscriptionDatabase
    ) async throws {
        // Every command answered as in the reference.
        #expect(run.requestCount == reference.requestCount)
        let mismatched = reference.finalStatuses.filter { run.finalStatuses[$0.key] != $0.value }
        #expect(
            mismatched.isEmpty,
            "\(mismatched.count) statuses differ from the reference: \(Self.sample(mismatched.mapValues(String.init))), bodies \(Self.sample(run.failedBodies))"
        )
        #expect(run.subscriptions == reference.subscriptions, "the same subscription ids")

        // None lost, none applied twice: the same processed commands.
        let store = try await PostgresStore.open(url: url, logger: Stack.logger)
        let ids = Array(reference.subscriptions.values).sorted()
        let postgres = try await store.read { transaction in
            (try Set(transaction.processedCommandIds()), try Self.documents(ids, transaction))
        }
        await store.close()
        let sqlite = try await referenceDatabase.read { transaction in
            (try Set(transaction.processedCommandIds()), try Self.documents(ids, transaction))
        }
        #expect(postgres.0.count >= reference.requestCount, "processed commands: \(postgres.0.count)")
        #expect(
            postgres.0 == sqlite.0,
            "processed commands only on PostgreSQL: \(postgres.0.subtracting(sqlite.0).prefix(5)), only on SQLite: \(sqlite.0.subtracting(postgres.0).prefix(5))"
        )
        // The same final documents: each subscription and its transaction history.
        let differing = ids.filter { postgres.1[$0] != sqlite.1[$0] }
        #expect(differing.isEmpty, "\(differing.count) subscriptions whose documents differ, e.g. \(differing.prefix(3))")

        // Events: every subscription's stream gap-free and byte for byte the reference's.
        let expected = try await Self.streams(referenceEvents, subscriptions: ids)
        try await events.waitUntil(timeout: .seconds(120), "every event of the reference") { received in
            var sequences: [String: Set<UInt64>] = [:]
            for event in received { sequences[event.subscriptionID, default: []].insert(event.sequence) }
            return expected.allSatisfy { sequences[$0.key]?.count == $0.value.count }
        }
        try await events.sentinel()  // the outbox is empty: anything published twice is queued ahead of it
        let actual = try await Self.streams(events, subscriptions: ids)
        var gaps: [String] = [], different: [String] = []
        for (id, stream) in actual {
            if stream.keys.sorted() != Array(1...UInt64(stream.count)) { gaps.append(id) }
            if stream != expected[id] { different.append(id) }
        }
        #expect(gaps.isEmpty, "subscriptions with gaps in their sequences: \(gaps.prefix(5))")
        #expect(different.isEmpty, "\(different.count) subscriptions whose events differ from the reference, e.g. \(different.prefix(3))")
        let renewals = expected.values.reduce(0) { $0 + $1.values.filter { $0.isRenewal }.count }
        #expect(renewals > 0, "the workload renews subscriptions")
    }

    /// Each subscription's events by sequence: one serialized form per sequence (a duplicate
    /// on the wire has the same bytes; two different events under one sequence fail).
    static func streams(_ watcher: EventWatcher, subscriptions: [String]) async throws -> [String: [UInt64: EventBytes]] {
        let wanted = Set(subscriptions)
        var streams: [String: [UInt64: EventBytes]] = [:]
        for event in watcher.received where wanted.contains(event.subscriptionID) {
            let bytes = EventBytes(bytes: try event.serializedBytes(), isRenewal: event.notificationType == .didRenew)
            if let seen = streams[event.subscriptionID]?[event.sequence], seen != bytes {
                throw E2EError("two different events with sequence \(event.sequence) of \(event.subscriptionID)")
            }
            streams[event.subscriptionID, default: [:]][event.sequence] = bytes
        }
        return streams
    }

    /// An event's serialized bytes, and whether it is a renewal.
    struct EventBytes: Equatable, Sendable {
        var bytes: [UInt8]
        var isRenewal: Bool
    }

    /// Each subscription's stored document and transaction history.
    static func documents(_ ids: [String], _ transaction: any ConsumerStoreTransaction) throws -> [String: [Data]] {
        var documents: [String: [Data]] = [:]
        for id in ids { documents[id] = [try transaction.subscription(id) ?? Data()] + (try transaction.transactions(subscriptionId: id)) }
        return documents
    }

    /// A few entries of a dictionary, readable.
    static func sample(_ entries: [String: String]) -> String {
        entries.sorted { $0.key < $1.key }.prefix(5).map { "\($0.key): \($0.value)" }.joined(separator: "; ")
    }

    static func metrics(_ health: URL?) throws -> URL {
        guard let health else { throw E2EError("no health URL") }
        return health.deletingLastPathComponent().appending(path: "metrics")
    }

    static func waitForEmptyOutbox(of stack: Stack) async throws {
        let database = try SubscriptionDatabase(path: stack.databasePath)
        try await waitForEmptyOutbox { try await database.read { try $0.outboxCount() } }
    }

    static func waitForEmptyOutbox(url: String) async throws {
        let store = try await PostgresStore.open(url: url, logger: Stack.logger)
        do {
            try await waitForEmptyOutbox { try await store.read { try $0.outboxCount() } }
        } catch {
            await store.close()
            throw error
        }
        await store.close()
    }

    private static func waitForEmptyOutbox(_ count: () async throws -> Int) async throws {
        let deadline = ContinuousClock.now + .seconds(120)
        while try await count() > 0 {
            guard ContinuousClock.now < deadline else { throw E2EError("the outbox did not empty in 120 s") }
            try await Task.sleep(for: .milliseconds(200))
        }
    }
}
