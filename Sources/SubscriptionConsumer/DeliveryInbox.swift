import AMQPClient
import Synchronization

/// Deliveries received but not yet processed, shared by the task that reads the consumer and
/// the task that processes batches.
final class DeliveryInbox: Sendable {
    private let deliveries = Mutex<[AMQPDelivery]>([])

    func append(_ delivery: AMQPDelivery) {
        deliveries.withLock { $0.append(delivery) }
    }

    /// Removes and returns up to `limit` of the oldest deliveries.
    func takeBatch(limit: Int) -> [AMQPDelivery] {
        deliveries.withLock { deliveries in
            let batch = Array(deliveries.prefix(limit))
            deliveries.removeFirst(batch.count)
            return batch
        }
    }
}
