/// Writes a keyed container's fields: the key, then the value. Absent optionals are written
/// as nil, so every field sits where the decoder looks for it first.
struct CompactKeyedEncodingContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let writer: CompactWriter
    let level: Int
    var codingPath: [any CodingKey] { [] }

    @inline(__always)
    private func field(_ key: Key) -> Bool {
        guard writer.mayWrite(at: level) else { return false }
        writer.appendKey(key.stringValue)
        return true
    }

    mutating func encodeNil(forKey key: Key) throws {
        if field(key) { writer.appendNil() }
    }

    mutating func encode(_ value: Bool, forKey key: Key) throws {
        if field(key) { writer.appendUnsigned(value ? 1 : 0) }
    }

    mutating func encode(_ value: String, forKey key: Key) throws {
        if field(key) { writer.appendString(value) }
    }

    mutating func encode(_ value: Double, forKey key: Key) throws {
        if field(key) { writer.appendDouble(value) }
    }

    mutating func encode(_ value: Float, forKey key: Key) throws {
        if field(key) { writer.appendDouble(Double(value)) }
    }

    mutating func encode(_ value: Int, forKey key: Key) throws { encodeSigned(Int64(value), key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { encodeSigned(Int64(value), key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { encodeSigned(Int64(value), key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { encodeSigned(Int64(value), key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { encodeSigned(value, key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { encodeUnsigned(UInt64(value), key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { encodeUnsigned(UInt64(value), key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { encodeUnsigned(UInt64(value), key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { encodeUnsigned(UInt64(value), key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { encodeUnsigned(value, key) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        if field(key) { try writer.appendValue(value) }
    }

    mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws { try encodeOptional(value, key) }
    mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws { try encodeOptional(value, key) }
    mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws { try encodeOptional(value, key) }
    mutating func encodeIfPresent(_ value: Float?, forKey key: Key) throws { try encodeOptional(value, key) }
    mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws { try encodeOptional(value, key) }
    mutating func encodeIfPresent(_ value: Int8?, forKey key: Key) throws { try encodeOptional(value, key) }
    mutating func encodeIfPresent(_ value: Int16?, forKey key: Key) throws { try encodeOptional(value, key) }
    mutating func encodeIfPresent(_ value: Int32?, forKey key: Key) throws { try encodeOptional(value, key) }
    mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws { try encodeOptional(value, key) }
    mutating func encodeIfPresent(_ value: UInt?, forKey key: Key) throws { try encodeOptional(value, key) }
    mutating func encodeIfPresent(_ value: UInt8?, forKey key: Key) throws { try encodeOptional(value, key) }
    mutating func encodeIfPresent(_ value: UInt16?, forKey key: Key) throws { try encodeOptional(value, key) }
    mutating func encodeIfPresent(_ value: UInt32?, forKey key: Key) throws { try encodeOptional(value, key) }
    mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws { try encodeOptional(value, key) }
    mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws { try encodeOptional(value, key) }

    private mutating func encodeOptional<T: Encodable>(_ value: T?, _ key: Key) throws {
        if let value {
            try encode(value, forKey: key)
        } else {
            try encodeNil(forKey: key)
        }
    }

    private func encodeSigned(_ value: Int64, _ key: Key) {
        if field(key) { writer.appendSigned(value) }
    }

    private func encodeUnsigned(_ value: UInt64, _ key: Key) {
        if field(key) { writer.appendUnsigned(value) }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        let nestedLevel = field(key) ? writer.openNestedFrame(from: level) : -1
        return KeyedEncodingContainer(CompactKeyedEncodingContainer<NestedKey>(writer: writer, level: nestedLevel))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let nestedLevel = field(key) ? writer.openNestedFrame(from: level) : -1
        return CompactUnkeyedEncodingContainer(writer: writer, level: nestedLevel)
    }

    mutating func superEncoder() -> any Encoder { CompactUnsupportedEncoder(writer: writer) }
    mutating func superEncoder(forKey key: Key) -> any Encoder { CompactUnsupportedEncoder(writer: writer) }
}
