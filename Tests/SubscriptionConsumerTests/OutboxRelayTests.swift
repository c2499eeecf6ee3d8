import AMQPClient
import Foundation
import Logging
import ServiceTestSupport
import SubscriptionStore
import SubscriptionTopology
import Testing

@testable import SubscriptionConsumer

/// The outbox relay against a real broker (`AMQP_URL`, loopback default) and a real SQLite file.
@Suite("Outbox relay", .requiresBroker)
struct OutboxRelayTests {
    @Test("concurrent recoveries publish every entry exactly once, in outbox order, empty the outbox and hand publishing back")
    func concurrentRecoveriesPublishOnceInOrder() async throws {
        let (connection, logger) = try await TestConnection.open(label: "outbox-relay-tests")
        let names = BusNames(prefix: "relay-\(UUID().uuidString.prefix(8).lowercased())")
        let queue = "\(names.prefix).tap"
        try await connection.declare(AMQPTopology(
            exchanges: [AMQPExchange(name: names.eventsExchange, kind: .topic)],
            queues: [AMQPQueue(name: queue, durable: false, exclusive: false, autoDelete: false, arguments: ["x-expires": .int64(600_000)])],
            bindings: [AMQPBinding(queue: queue, exchange: names.eventsExchange, routingKey: "#")]
        ))
        let path = FileManager.default.temporaryDirectory.appending(path: "relay-\(UUID().uuidString)/db.sqlite").path
        let database = try SubscriptionDatabase(path: path)
        let count = 600
        _ = try await database.write { transaction in
            try transaction.enqueue((0..<count).map {
                OutboxEntry(routingKey: "DID_RENEW.NONE", messageId: "m\($0)", correlationId: "", subscriptionId: "s\($0 % 7)", sequence: Int64($0 / 7 + 1), signedAt: 0, body: Data([1]))
            })
        }
        let ledger = OutboxLedger()
        #expect(ledger.isRecovering, "a new consumer first drains what a previous run left")
        let relay = OutboxRelay(
            connection: connection, database: database, messages: OutgoingMessages(names: names, appId: "test"),
            ledger: ledger, metrics: ConsumerMetrics(), logger: logger)
        let outcomes = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<5 { group.addTask { await relay.recover() } }
            return await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(outcomes.allSatisfy { $0 })
        #expect(!ledger.isRecovering)
        #expect(try await database.read { try $0.outboxCount() } == 0)
        // A sentinel after the recoveries returned, instead of waiting a while for duplicates:
        // they return once the broker confirmed all they published, so all of it, duplicates
        // too, is queued ahead of the sentinel.
        try await connection.publish(
            AMQPMessage(body: Data([0]), properties: AMQPProperties(messageId: "sentinel")), exchange: names.eventsExchange,
            routingKey: "SENTINEL.NONE")
        let consumer = try await connection.consume(queue: queue, prefetch: 1000)
        let watchdog = Task {
            try await Task.sleep(for: .seconds(10))
            await consumer.cancel()
        }
        var received: [String] = []
        for await delivery in consumer {
            try await delivery.ack()
            let id = delivery.message.properties.messageId ?? ""
            if id == "sentinel" { break }
            received.append(id)
        }
        watchdog.cancel()
        await consumer.cancel()
        #expect(received == (0..<count).map { "m\($0)" }, "each once, in outbox order")
        await connection.close()
    }

    @Test("with a sweep interval (a shared database), rows another replica committed and never published are published once they outlive a sweep; without one they stay")
    func sweepPublishesRowsLeftByADeadReplica() async throws {
        let (connection, logger) = try await TestConnection.open(label: "outbox-relay-tests")
        let names = BusNames(prefix: "sweep-\(UUID().uuidString.prefix(8).lowercased())")
        let queue = "\(names.prefix).tap"
        try await connection.declare(AMQPTopology(
            exchanges: [AMQPExchange(name: names.eventsExchange, kind: .topic)],
            queues: [AMQPQueue(name: queue, durable: false, exclusive: false, autoDelete: false, arguments: ["x-expires": .int64(600_000)])],
            bindings: [AMQPBinding(queue: queue, exchange: names.eventsExchange, routingKey: "#")]
        ))
        for sweeping in [false, true] {
            let path = FileManager.default.temporaryDirectory.appending(path: "sweep-\(UUID().uuidString)/db.sqlite").path
            let database = try SubscriptionDatabase(path: path)
            let ledger = OutboxLedger()
            let relay = OutboxRelay(
                connection: connection, database: database, messages: OutgoingMessages(names: names, appId: "test"),
                ledger: ledger, metrics: ConsumerMetrics(), logger: logger, sweepInterval: sweeping ? .milliseconds(300) : nil)
            let running = Task { try await relay.run() }
            // The relay's start-up recovery finds nothing and hands publishing back to the pipeline.
            let started = ContinuousClock.now
            while ledger.isRecovering, ContinuousClock.now - started < .seconds(5) { try await Task.sleep(for: .milliseconds(20)) }
            #expect(!ledger.isRecovering)
            // Another replica's commit, which that replica never published (it died).
            _ = try await database.write { transaction in
                try transaction.enqueue((0..<5).map {
                    OutboxEntry(routingKey: "DID_RENEW.NONE", messageId: "left-\(sweeping)-\($0)", correlationId: "", subscriptionId: "s", sequence: Int64($0 + 1), signedAt: 0, body: Data([1]))
                })
            }
            let deadline = ContinuousClock.now + .seconds(3)
            while ContinuousClock.now < deadline, try await database.read({ try $0.outboxCount() }) > 0 {
                try await Task.sleep(for: .milliseconds(50))
            }
            let left = try await database.read { try $0.outboxCount() }
            running.cancel()
            _ = try? await running.value
            #expect(left == (sweeping ? 0 : 5), sweeping ? "the sweep published and deleted them" : "nobody publishes them without a sweep")
        }
        let consumer = try await connection.consume(queue: queue, prefetch: 100)
        var received: [String] = []
        var iterator = consumer.makeAsyncIterator()
        let deadline = ContinuousClock.now + .seconds(5)
        while received.count < 5, ContinuousClock.now < deadline, let delivery = await iterator.next() {
            received.append(delivery.message.properties.messageId ?? "")
            try await delivery.ack()
        }
        await consumer.cancel()
        #expect(received == (0..<5).map { "left-true-\($0)" }, "published once each, in order; none of the unswept ones")
        await connection.close()
    }

    @Test("a batch that commits while the relay recovers leaves its events to it; publishing comes back only once the outbox is drained")
    func ledgerHandOver() {
        let ledger = OutboxLedger()
        let checkpoint = ledger.recoveryCheckpoint()
        #expect(!ledger.claimDirectPublish(), "recovering: the batch defers")
        #expect(!ledger.finishRecovery(ifDeferralsAre: checkpoint.deferrals), "a deferral since the checkpoint keeps the relay in charge")
        let again = ledger.recoveryCheckpoint()
        #expect(ledger.finishRecovery(ifDeferralsAre: again.deferrals))
        #expect(ledger.claimDirectPublish())
        ledger.directPublishFinished(confirmed: [1, 2], failed: true)
        #expect(ledger.isRecovering, "a failed publish hands publishing to the relay")
        #expect(ledger.takeConfirmed() == [1, 2])
        #expect(ledger.takeConfirmed().isEmpty)
    }
}
