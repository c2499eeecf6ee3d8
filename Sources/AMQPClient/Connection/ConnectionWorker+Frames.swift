import CRabbitMQ
import Foundation

extension ConnectionWorker {
    /// Reads and handles every frame that arrives within a millisecond (also services
    /// heartbeats: rabbitmq-c sends and checks them while waiting for frames). Deliveries are
    /// handed to their consumers in runs: whatever was read before the next read would wait for
    /// the socket goes in one yield, so a consumer's task wakes once per run, not per message.
    func readAvailableFrames() {
        defer { handOverDeliveries() }
        for _ in 0..<4096 {
            guard let state else { return }
            if hasUnhandedDeliveries && amqp_frames_enqueued(state) == 0 && amqp_data_in_buffer(state) == 0 {
                handOverDeliveries()
            }
            var frame = amqp_frame_t()
            var timeout = timeval(tv_sec: 0, tv_usec: 1000)
            let status = amqp_simple_wait_frame_noblock(state, &frame, &timeout)
            if status == AMQP_STATUS_TIMEOUT.rawValue { break }
            if let error = RPCReply.error(status: status, doing: "reading from the broker") {
                connectionLost(error)
                return
            }
            handle(frame)
        }
        if let state {
            amqp_maybe_release_buffers(state)
        }
    }

    private func handle(_ frame: amqp_frame_t) {
        guard frame.frame_type == UInt8(AMQP_FRAME_METHOD) else { return }
        let channel = frame.channel
        let method = frame.payload.method
        switch method.id {
        case AMQP_BASIC_ACK_METHOD:
            let ack = method.decoded.assumingMemoryBound(to: amqp_basic_ack_t.self).pointee
            settlePublishes(tag: ack.delivery_tag, multiple: ack.multiple != 0, nacked: false)
        case AMQP_BASIC_NACK_METHOD:
            let nack = method.decoded.assumingMemoryBound(to: amqp_basic_nack_t.self).pointee
            settlePublishes(tag: nack.delivery_tag, multiple: nack.multiple != 0, nacked: true)
        case AMQP_BASIC_RETURN_METHOD:
            let returned = method.decoded.assumingMemoryBound(to: amqp_basic_return_t.self).pointee
            let code = returned.reply_code
            let text = "\(returned.reply_text.string): exchange '\(returned.exchange.string)', key '\(returned.routing_key.string)'"
            guard let (message, _) = readContent(on: channel) else { return }
            if let tag = message.properties.headers[Self.publishTagHeader]?.int64Value {
                confirms.markReturned(tag: UInt64(tag), replyCode: code, replyText: text)
            }
        case AMQP_BASIC_DELIVER_METHOD:
            let deliver = method.decoded.assumingMemoryBound(to: amqp_basic_deliver_t.self).pointee
            let exchange = deliver.exchange.string
            let routingKey = deliver.routing_key.string
            let tag = deliver.delivery_tag
            let redelivered = deliver.redelivered != 0
            guard let (message, discarded) = readContent(on: channel, maximumBodySize: configuration.maximumBodySize) else { return }
            dispatch(
                message, channel: channel, exchange: exchange, routingKey: routingKey, tag: tag, redelivered: redelivered,
                discardedBodySize: discarded)
        case AMQP_BASIC_CANCEL_METHOD:
            logger.warning("AMQP broker cancelled a consumer; resubscribing", metadata: ["amqp.channel": "\(channel)"])
            if let id = consumers.first(where: { $0.value.channel == channel })?.key, let state {
                _ = amqp_channel_close(state, channel, AMQP_REPLY_SUCCESS)
                consumers[id]?.channelGeneration += 1
                consumers[id]?.subscribed = false
                do {
                    try resubscribe(consumerID: id)
                } catch {
                    consumers.removeValue(forKey: id)?.finish()
                }
            }
        case AMQP_CHANNEL_CLOSE_METHOD:
            let close = method.decoded.assumingMemoryBound(to: amqp_channel_close_t.self).pointee
            let error = AMQPError(
                AMQPError.code(forReplyCode: close.reply_code), close.reply_text.string, replyCode: close.reply_code
            )
            logger.warning("AMQP broker closed a channel", metadata: ["amqp.channel": "\(channel)", "error": "\(error)"])
            if channel == Self.publishChannel {
                for publish in confirms.removeAll() {
                    publish.completion(.failure(error))
                }
            }
            recoverChannel(channel)
        case AMQP_CONNECTION_BLOCKED_METHOD:
            let blocked = method.decoded.assumingMemoryBound(to: amqp_connection_blocked_t.self).pointee
            let reason = blocked.reason.string.isEmpty ? "no reason given" : blocked.reason.string
            blockedReason = reason
            mailbox.blockedReason = reason
            logger.warning("AMQP broker blocks publishing; publishes wait", metadata: ["reason": "\(reason)"])
        case AMQP_CONNECTION_UNBLOCKED_METHOD:
            blockedReason = nil
            mailbox.blockedReason = nil
            logger.info("AMQP broker unblocked publishing")
        case AMQP_CONNECTION_CLOSE_METHOD:
            let close = method.decoded.assumingMemoryBound(to: amqp_connection_close_t.self).pointee
            let error = AMQPError(.connectionClosed, close.reply_text.string, replyCode: close.reply_code)
            if let state {
                var closeOk = amqp_connection_close_ok_t(dummy: 0)
                _ = amqp_send_method(state, 0, AMQP_CONNECTION_CLOSE_OK_METHOD, &closeOk)
            }
            connectionLost(error)
        default:
            logger.trace("AMQP frame ignored", metadata: ["amqp.method": "\(method.id)", "amqp.channel": "\(channel)"])
        }
    }

