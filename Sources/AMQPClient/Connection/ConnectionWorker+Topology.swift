import CRabbitMQ
import Foundation

extension ConnectionWorker {
    /// Declares exchanges, then queues, then bindings on the control channel.
    ///
    /// An exchange or queue the broker user may not declare (403, no `configure` permission on
    /// it: a broker whose topology an operator provisioned) is checked to exist instead (a
    /// passive declare, which needs no permission), and the bindings of such a queue are left
    /// to whoever provisioned it. One that does not exist either is an error naming both refusals.
    func declareOnWire(_ topology: AMQPTopology) throws(ReplyFailure) {
        guard let state else { throw ReplyFailure(error: AMQPError(.connectionClosed, "not connected"), scope: .connection) }
        for exchange in topology.exchanges {
            let arena = CArena()
            amqp_exchange_declare(
                state, Self.controlChannel, arena.bytes(exchange.name), arena.bytes(exchange.kind.rawValue),
                0, exchange.durable ? 1 : 0, 0, 0, arena.table(exchange.arguments)
            )
            do {
                try check(state, "declaring exchange '\(exchange.name)'")
            } catch where Self.isRefused(error) {
                try verifyProvisioned(exchange: exchange.name, refusal: error)
            }
        }
        var provisionedQueues: Set<String> = []
        for queue in topology.queues {
            let arena = CArena()
            amqp_queue_declare(
                state, Self.controlChannel, arena.bytes(queue.name), 0, queue.durable ? 1 : 0,
                queue.exclusive ? 1 : 0, queue.autoDelete ? 1 : 0, arena.table(queue.arguments)
            )
            do {
                try check(state, "declaring queue '\(queue.name)'")
            } catch where Self.isRefused(error) && !queue.exclusive {
                try verifyProvisioned(queue: queue.name, refusal: error)
                provisionedQueues.insert(queue.name)
            }
        }
        for binding in topology.bindings where !provisionedQueues.contains(binding.queue) {
            let arena = CArena()
            amqp_queue_bind(
                state, Self.controlChannel, arena.bytes(binding.queue), arena.bytes(binding.exchange),
                arena.bytes(binding.routingKey), amqp_empty_table
            )
            try check(state, "binding queue '\(binding.queue)' to '\(binding.exchange)' with '\(binding.routingKey)'")
        }
    }

    /// Whether `failure` is the broker refusing this user an operation (403 on the channel).
    private static func isRefused(_ failure: ReplyFailure) -> Bool {
        failure.scope == .channel && failure.error.code == .accessRefused
    }

    /// After a refused `exchange.declare`: reopens the control channel and checks passively that
    /// the exchange exists.
    private func verifyProvisioned(exchange name: String, refusal: ReplyFailure) throws(ReplyFailure) {
        try reopenControlChannel()
        guard let state else { throw ReplyFailure(error: AMQPError(.connectionClosed, "not connected"), scope: .connection) }
        let arena = CArena()
        amqp_exchange_declare(state, Self.controlChannel, arena.bytes(name), arena.bytes("direct"), 1, 0, 0, 0, amqp_empty_table)
        do {
            try check(state, "checking exchange '\(name)'")
        } catch {
            throw Self.missing("exchange '\(name)'", refusal: refusal, check: error)
        }
        logger.debug("AMQP exchange provisioned by another user; checked that it exists", metadata: ["exchange": "\(name)"])
    }

    /// After a refused `queue.declare`: reopens the control channel and checks passively that
    /// the queue exists.
    private func verifyProvisioned(queue name: String, refusal: ReplyFailure) throws(ReplyFailure) {
        try reopenControlChannel()
        do {
            _ = try inspectOnWire(name)
        } catch {
            throw Self.missing("queue '\(name)'", refusal: refusal, check: error)
        }
        logger.debug("AMQP queue provisioned by another user; checked that it exists", metadata: ["queue": "\(name)"])
    }

    /// The error of an object this user may not declare and that does not exist (or could not
    /// be checked): both the refusal and the check's failure, for the operator.
    private static func missing(_ object: String, refusal: ReplyFailure, check: ReplyFailure) -> ReplyFailure {
        var error = refusal.error
        error.message = "\(object) cannot be declared by this broker user (\(refusal.error.message))"
            + " and was not provisioned by another (\(check.error.message)): create it with a user that may"
            + " (Compose/rabbitmq/definitions.json) or grant this one configure permission on it"
        return ReplyFailure(error: error, scope: check.scope)
    }

