import Foundation
import Logging
import ServiceTestSupport
import Testing

@testable import AMQPClient
@testable import SubscriptionConsumer

/// A batch whose publisher confirms do not come (seen after a broker node stopped under the
/// consumers): the settler does not wait for ever, it drops the connection and connects again,
/// which sends the unconfirmed publishes again, and then settles the batch as usual.
@Suite("Settling a batch whose confirms do not come", .requiresBroker, .timeLimit(.minutes(1)))
struct ConfirmPatienceTests {
    @Test("no confirm within the patience: the connection is made again (an unacked delivery comes back redelivered), then the batch settles")
    func reconnectsWhenConfirmsStall() async throws {
        let (connection, logger) = try await TestConnection.open(label: "confirm-patience")
        let queue = "test.confirm-patience.\(UUID().uuidString.prefix(8))"
        try await connection.declare(AMQPTopology(queues: [
            AMQPQueue(name: queue, durable: false, autoDelete: false, arguments: ["x-expires": .int64(600_000)]),
        ]))
        // A delivery held unacked: it comes back redelivered only if the connection was made again.
        let consumer = try await connection.consume(queue: queue, prefetch: 10)
        var deliveries = consumer.makeAsyncIterator()
        try await connection.publish(AMQPMessage(body: Data("held".utf8)), exchange: "", routingKey: queue)
        let held = try #require(await deliveries.next())
        #expect(!held.redelivered)

        // One publish that no broker will ever confirm: nothing sends it.
        let stalled = AMQPPublishBatch(count: 1)
        let settler = BatchSettler(
            ledger: OutboxLedger(), metrics: ConsumerMetrics(), logger: logger, connection: connection,
            confirmPatience: .milliseconds(300))
        let settling = Task {
            await settler.settle(PublishingBatch(
                batch: CommittedBatch(applied: [], events: [], started: .now), publishes: stalled,
                eventsPublishedDirectly: false, repliedCommands: []))
        }
        let again = try #require(await deliveries.next())
        #expect(again.redelivered, "the settler made the connection again")
        try await again.ack()

        // The confirm arrives (here: by hand): the batch settles.
        stalled.settle(0, .success(()))
        await settling.value
        await connection.close()
    }
}
