import CRabbitMQ
import Foundation

/// The frames of several `basic.publish`es, encoded into one buffer so that the connection thread
/// writes a wake-up's publishes with one `send` instead of three per message (method, content
/// header, body: what `amqp_basic_publish` does).
///
/// The method and the content header's properties are encoded by rabbitmq-c's own
/// `amqp_encode_method` and `amqp_encode_properties`; this type adds only the frame envelope
/// (type, channel, payload size, frame end) and splits bodies into frames of at most
/// `frameMax - 8` bytes, as rabbitmq-c does. Pure logic over bytes: `PublishFramesTests` decodes
/// its output with rabbitmq-c's `amqp_handle_input`.
struct PublishFrames {
    /// Size of a frame's header (type, channel, payload size) and end marker together.
    private static let frameOverhead = 8
    /// AMQP 0-9-1's smallest `frame_max`: a method or content header always has this much room.
    private static let minimumFrameMax = 4096

    /// The encoded frames, in publish order.
    private(set) var bytes: [UInt8] = []
    /// Where rabbitmq-c encodes one method or content-header payload (a frame's room), reused.
    private var payload: [UInt8] = []

    var isEmpty: Bool { bytes.isEmpty }

    /// Forgets the frames, keeping the buffer's capacity for the next wake-up.
    mutating func removeAll() {
        bytes.removeAll(keepingCapacity: true)
    }

    /// Appends the method, content header and body frames of one publish on `channel`.
    ///
    /// On error nothing is appended: an exchange or routing key longer than 255 bytes, or
    /// properties that do not fit in one frame, fail this publish only.
    mutating func appendPublish(
        channel: amqp_channel_t, exchange: amqp_bytes_t, routingKey: amqp_bytes_t, mandatory: Bool,
        properties: inout amqp_basic_properties_t, body: Data, frameMax: Int
    ) throws(AMQPError) {
        let methodSize = try encodeMethod(exchange: exchange, routingKey: routingKey, mandatory: mandatory, frameMax: frameMax)
        let start = bytes.count
        appendFrame(type: AMQP_FRAME_METHOD, channel: channel, payloadSize: methodSize)
        let headerSize: Int
        do {
            headerSize = try encodeContentHeader(properties: &properties, bodySize: body.count, frameMax: frameMax)
        } catch {
            bytes.removeSubrange(start...)
            throw error
        }
        appendFrame(type: AMQP_FRAME_HEADER, channel: channel, payloadSize: headerSize)
        appendBody(body, channel: channel, frameMax: frameMax)
    }

    /// Checks that the method and content header of a publish can be encoded, appending
    /// nothing: what `amqp_basic_publish` (the path over TLS) would otherwise find only after
    /// it wrote part of the publish, leaving the connection unusable.
    mutating func checkEncodable(
        exchange: amqp_bytes_t, routingKey: amqp_bytes_t, mandatory: Bool, properties: inout amqp_basic_properties_t,
        bodySize: Int, frameMax: Int
    ) throws(AMQPError) {
        _ = try encodeMethod(exchange: exchange, routingKey: routingKey, mandatory: mandatory, frameMax: frameMax)
        _ = try encodeContentHeader(properties: &properties, bodySize: bodySize, frameMax: frameMax)
    }

    /// Encodes the `basic.publish` method into ``payload``; returns the payload's size.
    private mutating func encodeMethod(
        exchange: amqp_bytes_t, routingKey: amqp_bytes_t, mandatory: Bool, frameMax: Int
    ) throws(AMQPError) -> Int {
        reservePayload(frameMax: frameMax)
        var method = amqp_basic_publish_t(
            ticket: 0, exchange: exchange, routing_key: routingKey, mandatory: mandatory ? 1 : 0, immediate: 0)
        let size = payload.withUnsafeMutableBytes { payload in
            // Method id, then the arguments.
            Self.store32(UInt32(AMQP_BASIC_PUBLISH_METHOD), at: 0, in: payload)
            return amqp_encode_method(AMQP_BASIC_PUBLISH_METHOD, &method, Self.tail(of: payload, from: 4))
        }
        guard size >= 0 else {
            throw AMQPError(
                .protocolError,
                "cannot encode basic.publish to '\(exchange.string)' with key '\(routingKey.string)': \(Self.describe(size))")
        }
        return 4 + Int(size)
    }

