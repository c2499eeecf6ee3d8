/// Writes JSON straight into bytes, exactly as `JSONEncoder.appleJSON(signer:)` (sorted keys,
/// unescaped slashes) encodes the same value, for the answers every command request builds
/// (the signed infos' payloads, the bodies around them).
///
/// `JSONEncoder` builds a tree of boxed values per answer and sorts every object's keys; this
/// writer appends: its callers write their keys in sorted (byte) order themselves and skip
/// absent optionals, as the synthesized `Encodable` does. Strings are escaped as Foundation
/// escapes them: `"` and `\`, the short forms `\b \t \n \f \r`, other control characters as
/// `\u00xx` (lower-case hex), everything else as its UTF-8 bytes. `AppleJSONWriterTests` compares
/// the two, byte for byte.
public struct AppleJSONWriter: Sendable {
    /// The JSON written so far.
    public private(set) var bytes: [UInt8]

    /// An empty writer with room for `capacity` bytes.
    public init(capacity: Int = 512) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    /// Opens an object (`{`).
    public mutating func beginObject() { separate(); bytes.append(UInt8(ascii: "{")) }
    /// Closes an object (`}`).
    public mutating func endObject() { bytes.append(UInt8(ascii: "}")) }
    /// Opens an array (`[`).
    public mutating func beginArray() { separate(); bytes.append(UInt8(ascii: "[")) }
    /// Closes an array (`]`).
    public mutating func endArray() { bytes.append(UInt8(ascii: "]")) }

    /// Writes `"key":` (after a comma unless first in its object); `key` needs no escaping.
    public mutating func key(_ key: StaticString) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        key.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
    }

    /// A string value, escaped.
    public mutating func string(_ value: String) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        var value = value
        value.withUTF8 { utf8 in
            var start = 0
            for index in 0..<utf8.count {
                let byte = utf8[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index]))
                Self.appendEscaped(byte, to: &bytes)
                start = index + 1
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<utf8.count]))
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// A string value made of bytes that need no escaping (base64url, a compact JWS).
    public mutating func rawString(_ value: [UInt8]) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        bytes.append(contentsOf: value)
        bytes.append(UInt8(ascii: "\""))
    }

    /// A JSON value written by `JSONEncoder.appleJSON(signer:)` (a rare part of an answer that
    /// has no writer of its own), appended as it is.
    public mutating func rawJSON(_ value: some Sequence<UInt8>) {
        separate()
        bytes.append(contentsOf: value)
    }

    /// An integer value.
    public mutating func integer(_ value: some BinaryInteger) {
        separate()
        var magnitude = UInt64(value.magnitude)
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var position = digits.count
            repeat {
                position -= 1
                digits[position] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            if value < 0 { bytes.append(UInt8(ascii: "-")) }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[position...]))
        }
    }

    /// A boolean value.
    public mutating func bool(_ value: Bool) {
        separate()
        bytes.append(contentsOf: value ? "true".utf8 : "false".utf8)
    }

    // MARK: Optional fields, skipped when absent (the synthesized `encodeIfPresent`)

    /// `"key":"value"` when `value` is present.
    public mutating func field(_ name: StaticString, _ value: String?) {
        guard let value else { return }
        key(name)
        string(value)
    }

    /// `"key":value` when `value` is present.
    public mutating func field(_ name: StaticString, _ value: (some BinaryInteger)?) {
        guard let value else { return }
        key(name)
        integer(value)
    }

    /// `"key":true|false` when `value` is present.
    public mutating func field(_ name: StaticString, _ value: Bool?) {
        guard let value else { return }
        key(name)
        bool(value)
    }

    /// `"key":["…",…]` when `values` is present.
    public mutating func field(_ name: StaticString, _ values: [String]?) {
        guard let values else { return }
        key(name)
        beginArray()
        for value in values { string(value) }
        endArray()
    }

    /// A comma before a value that follows another in its object or array (not after a key).
    private mutating func separate() {
        guard let last = bytes.last else { return }
        switch last {
        case UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: ":"): return
        default: bytes.append(UInt8(ascii: ","))
        }
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    private static func appendEscaped(_ byte: UInt8, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\\"))
        switch byte {
        case UInt8(ascii: "\""): bytes.append(UInt8(ascii: "\""))
        case UInt8(ascii: "\\"): bytes.append(UInt8(ascii: "\\"))
        case 0x08: bytes.append(UInt8(ascii: "b"))
        case 0x09: bytes.append(UInt8(ascii: "t"))
        case 0x0A: bytes.append(UInt8(ascii: "n"))
        case 0x0C: bytes.append(UInt8(ascii: "f"))
        case 0x0D: bytes.append(UInt8(ascii: "r"))
        default:
            bytes.append(contentsOf: [UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0")])
            bytes.append(hexDigits[Int(byte >> 4)])
            bytes.append(hexDigits[Int(byte & 0x0F)])
        }
    }
}
