import CompactCoding
import Foundation
import SubscriptionEngine
import SwiftProtobuf

/// Writes protocol buffers' binary format the way swift-protobuf serializes a proto3 message:
/// fields in ascending number order, a scalar only when it is not its default (0, `""`,
/// `false`), a message field whenever it is set, lengths as minimal varints. Used for the
/// messages the consumer writes for every command (``NotificationEventEncoding``,
/// ``CommandReplyEncoding``), whose generated types cost a storage object, a copy-on-write
/// copy and two visitor passes each; the output is the same bytes (checked in debug builds on
/// every message, and by `WireEncodingTests`).
struct ProtobufWriter {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int = 512) {
        bytes.reserveCapacity(capacity)
    }

    /// The message written, as `Data`.
    var data: Data { Data(bytes) }

    @inline(__always)
    mutating func varint(_ value: UInt64) {
        bytes.appendVarint(value)
    }

    @inline(__always)
    private mutating func tag(_ field: Int, _ wireType: UInt64) {
        varint(UInt64(field) << 3 | wireType)
    }

    /// `string` (skipped when empty).
    mutating func string(_ field: Int, _ value: String) {
        guard !value.isEmpty else { return }
        var value = value
        tag(field, 2)
        value.withUTF8 { utf8 in
            varint(UInt64(utf8.count))
            bytes.append(contentsOf: utf8)
        }
    }

    /// `repeated string`: one entry per element, empty ones included.
    mutating func strings(_ field: Int, _ values: [String]) {
        for var value in values {
            tag(field, 2)
            value.withUTF8 { utf8 in
                varint(UInt64(utf8.count))
                bytes.append(contentsOf: utf8)
            }
        }
    }

    /// `int64` (skipped when 0; negative values as ten-byte varints).
    mutating func int64(_ field: Int, _ value: Int64) {
        guard value != 0 else { return }
        tag(field, 0)
        varint(UInt64(bitPattern: value))
    }

    /// `int32` (skipped when 0; negative values sign-extended, as protobuf does).
    mutating func int32(_ field: Int, _ value: Int32) {
        int64(field, Int64(value))
    }

    /// `uint64`, `uint32` (skipped when 0).
    mutating func uint64(_ field: Int, _ value: UInt64) {
        guard value != 0 else { return }
        tag(field, 0)
        varint(value)
    }

    /// `bool` (skipped when false).
    mutating func bool(_ field: Int, _ value: Bool) {
        guard value else { return }
        tag(field, 0)
        bytes.append(1)
    }

    /// An enum by its number (skipped when 0, the `…_UNSPECIFIED` value).
    mutating func enumeration(_ field: Int, _ rawValue: Int) {
        int64(field, Int64(rawValue))
    }

    /// A set message field: the tag, then what `body` writes with its length before it.
    mutating func message(_ field: Int, _ body: (inout ProtobufWriter) throws -> Void) rethrows {
        tag(field, 2)
        let start = bytes.count
        bytes.append(0)
        try body(&self)
        let length = bytes.count - start - 1
        if length < 0x80 {
            bytes[start] = UInt8(length)
        } else {
            var prefix: [UInt8] = []
            prefix.appendVarint(UInt64(length))
            bytes.replaceSubrange(start..<start + 1, with: prefix)
        }
    }

    /// A set message field holding a message swift-protobuf serializes (the rare nested kinds:
    /// Advanced Commerce details, summaries, communications).
    mutating func message(_ field: Int, serializing message: some SwiftProtobuf.Message) throws {
        let encoded: [UInt8] = try message.serializedBytes()
        tag(field, 2)
        varint(UInt64(encoded.count))
        bytes.append(contentsOf: encoded)
    }

    /// A set `google.protobuf.Timestamp` field (whole milliseconds, as `Timestamp.protobuf`).
    mutating func timestamp(_ field: Int, _ timestamp: Timestamp) {
        let milliseconds = timestamp.millisecondsSince1970
        var seconds = milliseconds / 1000
        var remainder = milliseconds % 1000
        if remainder < 0 {
            seconds -= 1
            remainder += 1000
        }
        message(field) {
            $0.int64(1, seconds)
            $0.int32(2, Int32(remainder) * 1_000_000)
        }
    }
}
