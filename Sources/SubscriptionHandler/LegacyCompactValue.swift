/// One value of the retired `Codable` binary format of stored bodies (first byte `C`, see
/// ``StoredBody``), which nothing writes any more: a wire type byte, then
///
/// | wire type | bytes |
/// | --- | --- |
/// | 0 nil | none |
/// | 1 varint | LEB128; zigzag-mapped for signed integers, plain for unsigned ones and `Bool` |
/// | 2 fixed64 | a `Double`'s bits, 8 bytes little endian |
/// | 3 frame | a 4-byte little-endian length, then a keyed container's fields (each a key as a varint length and UTF-8, then a value) or an unkeyed container's values |
/// | 4 string | a varint length, then UTF-8 |
///
/// Whether a frame holds fields or values is known only to the type decoding it, so a frame
/// is read as one or the other when asked (``fields()``, ``elements()``).
enum LegacyCompactValue {
    case null
    case varint(UInt64)
    case double(Double)
    case string(String)
    case frame(ArraySlice<UInt8>)

    /// The value starting at `cursor`, which moves past it.
    static func read(_ bytes: ArraySlice<UInt8>, at cursor: inout Int) throws -> LegacyCompactValue {
        guard cursor < bytes.endIndex else { throw corrupt("no value at byte \(cursor)") }
        let wireType = bytes[cursor]
        cursor += 1
        switch wireType {
        case 0:
            return .null
        case 1:
            return .varint(try varint(bytes, at: &cursor))
        case 2:
            guard bytes.endIndex - cursor >= 8 else { throw corrupt("truncated number at byte \(cursor)") }
            let bits = (0..<8).reduce(UInt64(0)) { $0 | UInt64(bytes[cursor + $1]) << (8 * $1) }
            cursor += 8
            return .double(Double(bitPattern: bits))
        case 3:
            guard bytes.endIndex - cursor >= 4 else { throw corrupt("truncated length at byte \(cursor)") }
            let length = (0..<4).reduce(0) { $0 | Int(bytes[cursor + $1]) << (8 * $1) }
            let start = cursor + 4
            guard bytes.endIndex - start >= length else { throw corrupt("truncated frame at byte \(cursor)") }
            cursor = start + length
            return .frame(bytes[start..<cursor])
        case 4:
            return .string(try text(bytes, at: &cursor))
        default:
            throw corrupt("unknown wire type \(wireType) at byte \(cursor - 1)")
        }
    }

    /// The frame read as a keyed container's fields.
    func fields() throws -> [String: LegacyCompactValue] {
        guard case .frame(let bytes) = self else { throw Self.corrupt("expected a keyed container, found \(self)") }
        var fields: [String: LegacyCompactValue] = [:]
        var cursor = bytes.startIndex
        while cursor < bytes.endIndex {
            let key = try Self.text(bytes, at: &cursor)
            fields[key] = try Self.read(bytes, at: &cursor)
        }
        return fields
    }

    /// The frame read as an unkeyed container's values.
    func elements() throws -> [LegacyCompactValue] {
        guard case .frame(let bytes) = self else { throw Self.corrupt("expected an unkeyed container, found \(self)") }
        var elements: [LegacyCompactValue] = []
        var cursor = bytes.startIndex
        while cursor < bytes.endIndex { elements.append(try Self.read(bytes, at: &cursor)) }
        return elements
    }

    func integer<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
        guard case .varint(let raw) = self else { throw Self.corrupt("expected an integer, found \(self)") }
        let converted = T.isSigned ? T(exactly: Int64(bitPattern: raw >> 1) ^ -Int64(bitPattern: raw & 1)) : T(exactly: raw)
        guard let converted else { throw Self.corrupt("\(raw) does not fit \(T.self)") }
        return converted
    }

    func bool() throws -> Bool {
        switch self {
        case .varint(0): false
        case .varint(1): true
        default: throw Self.corrupt("expected a Bool, found \(self)")
        }
    }

    func string() throws -> String {
        guard case .string(let value) = self else { throw Self.corrupt("expected a string, found \(self)") }
        return value
    }

    func double() throws -> Double {
        switch self {
        case .double(let value): value
        case .varint: Double(try integer(Int64.self))
        default: throw Self.corrupt("expected a number, found \(self)")
        }
    }

    private static func varint(_ bytes: ArraySlice<UInt8>, at cursor: inout Int) throws -> UInt64 {
        var value: UInt64 = 0
        for shift in stride(from: 0, to: 64, by: 7) {
            guard cursor < bytes.endIndex else { break }
            let byte = bytes[cursor]
            cursor += 1
            value |= UInt64(byte & 0x7F) << UInt64(shift)
            if byte < 0x80 { return value }
        }
        throw corrupt("bad varint before byte \(cursor)")
    }

    private static func text(_ bytes: ArraySlice<UInt8>, at cursor: inout Int) throws -> String {
        let length = try varint(bytes, at: &cursor)
        guard length <= UInt64(bytes.endIndex - cursor) else { throw corrupt("truncated string at byte \(cursor)") }
        let end = cursor + Int(length)
        defer { cursor = end }
        return String(decoding: bytes[cursor..<end], as: UTF8.self)
    }

    static func corrupt(_ description: String) -> DecodingError {
        DecodingError.dataCorrupted(DecodingError.Context(codingPath: [], debugDescription: "legacy compact body: \(description)"))
    }
}
