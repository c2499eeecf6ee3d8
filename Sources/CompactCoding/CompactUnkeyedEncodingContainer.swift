/// Writes an unkeyed container's values one after another; the frame's length ends them.
struct CompactUnkeyedEncodingContainer: UnkeyedEncodingContainer {
    let writer: CompactWriter
    let level: Int
    private(set) var count = 0
    var codingPath: [any CodingKey] { [] }

    init(writer: CompactWriter, level: Int) {
        self.writer = writer
        self.level = level
    }

    @inline(__always)
    private mutating func element() -> Bool {
        guard writer.mayWrite(at: level) else { return false }
        count += 1
        return true
    }

    mutating func encodeNil() throws { if element() { writer.appendNil() } }
    mutating func encode(_ value: Bool) throws { if element() { writer.appendUnsigned(value ? 1 : 0) } }
    mutating func encode(_ value: String) throws { if element() { writer.appendString(value) } }
    mutating func encode(_ value: Double) throws { if element() { writer.appendDouble(value) } }
    mutating func encode(_ value: Float) throws { if element() { writer.appendDouble(Double(value)) } }
    mutating func encode(_ value: Int) throws { if element() { writer.appendSigned(Int64(value)) } }
    mutating func encode(_ value: Int8) throws { if element() { writer.appendSigned(Int64(value)) } }
    mutating func encode(_ value: Int16) throws { if element() { writer.appendSigned(Int64(value)) } }
    mutating func encode(_ value: Int32) throws { if element() { writer.appendSigned(Int64(value)) } }
    mutating func encode(_ value: Int64) throws { if element() { writer.appendSigned(value) } }
    mutating func encode(_ value: UInt) throws { if element() { writer.appendUnsigned(UInt64(value)) } }
    mutating func encode(_ value: UInt8) throws { if element() { writer.appendUnsigned(UInt64(value)) } }
    mutating func encode(_ value: UInt16) throws { if element() { writer.appendUnsigned(UInt64(value)) } }
    mutating func encode(_ value: UInt32) throws { if element() { writer.appendUnsigned(UInt64(value)) } }
    mutating func encode(_ value: UInt64) throws { if element() { writer.appendUnsigned(value) } }

    mutating func encode<T: Encodable>(_ value: T) throws {
        if element() { try writer.appendValue(value) }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let nestedLevel = element() ? writer.openNestedFrame(from: level) : -1
        return KeyedEncodingContainer(CompactKeyedEncodingContainer<NestedKey>(writer: writer, level: nestedLevel))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let nestedLevel = element() ? writer.openNestedFrame(from: level) : -1
        return CompactUnkeyedEncodingContainer(writer: writer, level: nestedLevel)
    }

    mutating func superEncoder() -> any Encoder { CompactUnsupportedEncoder(writer: writer) }
}

/// Writes the one value of a single-value container, unframed.
struct CompactSingleValueEncodingContainer: SingleValueEncodingContainer {
    let writer: CompactWriter
    let level: Int
    var codingPath: [any CodingKey] { [] }

    @inline(__always)
    private func value() -> Bool { writer.mayWrite(at: level) }

    mutating func encodeNil() throws { if value() { writer.appendNil() } }
    mutating func encode(_ value: Bool) throws { if self.value() { writer.appendUnsigned(value ? 1 : 0) } }
    mutating func encode(_ value: String) throws { if self.value() { writer.appendString(value) } }
    mutating func encode(_ value: Double) throws { if self.value() { writer.appendDouble(value) } }
    mutating func encode(_ value: Float) throws { if self.value() { writer.appendDouble(Double(value)) } }
    mutating func encode(_ value: Int) throws { if self.value() { writer.appendSigned(Int64(value)) } }
    mutating func encode(_ value: Int8) throws { if self.value() { writer.appendSigned(Int64(value)) } }
    mutating func encode(_ value: Int16) throws { if self.value() { writer.appendSigned(Int64(value)) } }
    mutating func encode(_ value: Int32) throws { if self.value() { writer.appendSigned(Int64(value)) } }
    mutating func encode(_ value: Int64) throws { if self.value() { writer.appendSigned(value) } }
    mutating func encode(_ value: UInt) throws { if self.value() { writer.appendUnsigned(UInt64(value)) } }
    mutating func encode(_ value: UInt8) throws { if self.value() { writer.appendUnsigned(UInt64(value)) } }
    mutating func encode(_ value: UInt16) throws { if self.value() { writer.appendUnsigned(UInt64(value)) } }
    mutating func encode(_ value: UInt32) throws { if self.value() { writer.appendUnsigned(UInt64(value)) } }
    mutating func encode(_ value: UInt64) throws { if self.value() { writer.appendUnsigned(value) } }

    mutating func encode<T: Encodable>(_ value: T) throws {
        if self.value() { try writer.appendValue(value) }
    }
}
