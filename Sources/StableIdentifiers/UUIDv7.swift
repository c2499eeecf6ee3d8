/// RFC 9562 version 7 UUIDs: the Unix time in milliseconds in the first 48 bits, then random
/// bits. Ids made later sort after earlier ones (to the millisecond), so a table indexed by
/// them appends where a random (version 4) id lands on a random page of the index: a batch of
/// commands adds to the last page or two of the consumer's `processed_command` index instead of
/// a page per command (docs/benchmarks.md, "Command ids"). The producer gives them to commands
/// without an idempotency key.
public enum UUIDv7 {
    /// The lowercase text form (`8-4-4-4-12` hex digits) of a new version 7 UUID for the time
    /// `millisecondsSince1970` (only its low 48 bits are kept), with 74 random bits from
    /// `generator`.
    public static func string(
        millisecondsSince1970: UInt64, using generator: inout some RandomNumberGenerator
    ) -> String {
        var bytes: (UInt64, UInt64) = (generator.next(), generator.next())
        return Swift.withUnsafeMutableBytes(of: &bytes) { uuid in
            for index in 0..<6 {
                uuid[index] = UInt8(truncatingIfNeeded: millisecondsSince1970 >> UInt64(8 * (5 - index)))
            }
            uuid[6] = (uuid[6] & 0x0F) | 0x70
            uuid[8] = (uuid[8] & 0x3F) | 0x80
            return UUIDText.lowercase(UnsafeRawBufferPointer(uuid))
        }
    }

    /// ``string(millisecondsSince1970:using:)`` with the system's random numbers.
    public static func string(millisecondsSince1970: UInt64) -> String {
        var generator = SystemRandomNumberGenerator()
        return string(millisecondsSince1970: millisecondsSince1970, using: &generator)
    }
}
