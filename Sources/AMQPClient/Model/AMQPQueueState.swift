/// What the broker reports of a queue at one moment (a passive `queue.declare`).
public struct AMQPQueueState: Sendable, Hashable {
    /// The queue's name.
    public var name: String
    /// Messages ready for delivery (not counting those delivered and not yet acknowledged).
    public var messageCount: Int
    /// Consumers subscribed to the queue.
    public var consumerCount: Int

    /// A state.
    public init(name: String, messageCount: Int, consumerCount: Int) {
        self.name = name
        self.messageCount = messageCount
        self.consumerCount = consumerCount
    }
}
