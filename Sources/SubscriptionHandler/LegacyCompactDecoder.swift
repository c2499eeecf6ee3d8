/// Decodes stored bodies written in the retired `Codable` binary format (first byte `C`,
/// ``LegacyCompactValue``): replies of idempotency keys, and aggregates and history rows saved
/// before they became records. Nothing writes the format any more; rows written before keep
/// being read through this decoder (they are never rewritten: a reply is stored once).
struct LegacyCompactDecoder {
    /// The `type` in `bytes` (the body after its `C`).
    func decode<T: Decodable>(_ type: T.Type, from bytes: ArraySlice<UInt8>) throws -> T {
        var cursor = bytes.startIndex
        return try T(from: LegacyValueDecoder(value: try LegacyCompactValue.read(bytes, at: &cursor)))
    }
}

/// The `Decoder` of one value.
private struct LegacyValueDecoder: Decoder {
    let value: LegacyCompactValue
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(LegacyKeyedContainer<Key>(fields: try value.fields()))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer { LegacyUnkeyedContainer(elements: try value.elements()) }
    func singleValueContainer() throws -> any SingleValueDecodingContainer { LegacySingleValue(value: value) }
}

private struct LegacySingleValue: SingleValueDecodingContainer {
    let value: LegacyCompactValue
    var codingPath: [any CodingKey] { [] }

    func decodeNil() -> Bool {
        if case .null = value { return true }
        return false
    }

    func decode(_ type: Bool.Type) throws -> Bool { try value.bool() }
    func decode(_ type: String.Type) throws -> String { try value.string() }
    func decode(_ type: Double.Type) throws -> Double { try value.double() }
    func decode(_ type: Float.Type) throws -> Float { Float(try value.double()) }
    func decode(_ type: Int.Type) throws -> Int { try value.integer(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try value.integer(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try value.integer(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try value.integer(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try value.integer(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try value.integer(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try value.integer(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try value.integer(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try value.integer(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try value.integer(type) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try T(from: LegacyValueDecoder(value: value)) }
}

private struct LegacyKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let fields: [String: LegacyCompactValue]
    var codingPath: [any CodingKey] { [] }
    var allKeys: [Key] { fields.keys.compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool { fields[key.stringValue] != nil }

    private func value(_ key: Key) throws -> LegacySingleValue {
        guard let value = fields[key.stringValue] else {
            throw DecodingError.keyNotFound(key, DecodingError.Context(codingPath: [], debugDescription: "legacy compact body"))
        }
        return LegacySingleValue(value: value)
    }

    func decodeNil(forKey key: Key) throws -> Bool { try value(key).decodeNil() }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try value(key).decode(type) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try value(key).decode(type) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try value(key).decode(type) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try value(key).decode(type) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try value(key).decode(type) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try value(key).decode(type) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try value(key).decode(type) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try value(key).decode(type) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try value(key).decode(type) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try value(key).decode(type) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try value(key).decode(type) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try value(key).decode(type) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try value(key).decode(type) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try value(key).decode(type) }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try value(key).decode(type) }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try LegacyValueDecoder(value: value(key).value).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try LegacyValueDecoder(value: value(key).value).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder { throw LegacyCompactValue.corrupt("superDecoder() was never written") }
    func superDecoder(forKey key: Key) throws -> any Decoder { throw LegacyCompactValue.corrupt("superDecoder() was never written") }
}

private struct LegacyUnkeyedContainer: UnkeyedDecodingContainer {
    let elements: [LegacyCompactValue]
    var codingPath: [any CodingKey] { [] }
    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }
    private(set) var currentIndex = 0

    init(elements: [LegacyCompactValue]) {
        self.elements = elements
    }

    private mutating func next() throws -> LegacySingleValue {
        guard !isAtEnd else { throw LegacyCompactValue.corrupt("no value left at index \(currentIndex)") }
        defer { currentIndex += 1 }
        return LegacySingleValue(value: elements[currentIndex])
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, case .null = elements[currentIndex] else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try next().decode(type) }
    mutating func decode(_ type: String.Type) throws -> String { try next().decode(type) }
    mutating func decode(_ type: Double.Type) throws -> Double { try next().decode(type) }
    mutating func decode(_ type: Float.Type) throws -> Float { try next().decode(type) }
    mutating func decode(_ type: Int.Type) throws -> Int { try next().decode(type) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try next().decode(type) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try next().decode(type) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try next().decode(type) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try next().decode(type) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try next().decode(type) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try next().decode(type) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try next().decode(type) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try next().decode(type) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try next().decode(type) }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try next().decode(type) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try LegacyValueDecoder(value: next().value).container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try LegacyValueDecoder(value: next().value).unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder { throw LegacyCompactValue.corrupt("superDecoder() was never written") }
}
