/// Reads a ``CompactRecord``'s fields. The bytes are valid only during the decode call.
public struct RecordReader {
    private let bytes: UnsafeRawBufferPointer
    private var position: Int
    private let end: Int
    /// The current field's number and wire type (0 varint, 1 fixed64, 2 length-delimited,
    /// 3 start of group, 5 fixed32).
    private var field: UInt64 = 0
    public private(set) var wireType: UInt64 = 0

    /// A reader of `bytes`.
    public init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
        position = 0
        end = bytes.count
    }

    private init(_ bytes: UnsafeRawBufferPointer, from start: Int, to end: Int) {
        self.bytes = bytes
        position = start
        self.end = end
    }

    private func error(_ message: String) -> RecordError {
        RecordError(message: "\(message) at byte \(position)")
    }

    @inline(__always)
    private mutating func varint() throws -> UInt64 {
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while position < end {
            let byte = bytes[position]
            position += 1
            result |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return result }
            shift += 7
            if shift > 63 { break }
        }
        throw error("bad varint")
    }

    /// The number of the next field, or nil at the end of the record.
    public mutating func nextField() throws -> Int? {
        guard position < end else { return nil }
        let key = try varint()
        wireType = key & 7
        field = key >> 3
        guard field > 0 else { throw error("field number 0") }
        return Int(field)
    }

    private mutating func expect(_ type: UInt64, _ what: String) throws {
        guard wireType == type else { throw error("expected \(what), found wire type \(wireType)") }
    }

    /// The current field as a signed integer (`sint64`).
    public mutating func int64() throws -> Int64 {
        try expect(0, "an integer")
        return unzigzag(try varint())
    }

    /// The current field as a signed integer that fits `Int`.
    public mutating func int() throws -> Int {
        let value = try int64()
        guard let converted = Int(exactly: value) else { throw error("\(value) does not fit Int") }
        return converted
    }

    /// The current field as an unsigned integer (`uint64`).
    public mutating func uint64() throws -> UInt64 {
        try expect(0, "an unsigned integer")
        return try varint()
    }

    /// The current field as a flag.
    public mutating func bool() throws -> Bool {
        try expect(0, "a flag")
        return try varint() != 0
    }

    private mutating func delimited() throws -> Range<Int> {
        try expect(2, "a length-delimited value")
        let length = try varint()
        guard length <= UInt64(end - position) else { throw error("truncated value of \(length) bytes") }
        let range = position..<(position + Int(length))
        position = range.upperBound
        return range
    }

    /// The current field as a string.
    public mutating func string() throws -> String {
        let range = try delimited()
        return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    /// The current field as a nested record.
    public mutating func record<Record: CompactRecord>(_ type: Record.Type = Record.self) throws -> Record {
        let range = try delimited()
        var nested = RecordReader(bytes, from: range.lowerBound, to: range.upperBound)
        return try Record(from: &nested)
    }

    /// Skips the current field (a field this version does not know), a group up to its end as
    /// protocol buffers' parsers do.
    public mutating func skip() throws {
        switch wireType {
        case 0: _ = try varint()
        case 1:
            guard end - position >= 8 else { throw error("truncated fixed64") }
            position += 8
        case 2: _ = try delimited()
        case 3: try skipGroup()
        case 5:
            guard end - position >= 4 else { throw error("truncated fixed32") }
            position += 4
        default: throw error("unsupported wire type \(wireType)")
        }
    }

    /// Skips the fields of the group the current field starts, and its end.
    private mutating func skipGroup() throws {
        let group = field
        while try nextField() != nil {
            if wireType == 4 {
                guard field == group else { throw error("group \(group) ended as group \(field)") }
                return
            }
            try skip()
        }
        throw error("group \(group) never ends")
    }
}
