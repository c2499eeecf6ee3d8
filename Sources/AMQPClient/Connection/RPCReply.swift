import CRabbitMQ

/// Turns rabbitmq-c status codes and RPC replies into ``AMQPError``s.
enum RPCReply {
    /// The error of a failed library call (`amqp_status_enum`), or nil on success.
    static func error(status: Int32, doing operation: String) -> AMQPError? {
        guard status != AMQP_STATUS_OK.rawValue else { return nil }
        let text = String(cString: amqp_error_string2(status))
        let code: AMQPError.Code = status == AMQP_STATUS_TIMEOUT.rawValue ? .timeout : .connectionClosed
        return AMQPError(code, "\(operation): \(text)")
    }

    /// The error of an RPC reply, or nil when it is normal. `closedChannel` receives the channel
    /// number when the broker closed a channel (the caller must answer close-ok and reopen).
    static func error(_ reply: amqp_rpc_reply_t, doing operation: String) -> ReplyFailure? {
        switch reply.reply_type {
        case AMQP_RESPONSE_NORMAL:
            return nil
        case AMQP_RESPONSE_LIBRARY_EXCEPTION:
            let text = String(cString: amqp_error_string2(reply.library_error))
            let code: AMQPError.Code = reply.library_error == AMQP_STATUS_TIMEOUT.rawValue ? .timeout : .connectionClosed
            return ReplyFailure(error: AMQPError(code, "\(operation): \(text)"), scope: .connection)
        case AMQP_RESPONSE_SERVER_EXCEPTION:
            switch reply.reply.id {
            case AMQP_CHANNEL_CLOSE_METHOD:
                let close = reply.reply.decoded.assumingMemoryBound(to: amqp_channel_close_t.self).pointee
                let error = AMQPError(
                    AMQPError.code(forReplyCode: close.reply_code),
                    "\(operation): \(close.reply_text.string)",
                    replyCode: close.reply_code
                )
                return ReplyFailure(error: error, scope: .channel)
            case AMQP_CONNECTION_CLOSE_METHOD:
                let close = reply.reply.decoded.assumingMemoryBound(to: amqp_connection_close_t.self).pointee
                let code: AMQPError.Code = close.reply_code == 403 ? .accessRefused : .connectionClosed
                let error = AMQPError(code, "\(operation): \(close.reply_text.string)", replyCode: close.reply_code)
                return ReplyFailure(error: error, scope: .connection)
            default:
                return ReplyFailure(
                    error: AMQPError(.protocolError, "\(operation): unexpected method \(reply.reply.id)"),
                    scope: .connection
                )
            }
        default:
            return ReplyFailure(error: AMQPError(.protocolError, "\(operation): no reply"), scope: .connection)
        }
    }
}

/// A failed RPC: the error and whether the channel or the whole connection is gone.
struct ReplyFailure: Error {
    enum Scope {
        case channel
        case connection
    }

    var error: AMQPError
    var scope: Scope
}
