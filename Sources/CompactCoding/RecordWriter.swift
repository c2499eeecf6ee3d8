/// Writes a ``CompactRecord``'s fields (protocol buffers' wire format).
public struct RecordWriter {
    /// The bytes written so far.
    public private(set) var bytes: [UInt8]

    /// An empty writer.
    public init(capacity: Int = 512) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    /// A raw byte before the fields, e.g. a format marker of the caller's storage (the reader
    /// must be given the bytes after it).
    public mutating func writeMarker(_ byte: UInt8) {
        bytes.append(byte)
    }

    @inline(__always)
    private mutating func tag(_ field: Int, _ wireType: UInt64) {
        bytes.appendVarint(UInt64(field) << 3 | wireType)
    }

    /// A signed integer (`sint64`: zigzag varint).
    public mutating func write(_ field: Int, _ value: Int64) {
        tag(field, 0)
        bytes.appendVarint(zigzag(value))
    }

    /// A signed integer (`sint64`).
    public mutating func write(_ field: Int, _ value: Int) {
        write(field, Int64(value))
    }

    /// An unsigned integer (`uint64`).
    public mutating func write(_ field: Int, _ value: UInt64) {
        tag(field, 0)
        bytes.appendVarint(value)
    }

    /// A flag (`bool`).
    public mutating func write(_ field: Int, _ value: Bool) {
        tag(field, 0)
        bytes.append(value ? 1 : 0)
    }

    /// A string (`string`: length-delimited UTF-8).
    public mutating func write(_ field: Int, _ value: String) {
        var value = value
        tag(field, 2)
        value.withUTF8 { utf8 in
            bytes.appendVarint(UInt64(utf8.count))
            bytes.append(contentsOf: utf8)
        }
    }

    /// A nested record (length-delimited). Its length is written as a 4-byte varint and patched
    /// when the record is done (valid, if not minimal, for protocol buffers parsers).
    public mutating func write<Record: CompactRecord>(_ field: Int, _ value: Record) {
        tag(field, 2)
        let slot = bytes.count
        bytes.append(contentsOf: [0x80, 0x80, 0x80, 0x00])
        value.write(to: &self)
        let length = UInt32(bytes.count - slot - 4)
        bytes[slot] = UInt8(truncatingIfNeeded: length) | 0x80
        bytes[slot + 1] = UInt8(truncatingIfNeeded: length >> 7) | 0x80
        bytes[slot + 2] = UInt8(truncatingIfNeeded: length >> 14) | 0x80
        bytes[slot + 3] = UInt8(truncatingIfNeeded: length >> 21)
    }

    /// A repeated record: one entry per element, in order.
    public mutating func write<Record: CompactRecord>(_ field: Int, _ values: [Record]) {
        for value in values { write(field, value) }
    }

    /// A repeated string: one entry per element, in order.
    public mutating func write(_ field: Int, _ values: [String]) {
        for value in values { write(field, value) }
    }

    /// A repeated signed integer: one entry per element, in order.
    public mutating func write(_ field: Int, _ values: [Int64]) {
        for value in values { write(field, value) }
    }

    /// Writes `value` when present; an absent optional writes nothing.
    public mutating func write(_ field: Int, _ value: Int64?) {
        if let value { write(field, value) }
    }

    public mutating func write(_ field: Int, _ value: Int?) {
        if let value { write(field, value) }
    }

    public mutating func write(_ field: Int, _ value: Bool?) {
        if let value { write(field, value) }
    }

    public mutating func write(_ field: Int, _ value: String?) {
        if let value { write(field, value) }
    }

    public mutating func write<Record: CompactRecord>(_ field: Int, _ value: Record?) {
        if let value { write(field, value) }
    }
}
