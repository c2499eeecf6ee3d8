/// An error of the AMQP client: what went wrong (``Code``), the broker's reply code when the
/// broker gave one (e.g. 404 for a missing exchange, 406 for mismatched queue arguments), and
/// a message naming the value involved.
public struct AMQPError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kind of failure.
    public enum Code: String, Sendable, Hashable {
        /// The connection URL could not be parsed.
        case invalidURL
        /// The TCP/TLS connection or the AMQP handshake failed.
        case connectionFailed
        /// The connection was lost (or closed by the broker) while the operation was pending.
        case connectionClosed
        /// The broker closed the channel because of this operation (see ``AMQPError/replyCode``).
        case channelClosed
        /// The broker refused the credentials or the virtual host.
        case accessRefused
        /// The broker reported a missing exchange or queue (reply code 404).
        case notFound
        /// A declaration did not match what exists, or a precondition failed (reply code 406).
        case preconditionFailed
        /// A mandatory message could not be routed to any queue and came back (`basic.return`).
        case publishReturned
        /// The broker refused a published message (`basic.nack`).
        case publishNacked
        /// The operation did not finish by its deadline.
        case timeout
        /// The calling task was cancelled while the operation was pending.
        case cancelled
        /// TLS could not be set up (certificates, handshake).
        case tls
        /// The broker or the library reported an unexpected protocol state.
        case protocolError
        /// The connection was closed by the caller (``AMQPConnection/close()``).
        case closed
    }

    /// What went wrong.
    public var code: Code
    /// The AMQP reply code, when the broker sent one.
    public var replyCode: UInt16?
    /// A human-readable explanation naming the value involved.
    public var message: String

    /// An error with a code, an explanation and the broker's reply code if any.
    public init(_ code: Code, _ message: String, replyCode: UInt16? = nil) {
        self.code = code
        self.message = message
        self.replyCode = replyCode
    }

    public var description: String {
        if let replyCode {
            return "AMQPError.\(code.rawValue) (\(replyCode)): \(message)"
        }
        return "AMQPError.\(code.rawValue): \(message)"
    }

    /// The code matching a broker reply code of a channel or connection close.
    static func code(forReplyCode replyCode: UInt16) -> Code {
        switch replyCode {
        case 403: .accessRefused
        case 404: .notFound
        case 406: .preconditionFailed
        default: .channelClosed
        }
    }
}
