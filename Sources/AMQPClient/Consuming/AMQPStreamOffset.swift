import Foundation

/// Where a consumer of a stream queue starts reading: the `x-stream-offset` consumer argument
/// (RabbitMQ 3.9+ over AMQP 0-9-1; docs/event-stream.md).
///
/// Each value is sent with the AMQP type the broker expects: a name as a string, an offset as
/// a signed 64-bit integer, a point in time as an AMQP timestamp (whole seconds since the
/// epoch, rounded down). The broker reads a stream in chunks, so ``last`` and ``timestamp(_:)``
/// may start a little earlier than asked: ``last`` at the first message of the last chunk, a
/// timestamp at the first chunk written at or after it (a chunk holds the messages that
/// arrived together). A reader that needs an exact cut filters by the messages' own time.
public enum AMQPStreamOffset: Sendable, Hashable {
    /// The oldest message the stream still holds.
    case first
    /// The last chunk written: the newest message, and those written with it.
    case last
    /// Only messages written after the consumer started.
    case next
    /// The message at this offset (0 is the first message ever written; an offset that has
    /// been truncated by retention starts at the oldest one kept; one past the end waits for it).
    case offset(Int64)
    /// The first chunk written at or after this time, by the broker's clock (second precision).
    case timestamp(Date)

    /// The name of the consumer argument.
    public static let argumentName = "x-stream-offset"

    /// The value of the `x-stream-offset` argument, with its AMQP type.
    public var argument: AMQPFieldValue {
        switch self {
        case .first: .string("first")
        case .last: .string("last")
        case .next: .string("next")
        case .offset(let offset): .int64(offset)
        case .timestamp(let date): .timestamp(date)
        }
    }
}

extension AMQPDelivery {
    /// The position of this message in its stream (the `x-stream-offset` header the broker adds
    /// to every delivery from a stream queue); nil for a delivery from any other queue.
    public var streamOffset: Int64? {
        message.properties.headers[AMQPStreamOffset.argumentName]?.int64Value
    }
}