    /// Answers the broker's close of the control channel and opens it again.
    private func reopenControlChannel() throws(ReplyFailure) {
        answerChannelClose(Self.controlChannel)
        try openChannel(Self.controlChannel)
    }

    /// A passive `queue.declare` of `queue` on the control channel: its counts, or a channel
    /// error (404 when the queue does not exist).
    func inspectOnWire(_ queue: String) throws(ReplyFailure) -> AMQPQueueState {
        guard let state else { throw ReplyFailure(error: AMQPError(.connectionClosed, "not connected"), scope: .connection) }
        let arena = CArena()
        let reply = amqp_queue_declare(state, Self.controlChannel, arena.bytes(queue), 1, 0, 0, 0, amqp_empty_table)
        try check(state, "inspecting queue '\(queue)'")
        guard let reply else {
            throw ReplyFailure(error: AMQPError(.protocolError, "inspecting queue '\(queue)': no declare-ok"), scope: .connection)
        }
        return AMQPQueueState(
            name: queue, messageCount: Int(reply.pointee.message_count), consumerCount: Int(reply.pointee.consumer_count))
    }

    /// A `queue.delete` of `queue` (used or not, empty or not) on the control channel: how many
    /// messages went with it. Deleting a queue that does not exist succeeds with 0.
    func deleteQueueOnWire(_ queue: String) throws(ReplyFailure) -> Int {
        guard let state else { throw ReplyFailure(error: AMQPError(.connectionClosed, "not connected"), scope: .connection) }
        let arena = CArena()
        let reply = amqp_queue_delete(state, Self.controlChannel, arena.bytes(queue), 0, 0)
        try check(state, "deleting queue '\(queue)'")
        return reply.map { Int($0.pointee.message_count) } ?? 0
    }

    /// Opens the consumer's channel, sets its prefetch and starts `basic.consume`.
    func resubscribe(consumerID id: Int) throws(ReplyFailure) {
        guard let state, var record = consumers[id] else { return }
        let channel = record.channel
        try openChannel(channel)
        if !record.registration.autoAck {
            amqp_basic_qos(state, channel, 0, record.registration.prefetch, 0)
            try check(state, "basic.qos \(record.registration.prefetch) on channel \(channel)")
        }
        let arena = CArena()
        amqp_basic_consume(
            state, channel, arena.bytes(record.registration.queue), arena.bytes("c\(id)"),
            0, record.registration.autoAck ? 1 : 0, record.registration.exclusive ? 1 : 0,
            arena.table(record.arguments.current)
        )
        do {
            try check(state, "consuming from queue '\(record.registration.queue)'")
        } catch {
            if error.scope == .channel { answerChannelClose(channel) }
            throw error
        }
        record.subscribed = true
        consumers[id] = record
    }

    /// After the broker closed `channel`: answers close-ok and reopens what used it.
    func recoverChannel(_ channel: amqp_channel_t) {
        answerChannelClose(channel)
        do {
            if channel == Self.controlChannel {
                try openChannel(channel)
            } else if channel == Self.publishChannel {
                try openChannel(channel)
                try enableConfirms()
            } else if let id = consumers.first(where: { $0.value.channel == channel })?.key {
                consumers[id]?.channelGeneration += 1
                consumers[id]?.subscribed = false
                do {
                    try resubscribe(consumerID: id)
                } catch where error.scope == .channel {
                    logger.error("AMQP consumer could not resubscribe", metadata: ["error": "\(error.error)"])
                    consumers.removeValue(forKey: id)?.finish()
                }
            }
        } catch {
            connectionLost(error.error)
        }
    }

    private func answerChannelClose(_ channel: amqp_channel_t) {
        guard let state else { return }
        var closeOk = amqp_channel_close_ok_t(dummy: 0)
        _ = amqp_send_method(state, channel, AMQP_CHANNEL_CLOSE_OK_METHOD, &closeOk)
    }

    private func check(_ state: amqp_connection_state_t, _ operation: String) throws(ReplyFailure) {
        if let failure = RPCReply.error(amqp_get_rpc_reply(state), doing: operation) {
            throw failure
        }
    }
}
