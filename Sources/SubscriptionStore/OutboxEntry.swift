import Foundation

/// An encoded notification event waiting in the outbox until the broker confirms it.
public struct OutboxEntry: Sendable, Hashable {
    /// Position in the outbox; entries are published in this order.
    public var id: Int64
    /// AMQP routing key on the events exchange, e.g. `DID_RENEW.NONE`.
    public var routingKey: String
    /// AMQP `message_id`: the event's `notification_uuid`, kept on re-publication.
    public var messageId: String
    /// AMQP `correlation_id`: the command that caused the event, empty if time did.
    public var correlationId: String
    /// The subscription (`originalTransactionId`) the event belongs to.
    public var subscriptionId: String
    /// The event's per-subscription sequence number.
    public var sequence: Int64
    /// The event's `signed_date`, milliseconds since 1970.
    public var signedAt: Int64
    /// The encoded `NotificationEvent`.
    public var body: Data

    /// An entry to enqueue (`id` is assigned by the store).
    public init(
        id: Int64 = 0, routingKey: String, messageId: String, correlationId: String,
        subscriptionId: String, sequence: Int64, signedAt: Int64, body: Data
    ) {
        self.id = id
        self.routingKey = routingKey
        self.messageId = messageId
        self.correlationId = correlationId
        self.subscriptionId = subscriptionId
        self.sequence = sequence
        self.signedAt = signedAt
        self.body = body
    }
}
