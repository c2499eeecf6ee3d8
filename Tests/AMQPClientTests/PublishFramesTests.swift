import CRabbitMQ
import Foundation
import Testing
@testable import AMQPClient

/// ``PublishFrames`` output, read back by rabbitmq-c's own frame decoder (`amqp_handle_input`),
/// the decoder the library runs on what the broker sends.
@Suite("Publish frames encoded in one buffer")
struct PublishFramesTests {
    @Test("a publish decodes as rabbitmq-c's method, content header and body frames")
    func onePublish() throws {
        var frames = PublishFrames()
        let arena = CArena()
        var message = AMQPProperties()
        message.contentType = "application/x-protobuf"
        message.messageId = "m-1"
        message.headers = ["x-amqp-client-publish-tag": .int64(7), "kind": .string("event")]
        var properties = message.cProperties(in: arena)
        let body = Data("hello, broker".utf8)
        try frames.appendPublish(
            channel: 2, exchange: arena.bytes("subscriptions.events"), routingKey: arena.bytes("subscribed.initial_buy"),
            mandatory: true, properties: &properties, body: body, frameMax: 131_072)

        let decoded = try DecodedFrames(frames.bytes, frameMax: 131_072)
        #expect(decoded.frames.count == 3)
        let publish = try #require(decoded.publishes.first)
        #expect(decoded.publishes.count == 1)
        #expect(publish.channel == 2)
        #expect(publish.exchange == "subscriptions.events")
        #expect(publish.routingKey == "subscribed.initial_buy")
        #expect(publish.mandatory)
        #expect(publish.classID == UInt16(AMQP_BASIC_CLASS))
        #expect(publish.declaredBodySize == UInt64(body.count))
        #expect(publish.contentType == "application/x-protobuf")
        #expect(publish.messageID == "m-1")
        #expect(publish.headerNames == ["kind", "x-amqp-client-publish-tag"])
        #expect(publish.body == Array(body))
    }

    @Test("a body larger than a frame is split into frames of at most frame-max minus 8 bytes")
    func largeBody() throws {
        var frames = PublishFrames()
        let arena = CArena()
        var properties = AMQPProperties().cProperties(in: arena)
        let body = Data((0..<10_000).map { UInt8(truncatingIfNeeded: $0 * 7) })
        try frames.appendPublish(
            channel: 2, exchange: arena.bytes(""), routingKey: arena.bytes("queue"), mandatory: false,
            properties: &properties, body: body, frameMax: 4096)

        let decoded = try DecodedFrames(frames.bytes, frameMax: 4096)
        #expect(decoded.bodyFragmentSizes == [4088, 4088, 1824])
        let publish = try #require(decoded.publishes.first)
        #expect(!publish.mandatory)
        #expect(publish.declaredBodySize == 10_000)
        #expect(publish.body == Array(body))
    }

    @Test("several publishes in one buffer decode in order; an empty body has no body frame")
    func severalInOrder() throws {
        var frames = PublishFrames()
        let arena = CArena()
        for index in 0..<3 {
            var properties = AMQPProperties(messageId: "m-\(index)").cProperties(in: arena)
            let body = index == 1 ? Data() : Data("body \(index)".utf8)
            try frames.appendPublish(
                channel: 2, exchange: arena.bytes("x"), routingKey: arena.bytes("k\(index)"), mandatory: false,
                properties: &properties, body: body, frameMax: 131_072)
        }
        let decoded = try DecodedFrames(frames.bytes, frameMax: 131_072)
        #expect(decoded.frames.count == 8)
        #expect(decoded.publishes.map(\.routingKey) == ["k0", "k1", "k2"])
        #expect(decoded.publishes.map(\.messageID) == ["m-0", "m-1", "m-2"])
        #expect(decoded.publishes.map(\.body) == [Array("body 0".utf8), [], Array("body 2".utf8)])

        frames.removeAll()
        #expect(frames.isEmpty)
    }

    @Test("a publish that cannot be encoded fails alone and leaves the frames before it intact")
    func failsAlone() throws {
        var frames = PublishFrames()
        let arena = CArena()
        var properties = AMQPProperties().cProperties(in: arena)
        try frames.appendPublish(
            channel: 2, exchange: arena.bytes("x"), routingKey: arena.bytes("first"), mandatory: false,
            properties: &properties, body: Data([1]), frameMax: 4096)
        let before = frames.bytes

        let longKey = String(repeating: "k", count: 300)
        #expect(throws: AMQPError.self) {
            try frames.appendPublish(
                channel: 2, exchange: arena.bytes("x"), routingKey: arena.bytes(longKey), mandatory: false,
                properties: &properties, body: Data([2]), frameMax: 4096)
        }
        #expect(frames.bytes == before)

