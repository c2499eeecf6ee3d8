/// The byte layout shared by ``CompactEncoder`` and ``CompactDecoder``.
///
/// A value is a wire type byte followed by its bytes:
///
/// | wire type | bytes |
/// | --- | --- |
/// | `nil` (0) | none |
/// | `varint` (1) | LEB128 of a zigzag-mapped signed or a plain unsigned integer; also `Bool` |
/// | `fixed64` (2) | 8 bytes little endian (`Double`; `Float` widened) |
/// | `bytes` (3) | a 4-byte little-endian length, then that many bytes: a nested keyed or unkeyed container (its length is patched in when it is done) |
/// | `string` (4) | a varint length, then the string's UTF-8 |
///
/// A keyed container is a run of fields, each the key's UTF-8 as a varint length and bytes,
/// then the value; fields appear in the order they were encoded (declaration order for
/// synthesized `Codable`), with absent optionals written as `nil`, so the decoder finds each
/// field where it expects it and skips fields it does not know. An unkeyed container is a run
/// of values. Dictionaries with `String` keys are written with their keys sorted, so the same
/// value always gives the same bytes.
enum CompactWireType: UInt8 {
    case null = 0
    case varint = 1
    case fixed64 = 2
    case bytes = 3
    case string = 4
}

extension Array where Element == UInt8 {
    /// Appends `value` as a protocol buffers varint (7 bits a byte, least significant first):
    /// shared by ``RecordWriter`` and the consumer's hand-written protobuf messages.
    @inlinable
    public mutating func appendVarint(_ value: UInt64) {
        var value = value
        while value >= 0x80 {
            append(UInt8(truncatingIfNeeded: value) | 0x80)
            value >>= 7
        }
        append(UInt8(value))
    }

    @inline(__always)
    mutating func appendFixed32(_ value: UInt32) {
        append(UInt8(truncatingIfNeeded: value))
        append(UInt8(truncatingIfNeeded: value >> 8))
        append(UInt8(truncatingIfNeeded: value >> 16))
        append(UInt8(truncatingIfNeeded: value >> 24))
    }

    @inline(__always)
    mutating func patchFixed32(at offset: Int, _ value: UInt32) {
        self[offset] = UInt8(truncatingIfNeeded: value)
        self[offset + 1] = UInt8(truncatingIfNeeded: value >> 8)
        self[offset + 2] = UInt8(truncatingIfNeeded: value >> 16)
        self[offset + 3] = UInt8(truncatingIfNeeded: value >> 24)
    }
}

@inline(__always)
func zigzag(_ value: Int64) -> UInt64 { UInt64(bitPattern: (value << 1) ^ (value >> 63)) }

@inline(__always)
func unzigzag(_ value: UInt64) -> Int64 { Int64(bitPattern: value >> 1) ^ -Int64(bitPattern: value & 1) }

/// Marks `[String: Value]` so the encoder can write its entries in key order.
protocol CompactStringKeyedDictionary {
    func encodeSorted(into writer: CompactWriter, level: Int) throws
}

extension Dictionary: CompactStringKeyedDictionary where Key == String, Value: Encodable {
    func encodeSorted(into writer: CompactWriter, level: Int) throws {
        for key in keys.sorted() {
            guard writer.mayWrite(at: level) else { return }
            // Every key read from `keys` is present.
            guard let value = self[key] else { continue }
            writer.appendKey(key)
            try writer.appendValue(value)
        }
    }
}
