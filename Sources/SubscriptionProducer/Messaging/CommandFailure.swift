/// Why a command got no reply from the consumer.
struct CommandFailure: Error, Sendable, CustomStringConvertible {
    enum Code: Sendable, Hashable {
        /// The broker is not connected, or the reply queue is not consumed yet.
        case brokerUnavailable
        /// The broker did not accept the command (returned as unroutable, nacked, connection lost).
        case publishFailed
        /// No reply came before the deadline.
        case deadlineExceeded
    }

    var code: Code
    var message: String

    init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    var description: String { "\(code): \(message)" }
}