        var largeProperties = Self.headersOverOneSmallFrame(in: arena)
        let error = #expect(throws: AMQPError.self) {
            try frames.appendPublish(
                channel: 2, exchange: arena.bytes("x"), routingKey: arena.bytes("k"), mandatory: false,
                properties: &largeProperties, body: Data([3]), frameMax: 4096)
        }
        #expect(error?.message.contains("do not fit in one frame of 4096 bytes") == true)
        #expect(frames.bytes == before)
        #expect(try DecodedFrames(frames.bytes, frameMax: 4096).publishes.map(\.routingKey) == ["first"])

        // The same headers fit a frame of the broker's usual size.
        try frames.appendPublish(
            channel: 2, exchange: arena.bytes("x"), routingKey: arena.bytes("k"), mandatory: false,
            properties: &largeProperties, body: Data([3]), frameMax: 131_072)
        #expect(try DecodedFrames(frames.bytes, frameMax: 131_072).publishes.map(\.routingKey) == ["first", "k"])
    }

    @Test("the check before a publish over TLS finds what cannot be encoded and appends nothing")
    func checkEncodable() throws {
        var frames = PublishFrames()
        let arena = CArena()
        var properties = AMQPProperties().cProperties(in: arena)
        try frames.checkEncodable(
            exchange: arena.bytes("x"), routingKey: arena.bytes("fine"), mandatory: true, properties: &properties,
            bodySize: 1_000_000, frameMax: 4096)
        #expect(frames.isEmpty)

        let key = #expect(throws: AMQPError.self) {
            try frames.checkEncodable(
                exchange: arena.bytes("x"), routingKey: arena.bytes(String(repeating: "k", count: 256)), mandatory: false,
                properties: &properties, bodySize: 1, frameMax: 4096)
        }
        #expect(key?.code == .protocolError)
        #expect(key?.message.contains("cannot encode basic.publish") == true)

        var largeProperties = Self.headersOverOneSmallFrame(in: arena)
        let header = #expect(throws: AMQPError.self) {
            try frames.checkEncodable(
                exchange: arena.bytes("x"), routingKey: arena.bytes("k"), mandatory: false, properties: &largeProperties,
                bodySize: 1, frameMax: 4096)
        }
        #expect(header?.message.contains("do not fit in one frame of 4096 bytes") == true)
        #expect(frames.isEmpty)
    }
}

extension PublishFramesTests {
    /// Properties whose 5,000-byte header table fits no frame of 4,096 bytes, but one of 131,072.
    fileprivate static func headersOverOneSmallFrame(in arena: CArena) -> amqp_basic_properties_t {
        var large = AMQPProperties()
        large.headers = ["big": .string(String(repeating: "h", count: 5000))]
        return large.cProperties(in: arena)
    }
}

/// Frames decoded by rabbitmq-c from bytes, with each publish's parts gathered.
private struct DecodedFrames {
    struct Publish {
        var channel: UInt16
        var exchange: String
        var routingKey: String
        var mandatory: Bool
        var classID: UInt16 = 0
        var declaredBodySize: UInt64 = 0
        var contentType: String?
        var messageID: String?
        var headerNames: [String] = []
        var body: [UInt8] = []
    }

    struct DecodingFailed: Error {
        var status: Int32
    }

    private(set) var frames: [UInt8] = []
    private(set) var publishes: [Publish] = []
    private(set) var bodyFragmentSizes: [Int] = []

    init(_ bytes: [UInt8], frameMax: Int) throws {
        guard let state = amqp_new_connection() else { throw DecodingFailed(status: 0) }
        defer { amqp_destroy_connection(state) }
        // A fresh connection state first expects the protocol header; it can be tuned once idle.
        var header: [UInt8] = Array("AMQP".utf8) + [0, 0, 9, 1]
        try Self.feed(&header, into: state) { _ in }
        guard amqp_tune_connection(state, 0, Int32(frameMax), 0) == AMQP_STATUS_OK.rawValue else {
            throw DecodingFailed(status: 0)
        }
        var input = bytes
        try Self.feed(&input, into: state) { frame in try add(frame) }
    }

    private static func feed(
        _ bytes: inout [UInt8], into state: amqp_connection_state_t, _ handle: (amqp_frame_t) throws -> Void
    ) throws {
        var offset = 0
        while offset < bytes.count {
            var frame = amqp_frame_t()
            let consumed = bytes.withUnsafeMutableBytes { buffer in
                amqp_handle_input(
                    state, amqp_bytes_t(len: buffer.count - offset, bytes: buffer.baseAddress.map { $0 + offset }), &frame)
            }
            guard consumed > 0 else { throw DecodingFailed(status: consumed) }
            offset += Int(consumed)
            if frame.frame_type != 0 { try handle(frame) }
        }
    }

    private mutating func add(_ frame: amqp_frame_t) throws {
        frames.append(frame.frame_type)
        switch Int32(frame.frame_type) {
        case AMQP_FRAME_METHOD:
            #expect(frame.payload.method.id == AMQP_BASIC_PUBLISH_METHOD)
            let method = frame.payload.method.decoded.assumingMemoryBound(to: amqp_basic_publish_t.self).pointee
            publishes.append(
                Publish(
                    channel: frame.channel, exchange: method.exchange.string, routingKey: method.routing_key.string,
                    mandatory: method.mandatory != 0))
        case AMQP_FRAME_HEADER:
            let properties = frame.payload.properties.decoded.assumingMemoryBound(to: amqp_basic_properties_t.self).pointee
            let flags = Int32(properties._flags)
            publishes[publishes.count - 1].classID = frame.payload.properties.class_id
            publishes[publishes.count - 1].declaredBodySize = frame.payload.properties.body_size
            if flags & AMQP_BASIC_CONTENT_TYPE_FLAG != 0 {
                publishes[publishes.count - 1].contentType = properties.content_type.string
            }
            if flags & AMQP_BASIC_MESSAGE_ID_FLAG != 0 {
                publishes[publishes.count - 1].messageID = properties.message_id.string
            }
            if flags & AMQP_BASIC_HEADERS_FLAG != 0, let entries = properties.headers.entries {
                publishes[publishes.count - 1].headerNames = (0..<Int(properties.headers.num_entries)).map { entries[$0].key.string }
            }
        case AMQP_FRAME_BODY:
            let fragment = frame.payload.body_fragment
            bodyFragmentSizes.append(fragment.len)
            if let bytes = fragment.bytes {
                publishes[publishes.count - 1].body += UnsafeRawBufferPointer(start: bytes, count: fragment.len)
            }
        default:
            throw DecodingFailed(status: Int32(frame.frame_type))
        }
    }
}