    private func settlePublishes(tag: UInt64, multiple: Bool, nacked: Bool) {
        for (publish, outcome) in confirms.settle(tag: tag, multiple: multiple, nacked: nacked) {
            switch outcome {
            case .confirmed:
                publish.completion(.success(()))
            case .nacked:
                publish.completion(.failure(AMQPError(
                    .publishNacked, "the broker refused the message to '\(publish.exchange)' with key '\(publish.routingKey)'"
                )))
            case .returned(let code, let text):
                publish.completion(.failure(AMQPError(.publishReturned, "unroutable: \(text)", replyCode: code)))
            }
        }
    }

    /// Reads the content header and body that follow a deliver or return method. The header
    /// announces the body's size first: a body over `maximumBodySize` is read frame by frame and
    /// dropped (each frame's memory given back at once), and its size is returned with an empty
    /// body, so no sender can make the client buffer more than that.
    ///
    /// rabbitmq-c 0.11 has no public wait for one channel's frames, so this reads the next frames
    /// (heartbeats are answered inside rabbitmq-c) and expects them on `channel`: RabbitMQ writes a
    /// message's method, header and body frames in one piece, so no other channel's frame comes
    /// between them; one that did would be taken for a protocol error (reconnect, redelivery).
    private func readContent(
        on channel: amqp_channel_t, maximumBodySize: Int = .max
    ) -> (message: AMQPMessage, discardedBodySize: Int?)? {
        guard let state else { return nil }
        var frame = amqp_frame_t()
        var status = amqp_simple_wait_frame(state, &frame)
        guard status == AMQP_STATUS_OK.rawValue, frame.channel == channel, frame.frame_type == UInt8(AMQP_FRAME_HEADER) else {
            contentFailed(status, channel: channel)
            return nil
        }
        let announced = frame.payload.properties.body_size
        let properties = AMQPProperties(frame.payload.properties.decoded.assumingMemoryBound(to: amqp_basic_properties_t.self).pointee)
        let keeps = announced <= UInt64(maximumBodySize)
        var body = Data()
        if keeps { body.reserveCapacity(Int(announced)) }
        var received: UInt64 = 0
        while received < announced {
            status = amqp_simple_wait_frame(state, &frame)
            guard status == AMQP_STATUS_OK.rawValue, frame.channel == channel, frame.frame_type == UInt8(AMQP_FRAME_BODY) else {
                contentFailed(status, channel: channel)
                return nil
            }
            let fragment = frame.payload.body_fragment
            if keeps, let bytes = fragment.bytes {
                body.append(bytes.assumingMemoryBound(to: UInt8.self), count: fragment.len)
            }
            received += UInt64(fragment.len)
            if !keeps { amqp_maybe_release_buffers_on_channel(state, channel) }
        }
        guard keeps else {
            logger.warning("AMQP message body over the limit dropped unread", metadata: [
                "amqp.channel": "\(channel)", "body.size": "\(announced)", "body.limit": "\(maximumBodySize)",
            ])
            return (AMQPMessage(body: Data(), properties: properties), Int(clamping: announced))
        }
        return (AMQPMessage(body: body, properties: properties), nil)
    }

    private func contentFailed(_ status: Int32, channel: amqp_channel_t) {
        let error = RPCReply.error(status: status, doing: "reading a message on channel \(channel)")
            ?? AMQPError(.protocolError, "a message on channel \(channel) lacked its content header or body frames")
        connectionLost(error)
    }

    private func dispatch(
        _ message: AMQPMessage, channel: amqp_channel_t, exchange: String, routingKey: String,
        tag: UInt64, redelivered: Bool, discardedBodySize: Int?
    ) {
        guard let index = consumers.firstIndex(where: { $0.value.channel == channel }) else { return }
        let id = consumers.keys[index]
        let generation = consumers.values[index].channelGeneration
        let delivery = AMQPDelivery(
            message: message,
            exchange: exchange,
            routingKey: routingKey,
            redelivered: redelivered,
            deliveryTag: tag,
            origin: DeliveryOrigin(consumerID: id, channelGeneration: generation, deliveryTag: tag),
            mailbox: mailbox, discardedBodySize: discardedBodySize
        )
        // In place, by index: a copy of the record would make the append copy the array.
        consumers.values[index].unhanded.append(delivery)
        if consumers.values[index].arguments.readsStream {
            consumers.values[index].arguments.delivered(headers: message.properties.headers)
        }
        hasUnhandedDeliveries = true
    }

    /// Yields each consumer's deliveries read so far to its sequence, as one run.
    func handOverDeliveries() {
        guard hasUnhandedDeliveries else { return }
        hasUnhandedDeliveries = false
        // Walked by index and changed in place: iterating `keys` or `values` while writing
        // would copy the dictionary.
        var index = consumers.startIndex
        while index != consumers.endIndex {
            if !consumers.values[index].unhanded.isEmpty {
                let run = consumers.values[index].unhanded
                consumers.values[index].unhanded = []
                consumers.values[index].registration.sink.yield(run)
            }
            consumers.formIndex(after: &index)
        }
    }
}
