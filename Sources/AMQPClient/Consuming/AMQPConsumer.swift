/// The deliveries of one consumer, in arrival order. The sequence ends when the consumer is
/// cancelled or the connection is closed for good; across reconnections it goes on.
///
/// Iterate either the consumer (one delivery at a time) or its ``batches``, and only once:
/// both read the same stream.
public struct AMQPConsumer: AsyncSequence, Sendable {
    public typealias Element = AMQPDelivery

    /// The deliveries in the runs the connection thread read them in: everything that arrived
    /// in one read of the socket comes as one array, in order. A consumer that queues work
    /// for a batch takes a run with one wake-up instead of one per message.
    public let batches: AsyncStream<[AMQPDelivery]>
    let id: Int
    let mailbox: ConnectionMailbox

    /// Stops the consumer (`basic.cancel`); unacknowledged deliveries return to the queue.
    public func cancel() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            mailbox.send(.cancelConsumer(id: id) { _ in continuation.resume() })
        }
    }

    public func makeAsyncIterator() -> Iterator {
        Iterator(batches: batches.makeAsyncIterator())
    }

    /// The deliveries one at a time, taken from ``batches``.
    public struct Iterator: AsyncIteratorProtocol {
        var batches: AsyncStream<[AMQPDelivery]>.AsyncIterator
        var batch: [AMQPDelivery] = []
        var position = 0

        /// The next delivery; `nil` when the consumer is cancelled or the connection is closed for good.
        public mutating func next() async -> AMQPDelivery? {
            while position == batch.count {
                guard let next = await batches.next() else { return nil }
                batch = next
                position = 0
            }
            defer { position += 1 }
            return batch[position]
        }
    }
}
