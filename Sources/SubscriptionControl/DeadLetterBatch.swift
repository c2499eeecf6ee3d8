import AMQPClient
import Foundation
import Synchronization

/// Deliveries taken from the dead-letter queue and held unacknowledged, so nothing is lost:
/// each is acked (replayed) or handed back with `nack(requeue: true)`; any left over return to
/// the queue when the connection closes.
struct DeadLetterBatch: Sendable {
    let connection: AMQPConnection
    let deliveries: [AMQPDelivery]

    /// Takes up to `limit` deliveries (stopping once the queue has been quiet for `quiet`) and
    /// runs `body` with them while the consumer is still open: acks and nacks need its channel.
    static func with<Result: Sendable>(
        _ options: ConnectionOptions, limit: Int, quiet: Duration = .seconds(1),
        _ body: @Sendable (DeadLetterBatch) async throws -> Result
    ) async throws -> Result {
        let connection = try await ControlBus.connect(options, name: "subscriptionsctl-dlq")
        do {
            let consumer = try await connection.consume(queue: options.names.deadLetterQueue, prefetch: UInt16(clamping: max(1, limit)))
            let taken = TakenDeliveries()
            let result = try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    for await delivery in consumer {
                        taken.append(delivery)
                    }
                }
                while true {
                    let (count, last) = taken.progress
                    if count >= limit || ContinuousClock.now - last > quiet { break }
                    try await Task.sleep(for: .milliseconds(50))
                }
                let deliveries = taken.first(limit)
                let result = try await body(DeadLetterBatch(connection: connection, deliveries: deliveries))
                group.cancelAll()
                return result
            }
            await connection.close()
            return result
        } catch {
            await connection.close()
            throw error
        }
    }

    /// Hands every delivery not in `done` back to the queue.
    func release(except done: Set<UInt64> = []) async {
        for delivery in deliveries where !done.contains(delivery.deliveryTag) {
            try? await delivery.nack(requeue: true)
        }
    }
}

/// The deliveries the consumer task has taken so far, read by the task deciding when to stop.
private final class TakenDeliveries: Sendable {
    private let state = Mutex<(deliveries: [AMQPDelivery], last: ContinuousClock.Instant)>(([], .now))

    func append(_ delivery: AMQPDelivery) {
        state.withLock { $0.deliveries.append(delivery); $0.last = .now }
    }

    /// How many arrived, and when the last one did.
    var progress: (count: Int, last: ContinuousClock.Instant) {
        state.withLock { ($0.deliveries.count, $0.last) }
    }

    func first(_ limit: Int) -> [AMQPDelivery] {
        state.withLock { Array($0.deliveries.prefix(limit)) }
    }
}
