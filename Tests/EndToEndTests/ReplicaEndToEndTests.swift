import Foundation
import ServiceTestSupport
import SubscriptionMessages
import SubscriptionStore
import SubscriptionStorePostgres
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Several consumer replicas on one PostgreSQL database (docs/scale-out.md, "Replicas"): three
/// real consumer processes competing for one commands queue, one producer.
@Suite("Consumer replicas on PostgreSQL end to end (real processes)", .serialized, .requiresBroker, .requiresPostgres)
struct ReplicaEndToEndTests {
    @Test("three replicas on one database: concurrent commands for the same subscriptions applied once each in a serial order (gap-free sequences), a duplicated command answered once, every timer fired once")
    func threeReplicas() async throws {
        let url = try await PostgresStore.createDatabase(
            named: TestPostgres.databaseName("replicas"), onServerOf: TestPostgres.url, logger: Stack.logger)
        // The system clock (replicas work in parallel); timers on a test clock of their own.
        // No event archive: its SQLite file is per machine, not shared by replicas (docs/scale-out.md).
        let stack = try await Stack.start(consumerEnvironment: ["DATABASE_URL": url, "CLOCK": "system", "EVENT_ARCHIVE": "off"])
        var replicas: [(process: ServiceProcess, healthURL: URL)] = []
        do {
            for index in 1...2 { replicas.append(try await stack.startReplica(index)) }
            try await Self.exercise(stack: stack, url: url, replicaHealthURLs: replicas.map(\.healthURL))
        } catch {
            for replica in replicas { await replica.process.terminate() }
            await stack.stop()
            throw error
        }
        for replica in replicas {
            #expect(await replica.process.terminate() == 0, "replica stops gracefully: \(replica.process.logTail())")
        }
        await stack.stop()
    }

    @Test("one of three replicas SIGKILLed while commands for the same subscriptions flow, not restarted: still each command applied once, gap-free sequences, every event published (the survivors' outbox sweep), every timer fired once")
    func replicaKilledMidway() async throws {
        let url = try await PostgresStore.createDatabase(
            named: TestPostgres.databaseName("replicas_kill"), onServerOf: TestPostgres.url, logger: Stack.logger)
        let stack = try await Stack.start(consumerEnvironment: [
            "DATABASE_URL": url, "CLOCK": "system", "EVENT_ARCHIVE": "off", "OUTBOX_SWEEP_INTERVAL": "3",
        ])
        let victim = try await stack.startReplica(1)
        let survivor = try await stack.startReplica(2)
        do {
            try await Self.exercise(stack: stack, url: url, replicaHealthURLs: [survivor.healthURL]) {
                // While the concurrent commands are in flight. What it committed but had not
                // published is left to the survivors' outbox sweep.
                try await Task.sleep(for: .milliseconds(150))
                await victim.process.crash()
            }
        } catch {
            for process in [victim.process, survivor.process] { await process.terminate() }
            await stack.stop()
            throw error
        }
        #expect(await survivor.process.terminate() == 0)
        await stack.stop()
    }

