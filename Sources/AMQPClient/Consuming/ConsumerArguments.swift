/// The arguments a consumer subscribes with (`basic.consume`): the caller's at first; for a
/// stream consumer (one with an `x-stream-offset`), after a reconnection or a reopened channel,
/// the offset after the last message delivered, so a broker restart neither loses nor repeats
/// what was read (docs/amqp-client.md, "Streams").
struct ConsumerArguments: Sendable, Hashable {
    /// What the caller asked for.
    let requested: AMQPTable
    /// The stream offset of the last delivery handed to the consumer, if any.
    private(set) var lastDeliveredOffset: Int64?

    init(_ requested: AMQPTable) {
        self.requested = requested
    }

    /// Whether the consumer reads a stream from an offset (and so resumes after the last one).
    var readsStream: Bool { requested[AMQPStreamOffset.argumentName] != nil }

    /// Records the offset of a delivery (the broker's `x-stream-offset` header); offsets of one
    /// stream only grow, so an older one (there is none in practice) is ignored.
    mutating func delivered(headers: AMQPTable) {
        guard readsStream, let offset = headers[AMQPStreamOffset.argumentName]?.int64Value else { return }
        if let last = lastDeliveredOffset, offset <= last { return }
        lastDeliveredOffset = offset
    }

    /// The arguments for the next `basic.consume`.
    var current: AMQPTable {
        guard readsStream, let last = lastDeliveredOffset else { return requested }
        var arguments = requested
        arguments[AMQPStreamOffset.argumentName] = AMQPStreamOffset.offset(last + 1).argument
        return arguments
    }
}
