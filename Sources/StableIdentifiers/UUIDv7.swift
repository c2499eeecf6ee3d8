/// RFC 9562 version 7 UUIDs: the Unix time in milliseconds in the first 48 bits, then random
/// bits, or the millisecond's fraction in the next 12 bits and random bits after it
/// (``string(nanosecondsSince1970:using:)``). Ids made later sort after earlier ones (to the
/// millisecond, or to 1/4096 of one with the fraction), so a table indexed by
/// them appends where a random (version 4) id lands on a random page of the index: a batch of
/// commands adds to the last page or two of the consumer's `processed_command` index instead of
/// a page per command (docs/consumer.md, "Command ids"). The producer gives them to commands
/// without an idempotency key.
public enum UUIDv7 {
    /// The lowercase text form (`8-4-4-4-12` hex digits) of a new version 7 UUID for the time
    /// `millisecondsSince1970` (only its low 48 bits are kept), with 74 random bits from
    /// `generator`.
    public static func string(
        millisecondsSince1970: UInt64, using generator: inout some RandomNumberGenerator
    ) -> String {
        string(milliseconds: millisecondsSince1970, fraction: nil, using: &generator)
    }

    /// The lowercase text form of a new version 7 UUID for the time `nanosecondsSince1970`: its
    /// milliseconds in the first 48 bits, the fraction of the millisecond in the 12 bits after
    /// the version (RFC 9562 section 6.2, method 3: increased clock precision), then 62 random
    /// bits from `generator`. Ids one process makes in turn then sort in the order it made them,
    /// unless two fall in the same 1/4096 ms; the consumer finds such a command id above every
    /// processed one without a lookup (docs/consumer.md, "New keys known absent").
    public static func string(
        nanosecondsSince1970: UInt64, using generator: inout some RandomNumberGenerator
    ) -> String {
        string(
            milliseconds: nanosecondsSince1970 / 1_000_000,
            fraction: (nanosecondsSince1970 % 1_000_000) * 4096 / 1_000_000, using: &generator)
    }

    /// ``string(nanosecondsSince1970:using:)`` with the system's random numbers.
    public static func string(nanosecondsSince1970: UInt64) -> String {
        var generator = SystemRandomNumberGenerator()
        return string(nanosecondsSince1970: nanosecondsSince1970, using: &generator)
    }

    /// ``string(millisecondsSince1970:using:)`` with the system's random numbers.
    public static func string(millisecondsSince1970: UInt64) -> String {
        var generator = SystemRandomNumberGenerator()
        return string(millisecondsSince1970: millisecondsSince1970, using: &generator)
    }

    /// The text of a version 7 UUID: `milliseconds` in the first 48 bits, then the version, then
    /// `fraction` (12 bits) or random bits, the variant and random bits from `generator`.
    private static func string(
        milliseconds: UInt64, fraction: UInt64?, using generator: inout some RandomNumberGenerator
    ) -> String {
        var bytes: (UInt64, UInt64) = (generator.next(), generator.next())
        return Swift.withUnsafeMutableBytes(of: &bytes) { uuid in
            for index in 0..<6 {
                uuid[index] = UInt8(truncatingIfNeeded: milliseconds >> UInt64(8 * (5 - index)))
            }
            if let fraction {
                uuid[6] = 0x70 | UInt8(truncatingIfNeeded: fraction >> 8)
                uuid[7] = UInt8(truncatingIfNeeded: fraction)
            } else {
                uuid[6] = (uuid[6] & 0x0F) | 0x70
            }
            uuid[8] = (uuid[8] & 0x3F) | 0x80
            return UUIDText.lowercase(UnsafeRawBufferPointer(uuid))
        }
    }
}
