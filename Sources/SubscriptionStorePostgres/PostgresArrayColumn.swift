import Foundation
import NIOCore
import PostgresNIO

/// One column of a multi-row statement, bound as a one-dimensional PostgreSQL array and read
/// back row by row with `unnest` (`INSERT … SELECT * FROM unnest($1::text[], $2::bytea[], …)`):
/// a batch's rows of one table in one statement, whatever their number.
///
/// Written straight into the array's binary wire format, element by element: postgres-nio's own
/// array encoding takes neither `Data` nor optional elements, and going through them would copy
/// every body once more. NULL elements are written as such (a `due_at` that is not set, a
/// command without a digest).
struct PostgresArrayColumn: PostgresDynamicTypeEncodable {
    /// An element type the store binds: its type and the type of an array of it.
    enum Element {
        case text, bytea, int8, bool

        var type: PostgresDataType {
            switch self {
            case .text: .text
            case .bytea: .bytea
            case .int8: .int8
            case .bool: .bool
            }
        }

        var arrayType: PostgresDataType {
            switch self {
            case .text: .textArray
            case .bytea: .byteaArray
            case .int8: .int8Array
            case .bool: .boolArray
            }
        }
    }

    let element: Element
    private(set) var count = 0
    private var hasNull = false
    private var elements = ByteBuffer()

    init(_ element: Element, capacity: Int = 0) {
        self.element = element
        elements.reserveCapacity(capacity * 16)
    }

    var psqlType: PostgresDataType { element.arrayType }
    var psqlFormat: PostgresFormat { .binary }

    mutating func append(_ text: String) {
        precondition(element == .text, "a text element appended to a \(element) column")
        let start = elements.writerIndex
        elements.writeInteger(Int32(0))
        let length = elements.writeString(text)
        elements.setInteger(Int32(length), at: start)
        count += 1
    }

    mutating func append(_ text: String?) {
        guard let text else { return appendNull() }
        append(text)
    }

    mutating func append(_ bytes: Data) {
        precondition(element == .bytea, "a bytea element appended to a \(element) column")
        elements.writeInteger(Int32(bytes.count))
        elements.writeBytes(bytes)
        count += 1
    }

    mutating func append(_ bytes: Data?) {
        guard let bytes else { return appendNull() }
        append(bytes)
    }

    mutating func append(_ integer: Int64) {
        precondition(element == .int8, "an int8 element appended to a \(element) column")
        elements.writeInteger(Int32(8))
        elements.writeInteger(integer)
        count += 1
    }

    mutating func append(_ integer: Int64?) {
        guard let integer else { return appendNull() }
        append(integer)
    }

    mutating func append(_ flag: Bool) {
        precondition(element == .bool, "a bool element appended to a \(element) column")
        elements.writeInteger(Int32(1))
        elements.writeInteger(UInt8(flag ? 1 : 0))
        count += 1
    }

    mutating func appendNull() {
        elements.writeInteger(Int32(-1))
        hasNull = true
        count += 1
    }

    /// The array's binary format (PostgreSQL's `array_send`): dimensions, a null flag, the
    /// element type, then the one dimension's length and lower bound, then each element's
    /// length (-1 for NULL) and bytes. An empty array has no dimension.
    func encode<JSONEncoder: PostgresJSONEncoder>(into buffer: inout ByteBuffer, context: PostgresEncodingContext<JSONEncoder>) {
        buffer.writeInteger(Int32(count == 0 ? 0 : 1))
        buffer.writeInteger(Int32(hasNull ? 1 : 0))
        buffer.writeInteger(element.type.rawValue)
        guard count > 0 else { return }
        buffer.writeInteger(Int32(count))
        buffer.writeInteger(Int32(1))
        var elements = elements
        buffer.writeBuffer(&elements)
    }
}
