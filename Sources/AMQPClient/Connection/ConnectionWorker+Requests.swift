import CRabbitMQ
import Foundation

extension ConnectionWorker {
    /// Serves one caller request on the connection thread.
    func handle(_ request: ConnectionRequest) {
        switch request {
        case .connect(let waiter):
            addConnectWaiter(waiter)
        case .declare(let topology, let completion):
            if state == nil {
                pendingDeclares.append((topology, completion))
            } else {
                performDeclare(topology, completion: completion)
            }
        case .inspect(let queue, let completion):
            guard state != nil else {
                completion(.failure(AMQPError(.connectionClosed, "not connected: cannot inspect queue '\(queue)'")))
                return
            }
            performInspect(queue, completion: completion)
        case .deleteQueue(let queue, let completion):
            guard state != nil else {
                completion(.failure(AMQPError(.connectionClosed, "not connected: cannot delete queue '\(queue)'")))
                return
            }
            performDeleteQueue(queue, completion: completion)
        case .publish(let publish):
            if closeRequest != nil {
                publish.completion(.failure(AMQPError(.closed, "the connection is closing")))
            } else {
                waiting.append(publish)
            }
        case .publishBatch(let publishes):
            if closeRequest != nil {
                for publish in publishes { publish.completion(.failure(AMQPError(.closed, "the connection is closing"))) }
            } else {
                for publish in publishes { waiting.append(publish) }
            }
        case .consume(let registration, let completion):
            consumers[registration.id] = ConsumerRecord(registration: registration)
            guard state != nil else {
                completion(.success(()))
                return
            }
            do {
                try resubscribe(consumerID: registration.id)
                completion(.success(()))
            } catch {
                consumers[registration.id] = nil
                registration.sink.finish()
                completion(.failure(error.error))
                if error.scope == .connection { connectionLost(error.error) }
            }
        case .cancelConsumer(let id, let completion):
            cancelConsumer(id: id)
            completion(.success(()))
        case .settle(let origin, let settlement, let completion):
            completion(settle(origin, settlement))
        case .reconnect(let reason):
            if state != nil, closeRequest == nil {
                connectionLost(AMQPError(.connectionClosed, "reconnecting on request: \(reason)"))
            }
        case .close(let completion):
            guard closeRequest == nil else {
                completion(.success(()))
                return
            }
            closeRequest = (ContinuousClock.now + .seconds(5), completion)
            for id in consumers.keys.sorted() {
                cancelConsumer(id: id)
            }
        }
    }

    /// Declares `topology` now and remembers it for reconnections.
    func performDeclare(_ topology: AMQPTopology, completion: Completion<Void>) {
        do {
            try declareOnWire(topology)
            if !topologies.contains(topology) {
                topologies.append(topology)
            }
            completion(.success(()))
        } catch {
            completion(.failure(error.error))
            switch error.scope {
            case .channel: recoverChannel(Self.controlChannel)
            case .connection: connectionLost(error.error)
            }
        }
    }

    /// Inspects `queue` now; a missing queue closes the control channel (404), which is reopened.
    func performInspect(_ queue: String, completion: Completion<AMQPQueueState>) {
        do {
            completion(.success(try inspectOnWire(queue)))
        } catch {
            completion(.failure(error.error))
            switch error.scope {
            case .channel: recoverChannel(Self.controlChannel)
            case .connection: connectionLost(error.error)
            }
        }
    }

    func performDeleteQueue(_ queue: String, completion: Completion<Int>) {
        do {
            completion(.success(try deleteQueueOnWire(queue)))
        } catch {
            completion(.failure(error.error))
            switch error.scope {
            case .channel: recoverChannel(Self.controlChannel)
            case .connection: connectionLost(error.error)
            }
        }
    }

    private func cancelConsumer(id: Int) {
        guard let record = consumers.removeValue(forKey: id) else { return }
        if let state, record.subscribed {
            "c\(id)".withCString { tag in
                _ = amqp_basic_cancel(state, record.channel, amqp_cstring_bytes(tag))
            }
            _ = amqp_channel_close(state, record.channel, AMQP_REPLY_SUCCESS)
        }
        record.finish()
    }

    private func settle(_ origin: DeliveryOrigin, _ settlement: Settlement) -> Result<Void, AMQPError> {
        guard let state, let record = consumers[origin.consumerID], record.subscribed,
              record.channelGeneration == origin.channelGeneration
        else {
            return .failure(AMQPError(
                .connectionClosed,
                "delivery \(origin.deliveryTag) came from a channel that is gone; the broker redelivers it"
            ))
        }
        let status: Int32
        switch settlement {
        case .ack(let multiple):
            status = amqp_basic_ack(state, record.channel, origin.deliveryTag, multiple ? 1 : 0)
        case .nack(let requeue, let multiple):
            status = amqp_basic_nack(state, record.channel, origin.deliveryTag, multiple ? 1 : 0, requeue ? 1 : 0)
        case .reject(let requeue):
            status = amqp_basic_reject(state, record.channel, origin.deliveryTag, requeue ? 1 : 0)
        }
        if let error = RPCReply.error(status: status, doing: "settling delivery \(origin.deliveryTag)") {
            connectionLost(error)
            return .failure(error)
        }
        return .success(())
    }

