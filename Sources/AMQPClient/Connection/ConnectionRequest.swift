/// Resumes a caller waiting for the connection thread; called exactly once.
typealias Completion<Value: Sendable> = @Sendable (Result<Value, AMQPError>) -> Void

/// A publish waiting to be sent or confirmed.
///
/// A class: a publish moves from the mailbox to the waiting queue, the confirm tracker and the
/// settled list, and back to the queue after a reconnection; as a struct each move copied its
/// dozen references (the message's body and properties, the names), 1.8 % of the consumer's
/// CPU at 500 commands in flight.
final class OutgoingPublish: Sendable {
    let message: AMQPMessage
    let exchange: String
    let routingKey: String
    let mandatory: Bool
    /// Ends the caller's wait; a single publish's caller may give up early (deadline,
    /// cancellation).
    let completion: PublishCompletion

    init(message: AMQPMessage, exchange: String, routingKey: String, mandatory: Bool, completion: PublishCompletion) {
        self.message = message
        self.exchange = exchange
        self.routingKey = routingKey
        self.mandatory = mandatory
        self.completion = completion
    }
}

/// How a delivery is settled.
enum Settlement: Sendable {
    case ack(multiple: Bool)
    case nack(requeue: Bool, multiple: Bool)
    case reject(requeue: Bool)
}

/// Identifies a delivery's channel incarnation: an ack for an older incarnation is stale.
struct DeliveryOrigin: Sendable, Hashable {
    var consumerID: Int
    var channelGeneration: Int
    var deliveryTag: UInt64
}

/// Work for the connection thread, sent by callers on any thread.
enum ConnectionRequest: Sendable {
    case connect(ConnectWaiter)
    case declare(AMQPTopology, Completion<Void>)
    /// A passive `queue.declare`: the queue's message and consumer counts.
    case inspect(queue: String, Completion<AMQPQueueState>)
    /// A `queue.delete`: how many messages went with the queue.
    case deleteQueue(queue: String, Completion<Int>)
    case publish(OutgoingPublish)
    /// Several publishes, sent in this order.
    case publishBatch([OutgoingPublish])
    case consume(ConsumerRegistration, Completion<Void>)
    case cancelConsumer(id: Int, Completion<Void>)
    case settle(DeliveryOrigin, Settlement, Completion<Void>)
    /// Drop the connection and connect again (``AMQPConnection/reconnect(because:)``).
    case reconnect(reason: String)
    case close(Completion<Void>)
}

/// What a consumer asked for, and where its deliveries go.
struct ConsumerRegistration: Sendable {
    var id: Int
    var queue: String
    var prefetch: UInt16
    var exclusive: Bool
    var autoAck: Bool = false
    /// The `basic.consume` arguments (e.g. `x-stream-offset`).
    var arguments: AMQPTable = [:]
    /// Where the deliveries go, in the runs they were read in.
    var sink: DeliverySink
}

/// Where a consumer's runs of deliveries go: an async sequence (``AMQPConsumer/batches``), or a
/// handler called on the connection thread.
enum DeliverySink: Sendable {
    case stream(AsyncStream<[AMQPDelivery]>.Continuation)
    case handler(@Sendable ([AMQPDelivery]) -> Void)

    /// Hands over one run.
    func yield(_ run: [AMQPDelivery]) {
        switch self {
        case .stream(let continuation): continuation.yield(run)
        case .handler(let handler): handler(run)
        }
    }

    /// Ends the sequence (a handler has none to end).
    func finish() {
        if case .stream(let continuation) = self { continuation.finish() }
    }
}
