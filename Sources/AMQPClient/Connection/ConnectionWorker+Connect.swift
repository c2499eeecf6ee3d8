import CRabbitMQ
import Foundation
import Logging

extension ConnectionWorker {
    /// Opens the connection and restores what the callers set up: topology, consumers and
    /// the publishes that were not confirmed on the previous connection. A failed attempt
    /// fails the `connect` callers that set no deadline and schedules the next one.
    func attemptConnection() {
        let endpoint = self.endpoint
        do {
            try openConnection(to: endpoint)
        } catch {
            attemptFailed(error)
            let delay = rotation.attemptFailed()
            logger.warning("AMQP connection failed; retrying", metadata: [
                "amqp.url": "\(endpoint.redactedURL)", "error": "\(error)", "retry.in": "\(delay)",
                "amqp.next": "\(self.endpoint.address)",
            ])
            nextAttempt = ContinuousClock.now + delay
            return
        }
        generation += 1
        rotation.connected()
        blockedReason = nil
        mailbox.blockedReason = nil
        mailbox.isConnected = true
        logger.debug("AMQP connection open", metadata: ["amqp.url": "\(endpoint.redactedURL)", "amqp.generation": "\(generation)"])
        do {
            for topology in topologies {
                try declareOnWire(topology)
            }
            let declares = pendingDeclares
            pendingDeclares = []
            for (topology, completion) in declares {
                performDeclare(topology, completion: completion)
            }
            for id in consumers.keys.sorted() {
                try resubscribe(consumerID: id)
            }
        } catch {
            logger.error("AMQP restoring topology failed", metadata: ["error": "\(error.error)"])
            attemptFailed(error.error)
            connectionLost(error.error)
            return
        }
        mailbox.lastConnectionError = nil
        for waiter in connectWaiters {
            waiter.operation(.success(()))
        }
        connectWaiters = []
    }

    /// The broker connected to, or tried next.
    var endpoint: AMQPEndpoint { configuration.endpoints[rotation.index] }

    /// Records why an attempt failed and fails the `connect` callers that set no deadline once
    /// each endpoint failed one attempt since they called (they asked for one try of each); the
    /// others keep waiting for a later one.
    private func attemptFailed(_ error: AMQPError) {
        mailbox.lastConnectionError = error
        let count = configuration.endpoints.count
        var remaining: [ConnectWaiter] = []
        for var waiter in connectWaiters where !waiter.operation.isFinished {
            guard waiter.failsOnAttemptError else {
                remaining.append(waiter)
                continue
            }
            waiter.attemptsLeft -= 1
            if waiter.attemptsLeft > 0 {
                remaining.append(waiter)
            } else if count == 1 {
                waiter.operation(.failure(error))
            } else {
                var summary = error
                summary.message = "none of the \(count) brokers (\(configuration.addresses)) accepted the connection; last attempt: \(error.message)"
                waiter.operation(.failure(summary))
            }
        }
        connectWaiters = remaining
    }

    /// A caller's `connect`: resumed at once when connected; otherwise the next attempt starts
    /// now (not after the backoff) and the caller waits for its outcome (with several
    /// endpoints and no deadline: for one attempt on each).
    func addConnectWaiter(_ waiter: ConnectWaiter) {
        guard state == nil else {
            waiter.operation(.success(()))
            return
        }
        var waiter = waiter
        waiter.attemptsLeft = configuration.endpoints.count
        connectWaiters.append(waiter)
        nextAttempt = min(nextAttempt, ContinuousClock.now)
    }