    /// Encodes the content header (class, body size, properties) into ``payload``; returns the
    /// payload's size.
    private mutating func encodeContentHeader(
        properties: inout amqp_basic_properties_t, bodySize: Int, frameMax: Int
    ) throws(AMQPError) -> Int {
        reservePayload(frameMax: frameMax)
        let size = payload.withUnsafeMutableBytes { payload in
            // Class id, weight, body size, then the flags and properties.
            Self.store32(UInt32(AMQP_BASIC_CLASS) << 16, at: 0, in: payload)
            Self.store32(UInt32(truncatingIfNeeded: UInt64(bodySize) >> 32), at: 4, in: payload)
            Self.store32(UInt32(truncatingIfNeeded: UInt64(bodySize)), at: 8, in: payload)
            return amqp_encode_properties(UInt16(AMQP_BASIC_CLASS), &properties, Self.tail(of: payload, from: 12))
        }
        guard size >= 0 else {
            throw AMQPError(.protocolError, "the message's properties do not fit in one frame of \(frameMax) bytes")
        }
        return 12 + Int(size)
    }

    /// Makes ``payload`` a frame's room (allocated once per connection's `frame_max`).
    private mutating func reservePayload(frameMax: Int) {
        let room = max(frameMax, Self.minimumFrameMax) - Self.frameOverhead
        if payload.count < room { payload = [UInt8](repeating: 0, count: room) }
    }

    private mutating func appendBody(_ body: Data, channel: amqp_channel_t, frameMax: Int) {
        let room = max(frameMax, Self.minimumFrameMax) - Self.frameOverhead
        body.withUnsafeBytes { body in
            var offset = 0
            while offset < body.count {
                let length = min(room, body.count - offset)
                appendFrameHeader(type: AMQP_FRAME_BODY, channel: channel, size: length)
                bytes.append(contentsOf: body[offset..<offset + length])
                bytes.append(UInt8(AMQP_FRAME_END))
                offset += length
            }
        }
    }

    /// Appends a frame of the first `payloadSize` bytes of ``payload``.
    private mutating func appendFrame(type: Int32, channel: amqp_channel_t, payloadSize: Int) {
        appendFrameHeader(type: type, channel: channel, size: payloadSize)
        bytes.append(contentsOf: payload[..<payloadSize])
        bytes.append(UInt8(AMQP_FRAME_END))
    }

    private mutating func appendFrameHeader(type: Int32, channel: amqp_channel_t, size: Int) {
        bytes.append(UInt8(type))
        bytes.append(UInt8(channel >> 8))
        bytes.append(UInt8(channel & 0xFF))
        let size = UInt32(size)
        bytes.append(UInt8(size >> 24))
        bytes.append(UInt8((size >> 16) & 0xFF))
        bytes.append(UInt8((size >> 8) & 0xFF))
        bytes.append(UInt8(size & 0xFF))
    }

    /// The bytes of `buffer` from `offset`, as rabbitmq-c's encoders take them.
    private static func tail(of buffer: UnsafeMutableRawBufferPointer, from offset: Int) -> amqp_bytes_t {
        amqp_bytes_t(len: buffer.count - offset, bytes: buffer.baseAddress.map { $0 + offset })
    }

    private static func store32(_ value: UInt32, at offset: Int, in buffer: UnsafeMutableRawBufferPointer) {
        buffer[offset] = UInt8(value >> 24)
        buffer[offset + 1] = UInt8((value >> 16) & 0xFF)
        buffer[offset + 2] = UInt8((value >> 8) & 0xFF)
        buffer[offset + 3] = UInt8(value & 0xFF)
    }

    private static func describe(_ status: Int32) -> String {
        String(cString: amqp_error_string2(status))
    }
}
