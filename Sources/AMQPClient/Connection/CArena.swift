import CRabbitMQ
import Foundation

/// Owns C memory built for one rabbitmq-c call (strings, table entries) and frees it at once
/// when the call has returned. Used only on the connection thread.
final class CArena {
    private var allocations: [UnsafeMutableRawPointer] = []

    deinit {
        for pointer in allocations { free(pointer) }
    }

    /// An `amqp_bytes_t` holding a copy of `bytes`, alive as long as the arena.
    func bytes<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> amqp_bytes_t {
        guard !bytes.isEmpty, let pointer = malloc(bytes.count) else { return amqp_empty_bytes }
        allocations.append(pointer)
        let buffer = UnsafeMutableRawBufferPointer(start: pointer, count: bytes.count)
        buffer.copyBytes(from: bytes)
        return amqp_bytes_t(len: bytes.count, bytes: pointer)
    }

    /// An `amqp_bytes_t` holding the UTF-8 of `string`.
    func bytes(_ string: String) -> amqp_bytes_t {
        bytes(Array(string.utf8))
    }

    /// An `amqp_table_t` with the entries of `table`, sorted by name for determinism.
    func table(_ table: AMQPTable) -> amqp_table_t {
        guard !table.isEmpty else { return amqp_empty_table }
        let count = table.count
        let size = MemoryLayout<amqp_table_entry_t>.stride * count
        guard let raw = malloc(size) else { return amqp_empty_table }
        allocations.append(raw)
        let entries = raw.bindMemory(to: amqp_table_entry_t.self, capacity: count)
        for (index, (key, value)) in table.sorted(by: { $0.key < $1.key }).enumerated() {
            (entries + index).initialize(to: amqp_table_entry_t(key: bytes(key), value: fieldValue(value)))
        }
        return amqp_table_t(num_entries: Int32(count), entries: entries)
    }

    private func fieldValue(_ value: AMQPFieldValue) -> amqp_field_value_t {
        var field = amqp_field_value_t()
        switch value {
        case .string(let text):
            field.kind = UInt8(ascii: "S")
            field.value.bytes = bytes(text)
        case .int64(let number):
            field.kind = UInt8(ascii: "l")
            field.value.i64 = number
        case .int32(let number):
            field.kind = UInt8(ascii: "I")
            field.value.i32 = number
        case .bool(let flag):
            field.kind = UInt8(ascii: "t")
            field.value.boolean = flag ? 1 : 0
        case .double(let number):
            field.kind = UInt8(ascii: "d")
            field.value.f64 = number
        case .bytes(let data):
            field.kind = UInt8(ascii: "x")
            field.value.bytes = bytes(data)
        case .table(let nested):
            field.kind = UInt8(ascii: "F")
            field.value.table = table(nested)
        case .array(let values):
            field.kind = UInt8(ascii: "A")
            field.value.array = array(values)
        case .timestamp(let date):
            field.kind = UInt8(ascii: "T")
            field.value.u64 = UInt64(max(0, date.timeIntervalSince1970))
        case .void:
            field.kind = UInt8(ascii: "V")
        }
        return field
    }

    private func array(_ values: [AMQPFieldValue]) -> amqp_array_t {
        guard !values.isEmpty,
              let raw = malloc(MemoryLayout<amqp_field_value_t>.stride * values.count)
        else { return amqp_array_t(num_entries: 0, entries: nil) }
        allocations.append(raw)
        let entries = raw.bindMemory(to: amqp_field_value_t.self, capacity: values.count)
        for (index, value) in values.enumerated() {
            (entries + index).initialize(to: fieldValue(value))
        }
        return amqp_array_t(num_entries: Int32(values.count), entries: entries)
    }
}
