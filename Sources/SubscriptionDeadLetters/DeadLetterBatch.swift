import AMQPClient
import Foundation
import Synchronization

/// Deliveries taken from the dead-letter queue and held unacknowledged, so nothing is lost:
/// each is replayed and acked, or handed back when the batch ends: cancelling the consumer
/// closes its channel, which returns every unacknowledged delivery to the queue at once (an
/// explicit `nack(requeue:)` would let the broker deliver it again to the same consumer).
public struct DeadLetterBatch: Sendable {
    /// The connection the deliveries came on (replays publish on it).
    public let connection: AMQPConnection
    /// The deliveries taken, in queue order.
    public let deliveries: [AMQPDelivery]
    /// How many commands were ready in the queue when the batch was taken (at least as many as
    /// were taken).
    public let queued: Int

    /// Takes up to `limit` deliveries from `queue` on `connection` and runs `body` with them
    /// while the consumer is still open (acks need its channel); then cancels the consumer, which
    /// hands back whatever `body` did not replay.
    ///
    /// The batch stops once `limit` arrived, once as many as the queue's ready count (a passive
    /// declare at the start) arrived, or once the queue has been quiet for `quiet`. The count only
    /// shortens the wait: a quorum queue reports it eventually, so a message dead-lettered a
    /// moment ago may be missing from it, and an empty count still waits `quiet` for deliveries.
    public static func with<Result: Sendable>(
        connection: AMQPConnection, queue: String, limit: Int, quiet: Duration = .seconds(1),
        _ body: @Sendable (DeadLetterBatch) async throws -> Result
    ) async throws -> Result {
        let ready = try await connection.inspect(queue: queue).messageCount
        let limit = max(0, limit)
        guard limit > 0 else { return try await body(DeadLetterBatch(connection: connection, deliveries: [], queued: ready)) }
        let consumer = try await connection.consume(queue: queue, prefetch: UInt16(clamping: limit))
        let taken = TakenDeliveries()
        return try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                for await delivery in consumer { taken.append(delivery) }
            }
            defer { group.cancelAll() }
            while true {
                let (count, last) = taken.progress
                if count >= limit || (count > 0 && count >= ready) || ContinuousClock.now - last > quiet { break }
                try await Task.sleep(for: .milliseconds(20))
            }
            let deliveries = taken.first(limit)
            let batch = DeadLetterBatch(connection: connection, deliveries: deliveries, queued: max(ready, deliveries.count))
            let result: Result
            do {
                result = try await body(batch)
            } catch {
                await consumer.cancel()
                throw error
            }
            await consumer.cancel()
            return result
        }
    }

    private init(connection: AMQPConnection, deliveries: [AMQPDelivery], queued: Int) {
        self.connection = connection
        self.deliveries = deliveries
        self.queued = queued
    }

    /// The entries of the batch, in queue order.
    public var entries: [DeadLetterEntry] {
        deliveries.map { DeadLetterEntry($0.message, deliveredWith: $0.routingKey) }
    }

    /// Republishes every delivery `select` picks to `exchange` with its original routing key and
    /// its original body and properties (less the dead-lettering headers), waits for the broker's
    /// confirm, and only then acks it off the dead-letter queue. Returns the entries replayed, in
    /// order; a failure leaves the rest untouched (handed back when the batch ends).
    public func replay(to exchange: String, where select: (DeadLetterEntry) -> Bool) async throws -> [DeadLetterEntry] {
        var replayed: [DeadLetterEntry] = []
        for delivery in deliveries {
            let entry = DeadLetterEntry(delivery.message, deliveredWith: delivery.routingKey)
            guard select(entry) else { continue }
            try await connection.publish(
                AMQPMessage(body: delivery.message.body, properties: DeadLetterEntry.replayProperties(delivery.message.properties)),
                exchange: exchange, routingKey: entry.routingKey)
            try await delivery.ack()
            replayed.append(entry)
        }
        return replayed
    }
}

/// The deliveries the consumer task has taken so far, read by the task deciding when to stop.
private final class TakenDeliveries: Sendable {
    private struct State {
        var deliveries: [AMQPDelivery] = []
        var last = ContinuousClock.now
    }

    private let state = Mutex(State())

    func append(_ delivery: AMQPDelivery) {
        state.withLock {
            $0.deliveries.append(delivery)
            $0.last = .now
        }
    }

    /// How many arrived, and when the last one did.
    var progress: (count: Int, last: ContinuousClock.Instant) {
        state.withLock { ($0.deliveries.count, $0.last) }
    }

    func first(_ limit: Int) -> [AMQPDelivery] {
        state.withLock { Array($0.deliveries.prefix(limit)) }
    }
}
