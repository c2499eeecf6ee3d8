/// The deliveries of one consumer, in arrival order. The sequence ends when the consumer is
/// cancelled or the connection is closed for good; across reconnections it goes on.
public struct AMQPConsumer: AsyncSequence, Sendable {
    public typealias Element = AMQPDelivery

    let stream: AsyncStream<AMQPDelivery>
    let id: Int
    let mailbox: ConnectionMailbox

    /// Stops the consumer (`basic.cancel`); unacknowledged deliveries return to the queue.
    public func cancel() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            mailbox.send(.cancelConsumer(id: id) { _ in continuation.resume() })
        }
    }

    public func makeAsyncIterator() -> AsyncStream<AMQPDelivery>.AsyncIterator {
        stream.makeAsyncIterator()
    }
}
