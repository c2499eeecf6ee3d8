/// Reads the bytes of one ``CompactDecoder/decode(_:from:)`` call. The buffer is valid only
/// during that call; decoders and containers never outlive it.
struct CompactReader {
    let bytes: UnsafeBufferPointer<UInt8>

    func corrupt(_ description: String) -> DecodingError {
        DecodingError.dataCorrupted(DecodingError.Context(codingPath: [], debugDescription: "CompactDecoder: \(description)"))
    }

    @inline(__always)
    func wireType(at offset: Int) throws -> CompactWireType {
        guard offset < bytes.count, let type = CompactWireType(rawValue: bytes[offset]) else {
            throw corrupt("no value at byte \(offset)")
        }
        return type
    }

    @inline(__always)
    func varint(at offset: Int) throws -> (value: UInt64, end: Int) {
        var result: UInt64 = 0
        var shift: UInt64 = 0
        var position = offset
        while position < bytes.count {
            let byte = bytes[position]
            position += 1
            result |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return (result, position) }
            shift += 7
            if shift > 63 { break }
        }
        throw corrupt("bad varint at byte \(offset)")
    }

    @inline(__always)
    func fixed32(at offset: Int) throws -> Int {
        guard offset + 4 <= bytes.count else { throw corrupt("truncated length at byte \(offset)") }
        return Int(bytes[offset]) | Int(bytes[offset + 1]) << 8 | Int(bytes[offset + 2]) << 16 | Int(bytes[offset + 3]) << 24
    }

    /// The content range of the frame (keyed or unkeyed container) whose wire type is at `offset`.
    @inline(__always)
    func frame(at offset: Int) throws -> Range<Int> {
        guard try wireType(at: offset) == .bytes else { throw corrupt("expected bytes at byte \(offset)") }
        let length = try fixed32(at: offset + 1)
        let start = offset + 5
        guard start + length <= bytes.count else { throw corrupt("truncated bytes at byte \(offset)") }
        return start..<(start + length)
    }

    /// Where the value whose wire type is at `offset` ends.
    func end(ofValueAt offset: Int) throws -> Int {
        switch try wireType(at: offset) {
        case .null: return offset + 1
        case .varint: return try varint(at: offset + 1).end
        case .fixed64:
            guard offset + 9 <= bytes.count else { throw corrupt("truncated number at byte \(offset)") }
            return offset + 9
        case .bytes: return try frame(at: offset).upperBound
        case .string: return try stringRange(at: offset).upperBound
        }
    }

    func isNil(at offset: Int) -> Bool {
        offset < bytes.count && bytes[offset] == CompactWireType.null.rawValue
    }

    func unsigned(at offset: Int) throws -> UInt64 {
        guard try wireType(at: offset) == .varint else { throw corrupt("expected an integer at byte \(offset)") }
        return try varint(at: offset + 1).value
    }

    func signed(at offset: Int) throws -> Int64 {
        unzigzag(try unsigned(at: offset))
    }

    func double(at offset: Int) throws -> Double {
        guard try wireType(at: offset) == .fixed64, offset + 9 <= bytes.count else {
            throw corrupt("expected a floating-point number at byte \(offset)")
        }
        var bits: UInt64 = 0
        for index in 0..<8 { bits |= UInt64(bytes[offset + 1 + index]) << UInt64(index * 8) }
        return Double(bitPattern: bits)
    }

    /// The UTF-8 range of the string whose wire type is at `offset`.
    @inline(__always)
    func stringRange(at offset: Int) throws -> Range<Int> {
        guard try wireType(at: offset) == .string else { throw corrupt("expected a string at byte \(offset)") }
        let (length, start) = try varint(at: offset + 1)
        guard length <= UInt64(bytes.count - start) else { throw corrupt("truncated string at byte \(offset)") }
        return start..<(start + Int(length))
    }

    func string(at offset: Int) throws -> String {
        let range = try stringRange(at: offset)
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    /// Parses the key of the field starting at `offset`: the key's byte range and where its value starts.
    @inline(__always)
    func key(at offset: Int) throws -> (key: Range<Int>, value: Int) {
        let (length, start) = try varint(at: offset)
        let end = start + Int(length)
        guard end <= bytes.count else { throw corrupt("truncated key at byte \(offset)") }
        return (start..<end, end)
    }

    @inline(__always)
    func keyMatches(_ range: Range<Int>, _ key: String) -> Bool {
        var key = key
        return key.withUTF8 { utf8 in
            guard utf8.count == range.count else { return false }
            var index = range.lowerBound
            for byte in utf8 {
                if bytes[index] != byte { return false }
                index += 1
            }
            return true
        }
    }
}

/// Integer conversions with a clear error when a stored number does not fit.
extension CompactReader {
    func integer<T: FixedWidthInteger>(_ type: T.Type, at offset: Int) throws -> T {
        if T.isSigned {
            let value = try signed(at: offset)
            guard let converted = T(exactly: value) else { throw corrupt("\(value) does not fit \(T.self) at byte \(offset)") }
            return converted
        }
        let value = try unsigned(at: offset)
        guard let converted = T(exactly: value) else { throw corrupt("\(value) does not fit \(T.self) at byte \(offset)") }
        return converted
    }

    func bool(at offset: Int) throws -> Bool {
        switch try unsigned(at: offset) {
        case 0: return false
        case 1: return true
        case let other: throw corrupt("\(other) is not a Bool at byte \(offset)")
        }
    }
}
