import CompactCoding

/// How the engine's value types are written in records: instants and money as integers,
/// codes and periods as their text, enums as their raw values.
extension RecordWriter {
    mutating func write(_ field: Int, _ value: Timestamp) { write(field, value.millisecondsSince1970) }
    mutating func write(_ field: Int, _ value: Timestamp?) { if let value { write(field, value) } }
    mutating func write(_ field: Int, _ values: [Timestamp]) { for value in values { write(field, value) } }
    mutating func write(_ field: Int, _ value: Milliunits) { write(field, value.rawValue) }
    mutating func write(_ field: Int, _ value: Milliunits?) { if let value { write(field, value) } }
    mutating func write(_ field: Int, _ value: ISOPeriod) { write(field, value.description) }
    mutating func write(_ field: Int, _ value: ISOPeriod?) { if let value { write(field, value) } }
    mutating func write(_ field: Int, _ value: CurrencyCode) { write(field, value.rawValue) }
    mutating func write(_ field: Int, _ value: StorefrontCode) { write(field, value.rawValue) }
    mutating func write(_ field: Int, _ values: [StorefrontCode]) { for value in values { write(field, value) } }

    mutating func write<Value: RawRepresentable>(_ field: Int, _ value: Value) where Value.RawValue == String {
        write(field, value.rawValue)
    }

    mutating func write<Value: RawRepresentable>(_ field: Int, _ value: Value?) where Value.RawValue == String {
        if let value { write(field, value.rawValue) }
    }

    mutating func write<Value: RawRepresentable>(_ field: Int, _ value: Value) where Value.RawValue == Int {
        write(field, value.rawValue)
    }

    mutating func write<Value: RawRepresentable>(_ field: Int, _ value: Value?) where Value.RawValue == Int {
        if let value { write(field, value.rawValue) }
    }
}

extension RecordReader {
    mutating func timestamp() throws -> Timestamp { Timestamp(millisecondsSince1970: try int64()) }
    mutating func milliunits() throws -> Milliunits { Milliunits(try int64()) }
    mutating func currency() throws -> CurrencyCode { CurrencyCode(rawValue: try string()) }
    mutating func storefront() throws -> StorefrontCode { StorefrontCode(rawValue: try string()) }

    mutating func period() throws -> ISOPeriod {
        let text = try string()
        guard let period = ISOPeriod(iso8601: text) else { throw RecordError(message: "'\(text)' is not an ISO 8601 period") }
        return period
    }

    mutating func value<Value: RawRepresentable>(_ type: Value.Type = Value.self) throws -> Value where Value.RawValue == String {
        let raw = try string()
        guard let value = Value(rawValue: raw) else { throw RecordError(message: "'\(raw)' is not a \(Value.self)") }
        return value
    }

    mutating func value<Value: RawRepresentable>(_ type: Value.Type = Value.self) throws -> Value where Value.RawValue == Int {
        let raw = try int()
        guard let value = Value(rawValue: raw) else { throw RecordError(message: "\(raw) is not a \(Value.self)") }
        return value
    }
}
