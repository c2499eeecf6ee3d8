import Crypto
import StableIdentifiers
import Testing

@Suite("SHA-1 and name-based UUIDs")
struct StableIdentifiersTests {
    @Test("SHA-1 matches the FIPS 180 test vectors, from an array, a string's UTF-8 (hashed in place) and a lazy sequence", arguments: [
        ("", "da39a3ee5e6b4b0d3255bfef95601890afd80709"),
        ("abc", "a9993e364706816aba3e25717850c26c9cd0d89d"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "84983e441c3bd26ebaae4aa1f95129e5e54670f1"),
    ])
    func sha1(input: String, expected: String) {
        #expect(hex(SHA1.digest(Array(input.utf8))) == expected)
        #expect(hex(SHA1.digest(input.utf8)) == expected)
        #expect(hex(SHA1.digest(input.utf8.lazy.map { $0 })) == expected)
    }

    @Test("SHA-1 equals swift-crypto's for every length from 0 to 300 bytes (each padding case), in one piece or in parts")
    func sha1MatchesSwiftCrypto() {
        for length in 0...300 {
            // Scrambled but fixed bytes, so a failing length is reproducible.
            let message = (0..<length).map { UInt8(truncatingIfNeeded: ($0 &* 0x9E37_79B1 &+ length &* 31) >> 7) }
            let expected = Array(Insecure.SHA1.hash(data: message))
            #expect(SHA1.digest(message) == expected, "length \(length)")
            // The same message fed in uneven parts.
            var hasher = SHA1Hasher()
            var start = 0
            while start < length {
                let end = min(length, start + 1 + (start &* 7 &+ length) % 70)
                message[start..<end].withUnsafeBytes { hasher.update($0) }
                start = end
            }
            #expect(hasher.finalize { Array($0) } == expected, "length \(length) in parts")
        }
    }

    @Test("a version 5 UUID equals RFC 9562's / Python's uuid5(NAMESPACE_DNS, 'python.org')")
    func matchesPython() {
        let dns: [UInt8] = [0x6B, 0xA7, 0xB8, 0x10, 0x9D, 0xAD, 0x11, 0xD1, 0x80, 0xB4, 0x00, 0xC0, 0x4F, 0xD4, 0x30, 0xC8]
        #expect(UUIDv5.string(namespace: dns, name: "python.org") == "886313e1-3b8a-5372-9b90-0c9aee199e5d")
        #expect(hex(UUIDv5.bytes(namespace: dns, name: "python.org")) == "886313e13b8a53729b900c9aee199e5d")
    }

    @Test("UUID text: 8-4-4-4-12 ASCII hex digits in either case; fullwidth digits, braces and missing dashes are refused")
    func uuidText() {
        #expect(UUIDText.isValid("6f1c2a0e-8d4b-4a51-9b0e-3f5d7c2a9e10"))
        #expect(UUIDText.isValid("6F1C2A0E-8D4B-4A51-9B0E-3F5D7C2A9E10"))
        #expect(!UUIDText.isValid("6f1c2a0e-8d4b-4a51-9b0e-3f5d7c2a9e1\u{FF10}"))
        #expect(!UUIDText.isValid("{6f1c2a0e-8d4b-4a51-9b0e-3f5d7c2a9e1}"))
        #expect(!UUIDText.isValid("6f1c2a0e8d4b4a519b0e3f5d7c2a9e10"))
    }

    private func hex(_ bytes: [UInt8]) -> String {
        bytes.map { byte in
            let text = String(byte, radix: 16)
            return byte < 16 ? "0" + text : text
        }.joined()
    }
}