    /// Sends waiting publishes while the confirm window has room and the broker does not
    /// block publishing; drops those whose callers gave up (deadline, cancellation) unsent.
    ///
    /// On a plain TCP connection the wake-up's publishes are encoded into one buffer and written
    /// with one `send` (``PublishFrames``); over TLS each goes through `amqp_basic_publish`.
    func flushWaitingPublishes() {
        guard let state, blockedReason == nil, !waiting.isEmpty, confirms.count < configuration.confirmWindow else { return }
        guard !endpoint.tls else {
            flushWaitingPublishesOneByOne()
            return
        }
        let arena = CArena()
        let frameMax = Int(amqp_get_frame_max(state))
        outgoingFrames.removeAll()
        while confirms.count < configuration.confirmWindow, let publish = waiting.popFirst() {
            guard publish.completion.claimForSending() else { continue }
            var properties = cProperties(of: publish, tag: confirms.nextTag, in: arena)
            do {
                try outgoingFrames.appendPublish(
                    channel: Self.publishChannel, exchange: arena.bytes(publish.exchange),
                    routingKey: arena.bytes(publish.routingKey), mandatory: publish.mandatory,
                    properties: &properties, body: publish.message.body, frameMax: frameMax)
            } catch {
                // Never sent, so no tag is used: the broker numbers only what it receives.
                publish.completion(.failure(error))
                continue
            }
            _ = confirms.register(publish)
        }
        guard !outgoingFrames.isEmpty else { return }
        if let error = SocketWrite.writeAll(outgoingFrames.bytes, to: amqp_get_sockfd(state)) {
            // The publishes just registered go back to the front of the queue with the others
            // awaiting confirms, and are sent again on the next connection.
            connectionLost(error)
        }
    }

    /// Over TLS: each publish through `amqp_basic_publish`, which writes the method, header and
    /// body frames one by one. One that cannot be encoded fails alone, before anything of it is
    /// written (``PublishFrames/checkEncodable(exchange:routingKey:mandatory:properties:bodySize:frameMax:)``):
    /// `amqp_basic_publish` would fail too, possibly after writing its method frame, and a
    /// failure there is taken for a lost connection, which resends the publish on the next one,
    /// for ever.
    private func flushWaitingPublishesOneByOne() {
        while let state, blockedReason == nil, confirms.count < configuration.confirmWindow,
              let publish = waiting.popFirst() {
            guard publish.completion.claimForSending() else { continue }
            let arena = CArena()
            var properties = cProperties(of: publish, tag: confirms.nextTag, in: arena)
            let exchange = arena.bytes(publish.exchange)
            let routingKey = arena.bytes(publish.routingKey)
            do {
                try outgoingFrames.checkEncodable(
                    exchange: exchange, routingKey: routingKey, mandatory: publish.mandatory, properties: &properties,
                    bodySize: publish.message.body.count, frameMax: Int(amqp_get_frame_max(state)))
            } catch {
                publish.completion(.failure(error))
                continue
            }
            let status = amqp_basic_publish(
                state, Self.publishChannel, exchange, routingKey, publish.mandatory ? 1 : 0, 0, &properties,
                arena.bytes(publish.message.body))
            if let error = RPCReply.error(
                status: status, doing: "publishing to '\(publish.exchange)' with key '\(publish.routingKey)'")
            {
                waiting.prepend(publish)
                connectionLost(error)
                return
            }
            _ = confirms.register(publish)
        }
    }

    /// The C properties of `publish`: a mandatory publish carries its tag in a header, since only
    /// a mandatory publish can come back as a `basic.return`, which names no tag.
    /// With ``AMQPConfiguration/stampsUserID``, `user_id` is the user of the endpoint connected to.
    private func cProperties(of publish: OutgoingPublish, tag: UInt64, in arena: CArena) -> amqp_basic_properties_t {
        let extraHeader = publish.mandatory ? (key: Self.publishTagHeader, value: AMQPFieldValue.int64(Int64(tag))) : nil
        // A copy of the properties only when they change (the consumer's hot path does not stamp).
        guard configuration.stampsUserID else { return publish.message.properties.cProperties(in: arena, extraHeader: extraHeader) }
        var properties = publish.message.properties
        properties.userId = endpoint.user
        return properties.cProperties(in: arena, extraHeader: extraHeader)
    }
}
