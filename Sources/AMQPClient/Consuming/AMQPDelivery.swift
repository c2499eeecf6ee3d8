/// A message delivered to a consumer, to be settled with ``ack(multiple:)``,
/// ``nack(requeue:multiple:)`` or ``reject(requeue:)``.
///
/// Settling a delivery from a connection that has since been replaced throws
/// ``AMQPError/Code/connectionClosed``: the broker has already put it back and redelivers it.
///
/// An immutable class: a delivery travels from the connection thread through a consumer's
/// batches to its ack, and every hand-off of a struct copied its dozen references (0.9 % of
/// the consumer's CPU at 500 commands in flight); a reference is one retain.
public final class AMQPDelivery: Sendable {
    /// Body and properties.
    public let message: AMQPMessage
    /// The exchange it was published to.
    public let exchange: String
    /// Its routing key.
    public let routingKey: String
    /// Whether the broker delivered it before (and it was not acked).
    public let redelivered: Bool
    /// The channel's delivery tag.
    public let deliveryTag: UInt64
    /// The announced size of a body over ``AMQPConfiguration/maximumBodySize``, which the
    /// client dropped frame by frame instead of buffering (``message`` then has an empty body);
    /// nil for a whole delivery.
    public let discardedBodySize: Int?

    let origin: DeliveryOrigin
    let mailbox: ConnectionMailbox

    init(
        message: AMQPMessage, exchange: String, routingKey: String, redelivered: Bool, deliveryTag: UInt64,
        origin: DeliveryOrigin, mailbox: ConnectionMailbox, discardedBodySize: Int? = nil
    ) {
        self.discardedBodySize = discardedBodySize
        self.message = message
        self.exchange = exchange
        self.routingKey = routingKey
        self.redelivered = redelivered
        self.deliveryTag = deliveryTag
        self.origin = origin
        self.mailbox = mailbox
    }

    /// Acknowledges this delivery (and, with `multiple`, every earlier one of its consumer).
    public func ack(multiple: Bool = false) async throws(AMQPError) {
        try await settle(.ack(multiple: multiple))
    }

    /// Refuses this delivery: back to the queue with `requeue`, else dead-lettered (or dropped
    /// when the queue has no dead-letter exchange).
    public func nack(requeue: Bool, multiple: Bool = false) async throws(AMQPError) {
        try await settle(.nack(requeue: requeue, multiple: multiple))
    }

    /// Refuses this one delivery, like ``nack(requeue:multiple:)`` without `multiple`.
    public func reject(requeue: Bool) async throws(AMQPError) {
        try await settle(.reject(requeue: requeue))
    }

    private func settle(_ settlement: Settlement) async throws(AMQPError) {
        let result = await withCheckedContinuation { (continuation: CheckedContinuation<Result<Void, AMQPError>, Never>) in
            mailbox.send(.settle(origin, settlement) { continuation.resume(returning: $0) })
        }
        try result.get()
    }
}
