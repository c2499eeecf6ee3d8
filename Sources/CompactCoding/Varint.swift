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
}

/// A signed integer as protocol buffers' `sint64` stores it (small magnitudes, small varints).
@inline(__always)
func zigzag(_ value: Int64) -> UInt64 { UInt64(bitPattern: (value << 1) ^ (value >> 63)) }

@inline(__always)
func unzigzag(_ value: UInt64) -> Int64 { Int64(bitPattern: value >> 1) ^ -Int64(bitPattern: value & 1) }
