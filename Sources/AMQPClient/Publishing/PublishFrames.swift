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
    /// Size of a frame's header (type, channel, payload size) and of its end marker.
    private static let headerSize = 7
    private static let endSize = 1
    /// `basic.publish`'s payload: method id, ticket, two short strings of at most 255 bytes, bits.
    private static let publishMethodCapacity = 4 + 2 + 256 + 256 + 1
    /// Room tried first for the encoded properties; a larger header table retries with the frame's room.
    private static let propertiesFirstCapacity = 1024

    /// The encoded frames, in publish order.
    private(set) var bytes: [UInt8] = []

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
        let start = bytes.count
        var method = amqp_basic_publish_t(
            ticket: 0, exchange: exchange, routing_key: routingKey, mandatory: mandatory ? 1 : 0, immediate: 0)
        do {
            try appendFrame(type: AMQP_FRAME_METHOD, channel: channel, capacity: Self.publishMethodCapacity) { payload throws(AMQPError) in
                guard let base = payload.baseAddress else { return 0 }
                Self.store32(UInt32(AMQP_BASIC_PUBLISH_METHOD), at: 0, in: payload)
                let encoded = amqp_encode_method(
                    AMQP_BASIC_PUBLISH_METHOD, &method, amqp_bytes_t(len: payload.count - 4, bytes: base + 4))
                guard encoded >= 0 else {
                    throw AMQPError(.protocolError, "cannot encode basic.publish to '\(exchange.string)' with key '\(routingKey.string)': \(Self.describe(encoded))")
                }
                return 4 + Int(encoded)
            }
            try appendContentHeader(channel: channel, properties: &properties, bodySize: body.count, frameMax: frameMax)
        } catch {
            bytes.removeSubrange(start...)
            throw error
        }
        appendBody(body, channel: channel, frameMax: frameMax)
    }

    private mutating func appendContentHeader(
        channel: amqp_channel_t, properties: inout amqp_basic_properties_t, bodySize: Int, frameMax: Int
    ) throws(AMQPError) {
        let frameRoom = max(frameMax - Self.headerSize - Self.endSize, Self.propertiesFirstCapacity)
        var capacity = Self.propertiesFirstCapacity
        while true {
            let start = bytes.count
            var tooSmall = false
            try appendFrame(type: AMQP_FRAME_HEADER, channel: channel, capacity: capacity) { payload throws(AMQPError) in
                guard let base = payload.baseAddress else { return 0 }
                // class id, weight, body size, then the flags and properties.
                Self.store16(UInt16(AMQP_BASIC_CLASS), at: 0, in: payload)
                Self.store16(0, at: 2, in: payload)
                Self.store32(UInt32(truncatingIfNeeded: UInt64(bodySize) >> 32), at: 4, in: payload)
                Self.store32(UInt32(truncatingIfNeeded: UInt64(bodySize)), at: 8, in: payload)
                let encoded = amqp_encode_properties(
                    UInt16(AMQP_BASIC_CLASS), &properties, amqp_bytes_t(len: payload.count - 12, bytes: base + 12))
                if encoded < 0 {
                    tooSmall = true
                    return 0
                }
                return 12 + Int(encoded)
            }
            guard tooSmall else { return }
            bytes.removeSubrange(start...)
            guard capacity < frameRoom else {
                throw AMQPError(.protocolError, "the message's properties do not fit in one frame of \(frameMax) bytes")
            }
            capacity = frameRoom
        }
    }

    private mutating func appendBody(_ body: Data, channel: amqp_channel_t, frameMax: Int) {
        let room = max(frameMax - Self.headerSize - Self.endSize, 1)
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

    /// Appends a frame whose payload `encode` writes into `capacity` bytes and measures.
    private mutating func appendFrame(
        type: Int32, channel: amqp_channel_t, capacity: Int,
        _ encode: (UnsafeMutableRawBufferPointer) throws(AMQPError) -> Int
    ) throws(AMQPError) {
        let start = bytes.count
        appendFrameHeader(type: type, channel: channel, size: 0)
        let payloadStart = bytes.count
        bytes.append(contentsOf: repeatElement(0, count: capacity))
        let encoded = bytes.withUnsafeMutableBytes { buffer in
            Result { () throws(AMQPError) in
                try encode(UnsafeMutableRawBufferPointer(rebasing: buffer[payloadStart..<payloadStart + capacity]))
            }
        }
        let size: Int
        switch encoded {
        case .success(let encodedSize): size = encodedSize
        case .failure(let error):
            bytes.removeSubrange(start...)
            throw error
        }
        bytes.removeSubrange((payloadStart + size)...)
        bytes.append(UInt8(AMQP_FRAME_END))
        bytes.withUnsafeMutableBytes { buffer in
            Self.store32(UInt32(size), at: 3, in: UnsafeMutableRawBufferPointer(rebasing: buffer[start...]))
        }
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

    private static func store16(_ value: UInt16, at offset: Int, in buffer: UnsafeMutableRawBufferPointer) {
        buffer[offset] = UInt8(value >> 8)
        buffer[offset + 1] = UInt8(value & 0xFF)
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
