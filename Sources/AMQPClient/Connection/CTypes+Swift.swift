import CRabbitMQ
import Foundation

extension amqp_bytes_t {
    /// A copy of the bytes (rabbitmq-c's memory is reused after the call).
    var data: Data {
        guard len > 0, let bytes else { return Data() }
        return Data(bytes: bytes, count: len)
    }

    /// The bytes as UTF-8 text (lossy).
    var string: String {
        guard len > 0, let bytes else { return "" }
        return String(decoding: UnsafeRawBufferPointer(start: bytes, count: len), as: UTF8.self)
    }
}

extension AMQPFieldValue {
    /// The Swift value of a rabbitmq-c field value (copied).
    init(_ field: amqp_field_value_t) {
        switch field.kind {
        case UInt8(ascii: "t"): self = .bool(field.value.boolean != 0)
        case UInt8(ascii: "b"): self = .int32(Int32(field.value.i8))
        case UInt8(ascii: "B"): self = .int32(Int32(field.value.u8))
        case UInt8(ascii: "s"): self = .int32(Int32(field.value.i16))
        case UInt8(ascii: "u"): self = .int32(Int32(field.value.u16))
        case UInt8(ascii: "I"): self = .int32(field.value.i32)
        case UInt8(ascii: "i"): self = .int64(Int64(field.value.u32))
        case UInt8(ascii: "l"): self = .int64(field.value.i64)
        case UInt8(ascii: "L"): self = .int64(Int64(truncatingIfNeeded: field.value.u64))
        case UInt8(ascii: "f"): self = .double(Double(field.value.f32))
        case UInt8(ascii: "d"): self = .double(field.value.f64)
        case UInt8(ascii: "S"): self = .string(field.value.bytes.string)
        case UInt8(ascii: "x"): self = .bytes([UInt8](field.value.bytes.data))
        case UInt8(ascii: "T"): self = .timestamp(Date(timeIntervalSince1970: TimeInterval(field.value.u64)))
        case UInt8(ascii: "F"): self = .table(AMQPTable(cTable: field.value.table))
        case UInt8(ascii: "A"):
            let array = field.value.array
            var values: [AMQPFieldValue] = []
            if let entries = array.entries {
                for index in 0..<Int(array.num_entries) { values.append(AMQPFieldValue(entries[index])) }
            }
            self = .array(values)
        default: self = .void
        }
    }
}

extension Dictionary where Key == String, Value == AMQPFieldValue {
    /// The Swift table of a rabbitmq-c table (copied).
    init(cTable: amqp_table_t) {
        self.init()
        guard let entries = cTable.entries else { return }
        for index in 0..<Int(cTable.num_entries) {
            let entry = entries[index]
            self[entry.key.string] = AMQPFieldValue(entry.value)
        }
    }
}

extension AMQPProperties {
    /// The Swift properties of a received content header (copied).
    init(_ properties: amqp_basic_properties_t) {
        let flags = properties._flags
        func has(_ flag: Int32) -> Bool { flags & amqp_flags_t(flag) != 0 }
        self.init(
            contentType: has(AMQP_BASIC_CONTENT_TYPE_FLAG) ? properties.content_type.string : nil,
            messageId: has(AMQP_BASIC_MESSAGE_ID_FLAG) ? properties.message_id.string : nil,
            correlationId: has(AMQP_BASIC_CORRELATION_ID_FLAG) ? properties.correlation_id.string : nil,
            replyTo: has(AMQP_BASIC_REPLY_TO_FLAG) ? properties.reply_to.string : nil,
            type: has(AMQP_BASIC_TYPE_FLAG) ? properties.type.string : nil,
            expiration: has(AMQP_BASIC_EXPIRATION_FLAG) ? properties.expiration.string : nil,
            timestamp: has(AMQP_BASIC_TIMESTAMP_FLAG)
                ? Date(timeIntervalSince1970: TimeInterval(properties.timestamp)) : nil,
            appId: has(AMQP_BASIC_APP_ID_FLAG) ? properties.app_id.string : nil,
            userId: has(AMQP_BASIC_USER_ID_FLAG) ? properties.user_id.string : nil,
            persistent: has(AMQP_BASIC_DELIVERY_MODE_FLAG) && properties.delivery_mode == 2,
            headers: has(AMQP_BASIC_HEADERS_FLAG) ? AMQPTable(cTable: properties.headers) : [:]
        )
    }

    /// The rabbitmq-c properties, with memory owned by `arena`, and `extraHeader` among the
    /// headers (replacing one of the same name).
    func cProperties(in arena: CArena, extraHeader: (key: String, value: AMQPFieldValue)? = nil) -> amqp_basic_properties_t {
        var properties = amqp_basic_properties_t()
        var flags: Int32 = AMQP_BASIC_DELIVERY_MODE_FLAG
        properties.delivery_mode = persistent ? 2 : 1
        func set(_ value: String?, _ flag: Int32, _ assign: (amqp_bytes_t) -> Void) {
            guard let value else { return }
            flags |= flag
            assign(arena.bytes(value))
        }
        set(contentType, AMQP_BASIC_CONTENT_TYPE_FLAG) { properties.content_type = $0 }
        set(messageId, AMQP_BASIC_MESSAGE_ID_FLAG) { properties.message_id = $0 }
        set(correlationId, AMQP_BASIC_CORRELATION_ID_FLAG) { properties.correlation_id = $0 }
        set(replyTo, AMQP_BASIC_REPLY_TO_FLAG) { properties.reply_to = $0 }
        set(type, AMQP_BASIC_TYPE_FLAG) { properties.type = $0 }
        set(expiration, AMQP_BASIC_EXPIRATION_FLAG) { properties.expiration = $0 }
        set(appId, AMQP_BASIC_APP_ID_FLAG) { properties.app_id = $0 }
        set(userId, AMQP_BASIC_USER_ID_FLAG) { properties.user_id = $0 }
        if let timestamp {
            flags |= AMQP_BASIC_TIMESTAMP_FLAG
            properties.timestamp = UInt64(max(0, timestamp.timeIntervalSince1970))
        }
        if !headers.isEmpty || extraHeader != nil {
            flags |= AMQP_BASIC_HEADERS_FLAG
            properties.headers = arena.table(headers, adding: extraHeader)
        }
        properties._flags = amqp_flags_t(flags)
        return properties
    }
}
