/// Reads an unkeyed container's values in order until its frame ends.
struct CompactUnkeyedDecodingContainer: UnkeyedDecodingContainer {
    let reader: CompactReader
    let range: Range<Int>
    private var position: Int
    private(set) var currentIndex = 0

    var codingPath: [any CodingKey] { [] }
    var count: Int? { nil }
    var isAtEnd: Bool { position >= range.upperBound }

    init(reader: CompactReader, range: Range<Int>) {
        self.reader = reader
        self.range = range
        position = range.lowerBound
    }

    private mutating func next() throws -> Int {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(Any.self, DecodingError.Context(
                codingPath: [], debugDescription: "CompactDecoder: the unkeyed container has no value \(currentIndex)"))
        }
        let offset = position
        position = try reader.end(ofValueAt: offset)
        currentIndex += 1
        return offset
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, reader.isNil(at: position) else { return false }
        _ = try next()
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try reader.bool(at: next()) }
    mutating func decode(_ type: String.Type) throws -> String { try reader.string(at: next()) }
    mutating func decode(_ type: Double.Type) throws -> Double { try reader.double(at: next()) }
    mutating func decode(_ type: Float.Type) throws -> Float { Float(try reader.double(at: next())) }
    mutating func decode(_ type: Int.Type) throws -> Int { try reader.integer(type, at: next()) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try reader.integer(type, at: next()) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try reader.integer(type, at: next()) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try reader.integer(type, at: next()) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try reader.integer(type, at: next()) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try reader.integer(type, at: next()) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try reader.integer(type, at: next()) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try reader.integer(type, at: next()) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try reader.integer(type, at: next()) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try reader.integer(type, at: next()) }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try CompactValueDecoder(reader: reader, offset: next()).decodeValue(type)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        KeyedDecodingContainer(try CompactKeyedDecodingContainer<NestedKey>(reader: reader, range: reader.frame(at: next())))
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try CompactUnkeyedDecodingContainer(reader: reader, range: reader.frame(at: next()))
    }

    mutating func superDecoder() throws -> any Decoder { throw reader.corrupt("superDecoder() is not supported") }
}

/// Reads the one value of a single-value container.
struct CompactSingleValueDecodingContainer: SingleValueDecodingContainer {
    let decoder: CompactValueDecoder
    var codingPath: [any CodingKey] { [] }
    private var reader: CompactReader { decoder.reader }
    private var offset: Int { decoder.offset }

    func decodeNil() -> Bool { reader.isNil(at: offset) }
    func decode(_ type: Bool.Type) throws -> Bool { try reader.bool(at: offset) }
    func decode(_ type: String.Type) throws -> String { try reader.string(at: offset) }
    func decode(_ type: Double.Type) throws -> Double { try reader.double(at: offset) }
    func decode(_ type: Float.Type) throws -> Float { Float(try reader.double(at: offset)) }
    func decode(_ type: Int.Type) throws -> Int { try reader.integer(type, at: offset) }
    func decode(_ type: Int8.Type) throws -> Int8 { try reader.integer(type, at: offset) }
    func decode(_ type: Int16.Type) throws -> Int16 { try reader.integer(type, at: offset) }
    func decode(_ type: Int32.Type) throws -> Int32 { try reader.integer(type, at: offset) }
    func decode(_ type: Int64.Type) throws -> Int64 { try reader.integer(type, at: offset) }
    func decode(_ type: UInt.Type) throws -> UInt { try reader.integer(type, at: offset) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try reader.integer(type, at: offset) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try reader.integer(type, at: offset) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try reader.integer(type, at: offset) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try reader.integer(type, at: offset) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try decoder.decodeValue(type) }
}
