import Foundation

/// A value of an AMQP field table (message headers, queue and exchange arguments).
public indirect enum AMQPFieldValue: Sendable, Hashable {
    case string(String)
    case int64(Int64)
    case int32(Int32)
    case bool(Bool)
    case double(Double)
    case bytes([UInt8])
    case table([String: AMQPFieldValue])
    case array([AMQPFieldValue])
    case timestamp(Date)
    case void

    /// The value as text when it is a string (or UTF-8 bytes, as some clients send strings).
    public var stringValue: String? {
        switch self {
        case .string(let value): value
        case .bytes(let bytes): String(bytes: bytes, encoding: .utf8)
        default: nil
        }
    }

    /// The value as an integer when it is one of the integer kinds.
    public var int64Value: Int64? {
        switch self {
        case .int64(let value): value
        case .int32(let value): Int64(value)
        default: nil
        }
    }
}

/// A field table: header names or argument names to values.
public typealias AMQPTable = [String: AMQPFieldValue]
