import CRabbitMQ
import Foundation

/// Owns C memory built for one rabbitmq-c call (strings, table entries) and frees it at once
/// when the call has returned. Used only on the connection thread.
///
/// Small pieces are carved from blocks of ``blockSize`` bytes rather than allocated one by
/// one (a flush of a few hundred publishes needs about ten pieces for each: names,
/// properties, the tag header); a piece larger than a quarter block gets an allocation of
/// its own.
final class CArena {
    static let blockSize = 16 * 1024
    private var blocks: [UnsafeMutableRawPointer] = []
    /// The free part of the current block.
    private var next: UnsafeMutableRawPointer?
    private var remaining = 0

    deinit {
        for block in blocks { free(block) }
    }

    /// `count` bytes, 16-byte aligned (what `malloc` gives), alive as long as the arena; nil
    /// when memory is exhausted.
    private func allocate(_ count: Int) -> UnsafeMutableRawPointer? {
        let size = (count + 15) & ~15
        if size > Self.blockSize / 4 {
            guard let pointer = malloc(size) else { return nil }
            blocks.append(pointer)
            return pointer
        }
        if size > remaining || next == nil {
            guard let block = malloc(Self.blockSize) else { return nil }
            blocks.append(block)
            next = block
            remaining = Self.blockSize
        }
        guard let pointer = next else { return nil }
        next = pointer + size
        remaining -= size
        return pointer
    }

    /// An `amqp_bytes_t` holding a copy of `bytes`, alive as long as the arena.
    func bytes<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> amqp_bytes_t {
        guard !bytes.isEmpty, let pointer = allocate(bytes.count) else { return amqp_empty_bytes }
        let buffer = UnsafeMutableRawBufferPointer(start: pointer, count: bytes.count)
        buffer.copyBytes(from: bytes)
        return amqp_bytes_t(len: bytes.count, bytes: pointer)
    }

    /// An `amqp_bytes_t` holding the UTF-8 of `string`.
    func bytes(_ string: String) -> amqp_bytes_t {
        var string = string
        // Straight from the string's UTF-8 (contiguous once `withUTF8` has run), with no array
        // in between: a publish copies half a dozen names and properties.
        return string.withUTF8 { bytes($0) }
    }

    /// An `amqp_table_t` with the entries of `table`, sorted by name (byte order) for
    /// determinism, and `extra` in place of any entry of the same name. Built straight into the
    /// arena and sorted there: a publish carries a few headers, and sorting the dictionary
    /// first allocated an array of them for every publish.
    func table(_ table: AMQPTable, adding extra: (key: String, value: AMQPFieldValue)? = nil) -> amqp_table_t {
        let capacity = table.count + (extra == nil ? 0 : 1)
        guard capacity > 0, let raw = allocate(MemoryLayout<amqp_table_entry_t>.stride * capacity) else { return amqp_empty_table }
        let entries = raw.bindMemory(to: amqp_table_entry_t.self, capacity: capacity)
        var count = 0
        for (key, value) in table where key != extra?.key {
            (entries + count).initialize(to: amqp_table_entry_t(key: bytes(key), value: fieldValue(value)))
            count += 1
        }
        if let extra {
            (entries + count).initialize(to: amqp_table_entry_t(key: bytes(extra.key), value: fieldValue(extra.value)))
            count += 1
        }
        var sorted = UnsafeMutableBufferPointer(start: entries, count: count)
        sorted.sort { Self.precedes($0.key, $1.key) }
        return amqp_table_t(num_entries: Int32(count), entries: entries)
    }

    /// Byte order of two keys (a shorter key first when it is a prefix of the other).
    private static func precedes(_ lhs: amqp_bytes_t, _ rhs: amqp_bytes_t) -> Bool {
        let common = min(lhs.len, rhs.len)
        let order = common == 0 ? 0 : memcmp(lhs.bytes, rhs.bytes, common)
        return order != 0 ? order < 0 : lhs.len < rhs.len
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
              let raw = allocate(MemoryLayout<amqp_field_value_t>.stride * values.count)
        else { return amqp_array_t(num_entries: 0, entries: nil) }
        let entries = raw.bindMemory(to: amqp_field_value_t.self, capacity: values.count)
        for (index, value) in values.enumerated() {
            (entries + index).initialize(to: fieldValue(value))
        }
        return amqp_array_t(num_entries: Int32(values.count), entries: entries)
    }
}
