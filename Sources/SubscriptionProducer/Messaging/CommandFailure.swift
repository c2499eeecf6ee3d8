/// Why a command got no reply from the consumer.
struct CommandFailure: Error, Sendable, CustomStringConvertible {
    enum Code: Sendable, Hashable {
        /// The broker is not connected, or the reply queue is not consumed yet.
        case brokerUnavailable
        /// The broker did not accept the command (returned as unroutable, nacked, connection lost).
        case publishFailed
        /// The broker did not confirm the command, or no reply came, before the deadline.
        case deadlineExceeded
        /// The request was cancelled before the broker confirmed the command.
        case cancelled
    }

    var code: Code
    var message: String
    /// Set when the broker never confirmed the command: why (an `AMQPError` code's raw value,
    /// `timeout` at the deadline, `cancelled`), as `command_publish_failures_total` counts it.
    var publishReason: String?

    init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    var description: String { "\(code): \(message)" }
}
