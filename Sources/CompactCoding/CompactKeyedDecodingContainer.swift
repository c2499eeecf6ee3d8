/// Finds a keyed container's fields by key. Fields are looked for first where the previous one
/// ended (the encoder wrote them in the order synthesized `Codable` decodes them), then
/// anywhere in the container, so reordered, added or removed fields still decode.
final class CompactKeyedDecodingContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let reader: CompactReader
    let range: Range<Int>
    /// Where the field after the last one found starts.
    private var cursor: Int

    var codingPath: [any CodingKey] { [] }

    init(reader: CompactReader, range: Range<Int>) {
        self.reader = reader
        self.range = range
        cursor = range.lowerBound
    }

    var allKeys: [Key] {
        var keys: [Key] = []
        var position = range.lowerBound
        while position < range.upperBound, let (key, value) = try? reader.key(at: position),
              let end = try? reader.end(ofValueAt: value) {
            let name = String(decoding: UnsafeBufferPointer(rebasing: reader.bytes[key]), as: UTF8.self)
            if let key = Key(stringValue: name) { keys.append(key) }
            position = end
        }
        return keys
    }

    /// The offset of `key`'s value, or nil when the container has no such field.
    private func find(_ key: Key) throws -> Int? {
        let name = key.stringValue
        if let found = try scan(name, from: cursor, to: range.upperBound) { return found }
        return try scan(name, from: range.lowerBound, to: cursor)
    }

    private func scan(_ name: String, from start: Int, to end: Int) throws -> Int? {
        var position = start
        while position < end {
            let (key, value) = try reader.key(at: position)
            let next = try reader.end(ofValueAt: value)
            if reader.keyMatches(key, name) {
                cursor = next
                return value
            }
            position = next
        }
        return nil
    }

    private func require(_ key: Key) throws -> Int {
        guard let offset = try find(key) else {
            throw DecodingError.keyNotFound(key, DecodingError.Context(codingPath: [], debugDescription: "CompactDecoder: no field '\(key.stringValue)'"))
        }
        return offset
    }

    func contains(_ key: Key) -> Bool {
        let saved = cursor
        defer { cursor = saved }
        return (try? find(key)) != nil
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        guard let offset = try find(key) else { return true }
        return reader.isNil(at: offset)
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try reader.bool(at: require(key)) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try reader.string(at: require(key)) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try reader.double(at: require(key)) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { Float(try reader.double(at: require(key))) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try reader.integer(type, at: require(key)) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try reader.integer(type, at: require(key)) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try reader.integer(type, at: require(key)) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try reader.integer(type, at: require(key)) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try reader.integer(type, at: require(key)) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try reader.integer(type, at: require(key)) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try reader.integer(type, at: require(key)) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try reader.integer(type, at: require(key)) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try reader.integer(type, at: require(key)) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try reader.integer(type, at: require(key)) }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try CompactValueDecoder(reader: reader, offset: require(key)).decodeValue(type)
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard let offset = try find(key), !reader.isNil(at: offset) else { return nil }
        return try CompactValueDecoder(reader: reader, offset: offset).decodeValue(type)
    }

    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try present(key) { try reader.bool(at: $0) } }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try present(key) { try reader.string(at: $0) } }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try present(key) { try reader.double(at: $0) } }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try present(key) { try reader.integer(type, at: $0) } }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try present(key) { try reader.integer(type, at: $0) } }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { try present(key) { try reader.integer(type, at: $0) } }

    private func present<T>(_ key: Key, _ read: (Int) throws -> T) throws -> T? {
        guard let offset = try find(key), !reader.isNil(at: offset) else { return nil }
        return try read(offset)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        KeyedDecodingContainer(try CompactKeyedDecodingContainer<NestedKey>(reader: reader, range: reader.frame(at: require(key))))
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try CompactUnkeyedDecodingContainer(reader: reader, range: reader.frame(at: require(key)))
    }

    func superDecoder() throws -> any Decoder { throw reader.corrupt("superDecoder() is not supported") }
    func superDecoder(forKey key: Key) throws -> any Decoder { throw reader.corrupt("superDecoder(forKey:) is not supported") }
}