    private func openConnection(to endpoint: AMQPEndpoint) throws(AMQPError) {
        guard let connection = amqp_new_connection() else {
            throw AMQPError(.connectionFailed, "amqp_new_connection failed")
        }
        var opened = false
        defer { if !opened { amqp_destroy_connection(connection) } }
        let socket = try makeSocket(for: connection, tls: endpoint.tls)
        var timeout = timeval(configuration.connectTimeout)
        if endpoint.tls { crmq_tls_clear_errors() }
        let status = amqp_socket_open_noblock(socket, endpoint.host, Int32(endpoint.port), &timeout)
        guard status == AMQP_STATUS_OK.rawValue else {
            if endpoint.tls, let failure = tlsHandshakeFailure(status: status, endpoint: endpoint) { throw failure }
            let text = String(cString: amqp_error_string2(status))
            throw AMQPError(.connectionFailed, "cannot reach \(endpoint.address): \(text)")
        }
        let arena = CArena()
        var properties = arena.table([
            "connection_name": .string(configuration.connectionName),
            "product": .string("swift AMQPClient (rabbitmq-c)"),
            "capabilities": .table([
                "publisher_confirms": .bool(true),
                "basic.nack": .bool(true),
                "consumer_cancel_notify": .bool(true),
                "connection.blocked": .bool(true),
                "authentication_failure_close": .bool(true),
            ]),
        ])
        let heartbeat = Int32(configuration.heartbeat.components.seconds)
        let reply = crmq_login_plain_with_properties(
            connection, endpoint.virtualHost, 0, 131_072, heartbeat, &properties,
            endpoint.user, endpoint.password
        )
        // Under TLS 1.3 a broker refuses a client certificate (or the lack of one) after the
        // client's side of the handshake: the refusal arrives with the first read, the login's.
        if endpoint.tls, reply.reply_type == AMQP_RESPONSE_LIBRARY_EXCEPTION,
            let failure = tlsHandshakeFailure(status: reply.library_error, endpoint: endpoint)
        {
            throw failure
        }
        if let failure = RPCReply.error(reply, doing: "login to \(endpoint.redactedURL)") {
            var error = failure.error
            if error.code != .accessRefused { error.code = .connectionFailed }
            throw error
        }
        state = connection
        opened = true
        do {
            try openChannel(Self.controlChannel)
            try openChannel(Self.publishChannel)
            try enableConfirms()
        } catch {
            amqp_destroy_connection(connection)
            state = nil
            throw error.error
        }
    }

    private func makeSocket(for connection: amqp_connection_state_t, tls: Bool) throws(AMQPError) -> OpaquePointer {
        if tls { return try makeTLSSocket(for: connection) }
        guard let socket = amqp_tcp_socket_new(connection) else {
            throw AMQPError(.connectionFailed, "cannot create a TCP socket")
        }
        return socket
    }

    /// Opens `channel` on the current connection.
    func openChannel(_ channel: amqp_channel_t) throws(ReplyFailure) {
        guard let state else { throw ReplyFailure(error: AMQPError(.connectionClosed, "not connected"), scope: .connection) }
        amqp_channel_open(state, channel)
        if let failure = RPCReply.error(amqp_get_rpc_reply(state), doing: "channel.open \(channel)") {
            throw failure
        }
    }

    /// Puts the publish channel in confirm mode; the delivery tags restart at 1.
    func enableConfirms() throws(ReplyFailure) {
        guard let state else { throw ReplyFailure(error: AMQPError(.connectionClosed, "not connected"), scope: .connection) }
        amqp_confirm_select(state, Self.publishChannel)
        if let failure = RPCReply.error(amqp_get_rpc_reply(state), doing: "confirm.select") {
            throw failure
        }
    }

    /// Forgets the broken connection: unconfirmed publishes whose callers still wait go back to
    /// the front of the queue (they are published again after reconnecting, on whichever
    /// endpoint answers: at least once), deliveries already handed out become stale, and a
    /// reconnection is scheduled, to the next endpoint (with one: the same).
    func connectionLost(_ error: AMQPError) {
        let lost = endpoint
        let delay = rotation.connectionLost()
        if let state {
            amqp_destroy_connection(state)
            self.state = nil
        }
        mailbox.isConnected = false
        blockedReason = nil
        mailbox.blockedReason = nil
        // What a caller gave up on (deadline, cancellation) is not published again.
        waiting.prepend(contentsOf: confirms.removeAll().filter { !$0.completion.isFinished })
        for id in consumers.keys {
            consumers[id]?.channelGeneration += 1
            consumers[id]?.subscribed = false
        }
        nextAttempt = ContinuousClock.now + delay
        logger.warning("AMQP connection lost; reconnecting", metadata: [
            "error": "\(error)", "retry.in": "\(delay)", "amqp.url": "\(lost.redactedURL)", "amqp.next": "\(endpoint.address)",
        ])
    }

    /// Cancels consumers, closes the connection and fails what could not be flushed in time.
    func closeGracefully() {
        if let state {
            for record in consumers.values.sorted(by: { $0.registration.id < $1.registration.id }) where record.subscribed {
                "c\(record.registration.id)".withCString { tag in
                    _ = amqp_basic_cancel(state, record.channel, amqp_cstring_bytes(tag))
                }
            }
            _ = amqp_connection_close(state, AMQP_REPLY_SUCCESS)
        }
        finish(error: AMQPError(.closed, "the connection was closed before the broker confirmed"))
    }
}

extension timeval {
    /// A `timeval` of the given duration.
    init(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        self.init(tv_sec: Int(seconds), tv_usec: Int(attoseconds / 1_000_000_000_000))
    }
}
