import Synchronization

/// The `message_id` of each reply (Protos/README.md, "Message properties": a new UUID): unique,
/// not secret. A random 64-bit prefix drawn once per process and a counter make a version-4
/// shaped UUID without a system call per reply: Foundation's `UUID()` opens and reads
/// `/dev/urandom` on Linux every time, which showed as 2 % of the consumer's CPU at 3,000
/// replies a second.
final class ReplyMessageIDs: Sendable {
    private let prefix: UInt64
    private let counter = Atomic<UInt64>(0)

    init() {
        var generator = SystemRandomNumberGenerator()
        prefix = generator.next()
    }

    /// The next id, lowercase `8-4-4-4-12` hex digits.
    func next() -> String {
        let sequence = counter.add(1, ordering: .relaxed).newValue
        // The random prefix's bits, then the counter's, with the version (4) and variant (10)
        // bits of RFC 9562 in place.
        let high = (prefix & 0xFFFF_FFFF_FFFF_0FFF) | 0x0000_0000_0000_4000
        let low = (sequence & 0x3FFF_FFFF_FFFF_FFFF) | 0x8000_0000_0000_0000
        return String(unsafeUninitializedCapacity: 36) { text in
            var position = 0
            for index in 0..<16 {
                if index == 4 || index == 6 || index == 8 || index == 10 {
                    text[position] = UInt8(ascii: "-")
                    position += 1
                }
                let word = index < 8 ? high : low
                let byte = UInt8(truncatingIfNeeded: word >> UInt64(56 - 8 * (index % 8)))
                text[position] = Self.hexDigit(byte >> 4)
                text[position + 1] = Self.hexDigit(byte & 0x0F)
                position += 2
            }
            return position
        }
    }

    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
    }
}
