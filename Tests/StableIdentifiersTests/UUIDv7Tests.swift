import StableIdentifiers
import Testing

@Suite("Time-ordered (version 7) UUIDs")
struct UUIDv7Tests {
    /// Returns its values in turn (the UUID's random bits, fixed for a test vector).
    struct FixedGenerator: RandomNumberGenerator {
        var values: [UInt64]
        mutating func next() -> UInt64 { values.removeFirst() }
    }

    @Test("equals RFC 9562's example (appendix A.6) for its time and random bits")
    func matchesTheRFCExample() {
        // The example's bytes 6...15 are 7C C3 98 C4 DC 0C 0C 07 39 8F; the generator's words are
        // laid out little-endian, and the version and variant bits are set over them.
        var generator = FixedGenerator(values: [0xC30C_0000_0000_0000, 0x8F39_070C_0CDC_C418])
        let uuid = UUIDv7.string(millisecondsSince1970: 0x017F_22E2_79B0, using: &generator)
        #expect(uuid == "017f22e2-79b0-7cc3-98c4-dc0c0c07398f")
        #expect(Self.milliseconds(uuid) == 0x017F_22E2_79B0)
    }

    @Test("version 7, RFC variant, the time in front: later ids sort after earlier ones, two in the same millisecond differ")
    func ordered() {
        let start: UInt64 = 1_764_000_000_000
        let ids = (0..<1000).map { UUIDv7.string(millisecondsSince1970: start + UInt64($0)) }
        #expect(ids == ids.sorted())
        for id in ids {
            #expect(UUIDText.isValid(id))
            let utf8 = Array(id.utf8)
            #expect(utf8[14] == UInt8(ascii: "7"))
            #expect([UInt8(ascii: "8"), UInt8(ascii: "9"), UInt8(ascii: "a"), UInt8(ascii: "b")].contains(utf8[19]))
        }
        #expect(UUIDv7Tests.milliseconds(ids[999]) == start + 999)
        #expect(UUIDv7.string(millisecondsSince1970: start) != UUIDv7.string(millisecondsSince1970: start))
    }

    @Test("with nanoseconds, the millisecond's fraction fills the 12 bits after the version: ids 1/4096 ms apart sort in order")
    func subMillisecondFraction() {
        let millisecond: UInt64 = 1_764_000_000_000
        var generator = FixedGenerator(values: [UInt64.max, UInt64.max])
        // Half a millisecond is 2048/4096: rand_a 0x800 after the version digit; the variant's
        // two bits are set over the random ones.
        let half = UUIDv7.string(nanosecondsSince1970: millisecond * 1_000_000 + 500_000, using: &generator)
        #expect(half == "019ab697-e800-7800-bfff-ffffffffffff")
        #expect(Self.milliseconds(half) == millisecond)
        // 0.244 µs apart, across a millisecond's end, with random bits that would disorder them.
        let step: UInt64 = 245
        let times = (0..<8_200).map { millisecond * 1_000_000 + UInt64($0) * step }
        let ids = times.map { UUIDv7.string(nanosecondsSince1970: $0) }
        #expect(ids == ids.sorted())
        #expect(Set(ids.map { Self.milliseconds($0) }).count == 3)
        #expect(ids.allSatisfy { UUIDText.isValid($0) && Array($0.utf8)[14] == UInt8(ascii: "7") })
        #expect(UUIDv7.string(nanosecondsSince1970: times[0]) != UUIDv7.string(nanosecondsSince1970: times[0]))
    }

    /// The time in the first 48 bits of a UUID's text.
    static func milliseconds(_ uuid: String) -> UInt64? {
        UInt64(uuid.prefix(8) + uuid.dropFirst(9).prefix(4), radix: 16)
    }
}
