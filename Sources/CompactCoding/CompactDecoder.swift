/// Decodes what ``CompactEncoder`` wrote.
public struct CompactDecoder: Sendable {
    /// A decoder.
    public init() {}

    /// The value of type `type` encoded in `bytes`.
    public func decode<T: Decodable>(_ type: T.Type, from bytes: UnsafeRawBufferPointer) throws -> T {
        try bytes.withMemoryRebound(to: UInt8.self) { buffer in
            try CompactValueDecoder(reader: CompactReader(bytes: buffer), offset: 0).decodeValue(T.self)
        }
    }

    /// The value of type `type` encoded in `bytes`.
    public func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8]) throws -> T {
        try bytes.withUnsafeBytes { try decode(type, from: $0) }
    }
}

/// The `Decoder` for the value whose wire type is at `offset`.
struct CompactValueDecoder: Decoder {
    let reader: CompactReader
    let offset: Int

    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    /// Decodes `type` at this value: primitives directly, anything else through its `init(from:)`.
    func decodeValue<T: Decodable>(_ type: T.Type) throws -> T {
        if T.self == String.self, let value = try reader.string(at: offset) as? T { return value }
        if T.self == Int.self, let value = try reader.integer(Int.self, at: offset) as? T { return value }
        if T.self == Int64.self, let value = try reader.signed(at: offset) as? T { return value }
        if T.self == Bool.self, let value = try reader.bool(at: offset) as? T { return value }
        if T.self == Double.self, let value = try reader.double(at: offset) as? T { return value }
        return try T(from: self)
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(try CompactKeyedDecodingContainer<Key>(reader: reader, range: reader.frame(at: offset)))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try CompactUnkeyedDecodingContainer(reader: reader, range: reader.frame(at: offset))
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        CompactSingleValueDecodingContainer(decoder: self)
    }
}
