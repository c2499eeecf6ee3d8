import Foundation

extension Subscriptions_V1_CommandReply {
    /// The `status` of an encoded `CommandReply`, read from its top-level fields without
    /// decoding the rest: for a caller that only counts outcomes (the load tool reads thousands
    /// of replies a second, and decoding each whole typed result cost it a quarter of its CPU).
    ///
    /// The answer is the one a full decode gives for well-formed bytes: the last `status`
    /// wins, a missing one is `.ok` (proto3's default), an unknown number is `.UNRECOGNIZED`,
    /// and unknown fields (groups too) are skipped. Nil when the top level is not well formed:
    /// a field cut short, field number 0, an end of group without its start. Nested messages
    /// (`error`, `result`) are skipped, not checked: decode the reply when you read them.
    public static func status(ofEncoded bytes: Data) -> Subscriptions_V1_StatusCode? {
        bytes.withUnsafeBytes { buffer in
            var reader = TopLevelFieldReader(buffer)
            var status = 0
            while !reader.isAtEnd {
                guard let (field, wireType) = reader.tag() else { return nil }
                if field == statusFieldNumber, wireType == 0 {
                    guard let value = reader.varint() else { return nil }
                    // Enums are int32 on the wire (a negative one takes ten bytes).
                    status = Int(Int32(truncatingIfNeeded: value))
                } else if !reader.skip(field: field, wireType: wireType) {
                    return nil
                }
            }
            return Subscriptions_V1_StatusCode(rawValue: status)
        }
    }

    /// `StatusCode status = 3;` in `envelope.proto`.
    static let statusFieldNumber: UInt64 = 3
}

/// Walks the fields of one protobuf message's encoding, without descending into any.
private struct TopLevelFieldReader {
    private let bytes: UnsafeRawBufferPointer
    private var offset = 0

    init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    var isAtEnd: Bool { offset >= bytes.count }

    /// The next field's number and wire type; nil for a malformed tag or field number 0.
    mutating func tag() -> (field: UInt64, wireType: UInt64)? {
        guard let key = varint(), key >> 3 != 0 else { return nil }
        return (key >> 3, key & 7)
    }

    /// A base-128 varint of at most ten bytes.
    mutating func varint() -> UInt64? {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while offset < bytes.count, shift < 70 {
            let byte = bytes[offset]
            offset += 1
            value |= UInt64(byte & 0x7F) << shift
            if byte & 0x80 == 0 { return value }
            shift += 7
        }
        return nil
    }

    /// Moves past the value of a field of `number`; false when it runs past the end or is an
    /// end of group.
    mutating func skip(field number: UInt64, wireType: UInt64) -> Bool {
        let length: UInt64
        switch wireType {
        case 0: return varint() != nil
        case 1: length = 8
        case 2:
            guard let declared = varint() else { return false }
            length = declared
        case 3: return skipGroup(field: number)
        case 5: length = 4
        default: return false
        }
        guard length <= UInt64(bytes.count - offset) else { return false }
        offset += Int(length)
        return true
    }

    /// Moves past a group's fields up to its end (a proto2 group in unknown fields).
    private mutating func skipGroup(field number: UInt64) -> Bool {
        while let (field, wireType) = tag() {
            if wireType == 4 { return field == number }
            guard skip(field: field, wireType: wireType) else { return false }
        }
        return false
    }
}