    @Test(
        "three replicas with CLOCK=manual share one manual clock: an advance fires every subscription's renewal once whichever replica takes it, and purchases after it, on any replica, are dated at the advanced now"
    )
    func manualClockReplicas() async throws {
        let url = try await PostgresStore.createDatabase(
            named: TestPostgres.databaseName("replicas_manual"), onServerOf: TestPostgres.url, logger: Stack.logger)
        let stack = try await Stack.start(consumerEnvironment: ["DATABASE_URL": url, "CLOCK": "manual", "EVENT_ARCHIVE": "off"])
        var replicas: [(process: ServiceProcess, healthURL: URL)] = []
        do {
            for index in 1...2 { replicas.append(try await stack.startReplica(index)) }
            let http = ProducerClient(baseURL: stack.producerURL, credentials: stack.credentials)
            let connection = try await stack.connect()
            let events = try await EventWatcher(connection: connection, eventsExchange: "\(stack.busPrefix).events")
            func purchases(_ label: String) async throws -> [String] {
                try await withThrowingTaskGroup(of: String?.self) { group in
                    for index in 0..<12 {
                        group.addTask {
                            let reply = try await http.post(
                                "v1/purchases", ["customerId": stack.unique("\(label)-\(index)"), "productId": E2ECatalog.monthly, "storefront": "USA"])
                            return reply.json["originalTransactionId"] as? String
                        }
                    }
                    var ids: [String] = []
                    for try await id in group { if let id { ids.append(id) } }
                    return ids
                }
            }
            let before = try await purchases("manual-before")
            #expect(before.count == 12)
            let month = try await http.post("v1/testClock/advance", ["advanceBy": "P1M"])
            #expect(month.json["transitionsFired"] as? Int == 12, "one renewal per subscription: \(month)")
            let now = try #require(month.json["now"] as? Int64, "\(month)")
            let after = try await purchases("manual-after")
            #expect(after.count == 12)

            try await events.waitUntil(timeout: .seconds(60), "two events per earlier purchase, one per later") { received in
                before.allSatisfy { id in Set(received.filter { $0.subscriptionID == id }.map(\.sequence)).count == 2 }
                    && after.allSatisfy { id in received.contains { $0.subscriptionID == id } }
            }
            for id in before {
                let renewals = Set(events.events(of: id).filter { $0.notificationType == .didRenew }.map(\.notificationUuid))
                #expect(renewals.count == 1, "the renewal of \(id) fired once")
            }
            for id in after {
                let dates = events.events(of: id).map { Int64($0.signedDate.seconds) * 1000 + Int64($0.signedDate.nanos / 1_000_000) }
                #expect(dates.allSatisfy { $0 == now }, "\(id) bought at the manual clock's now \(now), whichever replica took it: \(dates)")
            }
            await events.stop()
            await connection.close()
        } catch {
            for replica in replicas { await replica.process.terminate() }
            await stack.stop()
            throw error
        }
        for replica in replicas { #expect(await replica.process.terminate() == 0) }
        await stack.stop()
    }

    /// Purchases (each twice at once), three concurrent commands per subscription while
    /// `during` runs, timers on a test clock; then the checks. `replicaHealthURLs`: the replicas
    /// besides the stack's consumer that must have applied commands.
    static func exercise(
        stack: Stack, url: String, replicaHealthURLs: [URL], during: (@Sendable () async throws -> Void)? = nil
    ) async throws {
        let http = ProducerClient(baseURL: stack.producerURL, credentials: stack.credentials)
        let connection = try await stack.connect()
        let events = try await EventWatcher(connection: connection, eventsExchange: "\(stack.busPrefix).events")

        // 1. Purchases of 24 customers at once; each sent twice at the same time with one
        //    idempotency key (a duplicate that two replicas may take together).
        let customers = (0..<24).map { stack.unique("replica-\($0)") }
        let purchases = try await withThrowingTaskGroup(of: (String, String?).self) { group in
            for customer in customers {
                for _ in 0..<2 {
                    group.addTask {
                        let reply = try await http.post(
                            "v1/purchases", ["customerId": customer, "productId": E2ECatalog.monthly, "storefront": "USA"],
                            headers: ["Idempotency-Key": "purchase-\(customer)"])
                        return (customer, reply.status == 200 ? reply.json["originalTransactionId"] as? String : nil)
                    }
                }
            }
            var ids: [String: Set<String?>] = [:]
            for try await (customer, id) in group { ids[customer, default: []].insert(id) }
            return ids
        }
        #expect(purchases.values.allSatisfy { $0.count == 1 && !$0.contains(nil) }, "both copies got the same subscription: \(purchases)")
        let subscriptions = purchases.values.compactMap { $0.first ?? nil }
        #expect(subscriptions.count == customers.count)

        // 2. Three commands per subscription at once (two extensions, auto-renew off), all
        //    subscriptions together: replicas take them concurrently, the row lock orders them.
        async let disturbance: Void = during?() ?? ()
        let accepted = try await withThrowingTaskGroup(of: Bool.self) { group in
            for id in subscriptions {
                for (index, days) in [10, 5].enumerated() {
                    group.addTask {
                        let reply = try await http.send("PUT", "inApps/v1/subscriptions/extend/\(id)", json: [
                            "extendByDays": days, "extendReasonCode": 1, "requestIdentifier": "ext-\(index)-\(id)",
                        ])
                        return reply.status == 200 && reply.json["success"] as? Bool == true
                    }
                }
                group.addTask {
                    let reply = try await http.post("v1/subscriptions/autoRenew", ["originalTransactionId": id, "autoRenewStatus": 0])
                    return reply.status == 200
                }
            }
            var all: [Bool] = []
            for try await ok in group { all.append(ok) }
            return all
        }
        try await disturbance
        #expect(accepted.count == subscriptions.count * 3 && accepted.allSatisfy { $0 }, "every command succeeded")

        // 3. Timers: six subscriptions on a test clock, a month advanced: one renewal each.
        let created = try await http.post("v1/testClocks", ["frozenTime": Int64(1_893_456_000_000), "name": "replicas"])
        let clock = try #require(created.json["id"] as? String, "\(created)")
        var clockedIds: [String] = []
        for index in 0..<6 {
            let purchase = try await http.post(
                "v1/purchases", ["customerId": stack.unique("clocked-\(index)"), "productId": E2ECatalog.monthly, "storefront": "USA"],
                headers: ["X-Test-Clock": clock])
            clockedIds.append(try #require(purchase.json["originalTransactionId"] as? String, "\(purchase)"))
        }
        let clocked = clockedIds
        let advanced = try await http.post("v1/testClocks/\(clock)/advance", ["advanceBy": "P1M"])
        #expect(advanced.json["transitionsFired"] as? Int == 6, "one renewal per subscription: \(advanced)")

        // Every subscription's events: 1 + 3 for the first set, 2 for the clocked ones.
        try await events.waitUntil(timeout: .seconds(60), "every event") { received in
            subscriptions.allSatisfy { id in Set(received.filter { $0.subscriptionID == id }.map(\.notificationUuid)).count >= 4 }
                && clocked.allSatisfy { id in Set(received.filter { $0.subscriptionID == id }.map(\.notificationUuid)).count >= 2 }
        }
        // Anything published twice or late: every event committed is confirmed once the outbox
        // is empty, and so queued ahead of a sentinel published then.
        try await ScaleOutProofTests.waitForEmptyOutbox(url: url)
        try await events.sentinel()
        for id in subscriptions + clocked {
            let seen = events.events(of: id)
            // A duplicate (a republished outbox row) carries the same message id and sequence.
            var bySequence: [UInt64: Set<String>] = [:]
            for event in seen { bySequence[event.sequence, default: []].insert(event.notificationUuid) }
            #expect(bySequence.values.allSatisfy { $0.count == 1 }, "one event per sequence number of \(id)")
            let expected = clocked.contains(id) ? 2 : 4
            #expect(bySequence.keys.sorted() == Array(1...UInt64(expected)), "gap-free sequence of \(id): \(bySequence.keys.sorted())")
        }
        for id in clocked {
            let renewals = Set(events.events(of: id).filter { $0.routingKey == "DID_RENEW.NONE" }.map(\.notificationUuid))
            #expect(renewals.count == 1, "the renewal of \(id) fired once")
        }

        // The database agrees: each command recorded once (the duplicate purchases not again).
        let store = try await PostgresStore.open(url: url, logger: Stack.logger)
        let processed = try await store.read { try $0.processedCommandCount() }
        // 24 purchases + 72 commands + clock creation + 6 clocked purchases + 1 advance.
        #expect(processed == 24 + 72 + 1 + 6 + 1, "processed commands: \(processed)")
        await store.close()

        // The work was shared: every replica applied commands.
        var perReplica: [Int] = []
        for health in [stack.consumerHealthURL].compactMap({ $0 }) + replicaHealthURLs {
            perReplica.append(try await Self.commandsApplied(metricsURL: health.deletingLastPathComponent().appending(path: "metrics")))
        }
        #expect(perReplica.count == 1 + replicaHealthURLs.count && perReplica.allSatisfy { $0 > 0 }, "commands applied per replica: \(perReplica)")

        await events.stop()
        await connection.close()
    }

    /// The sum of `subscriptions_commands_total` of a consumer's `/metrics`.
    static func commandsApplied(metricsURL: URL) async throws -> Int {
        let (data, _) = try await URLSession.shared.data(from: metricsURL)
        let text = String(decoding: data, as: UTF8.self)
        return text.split(separator: "\n")
            .filter { $0.hasPrefix("subscriptions_commands_total") }
            .compactMap { $0.split(separator: " ").last.flatMap { Double($0) } }
            .reduce(0) { $0 + Int($1) }
    }
}
