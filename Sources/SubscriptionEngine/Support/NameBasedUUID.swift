/// RFC 4122 version 5 (SHA-1, name-based) UUIDs, so that an event's `notificationUUID` is a
/// pure function of what it describes and a replayed event carries the same one (R-EVT-3).
enum NameBasedUUID {
    /// The engine's namespace (a fixed random UUID).
    static let namespace: [UInt8] = [
        0x6f, 0x1d, 0x2b, 0x3a, 0x8c, 0x44, 0x4e, 0x51, 0x9a, 0x0e, 0x57, 0x1c, 0x3d, 0x22, 0x90, 0xab,
    ]

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    /// The lowercase UUID text for `name` in the engine's namespace.
    static func make(_ name: String) -> String {
        var name = name
        var digest = name.withUTF8 { SHA1.hash(prefix: namespace, $0) }
        digest.6 = (digest.6 & 0x0F) | 0x50
        digest.8 = (digest.8 & 0x3F) | 0x80
        return withUnsafeBytes(of: digest) { bytes in
            String(unsafeUninitializedCapacity: 36) { text in
                var position = 0
                for index in 0..<16 {
                    if index == 4 || index == 6 || index == 8 || index == 10 {
                        text[position] = UInt8(ascii: "-")
                        position += 1
                    }
                    text[position] = hexDigits[Int(bytes[index] >> 4)]
                    text[position + 1] = hexDigits[Int(bytes[index] & 0x0F)]
                    position += 2
                }
                return position
            }
        }
    }
}

/// A minimal SHA-1, used only for name-based ids (not for security).
enum SHA1 {
    /// The 20-byte digest of `message`.
    static func hash(_ message: [UInt8]) -> [UInt8] {
        let digest = message.withUnsafeBufferPointer { hash(prefix: [], $0) }
        return withUnsafeBytes(of: digest) { Array($0.prefix(20)) }
    }

    /// The digest of `prefix` followed by `message`, as 20 bytes in a tuple (no allocation).
    static func hash(
        prefix: [UInt8], _ message: UnsafeBufferPointer<UInt8>
    ) -> (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
          UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) {
        var state: (UInt32, UInt32, UInt32, UInt32, UInt32) = (0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476, 0xC3D2_E1F0)
        let length = prefix.count + message.count
        // The padded message: data, 0x80, zeros, 64-bit big-endian bit length.
        let paddedLength = (length + 9 + 63) / 64 * 64
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: paddedLength) { padded in
            var position = 0
            for byte in prefix { padded[position] = byte; position += 1 }
            for byte in message { padded[position] = byte; position += 1 }
            padded[position] = 0x80
            position += 1
            while position < paddedLength - 8 { padded[position] = 0; position += 1 }
            let bits = UInt64(length) * 8
            for shift in stride(from: 56, through: 0, by: -8) {
                padded[position] = UInt8(truncatingIfNeeded: bits >> UInt64(shift))
                position += 1
            }
            withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 80) { w in
                for chunk in stride(from: 0, to: paddedLength, by: 64) {
                    for i in 0..<16 {
                        let base = chunk + i * 4
                        w[i] = UInt32(padded[base]) << 24 | UInt32(padded[base + 1]) << 16
                            | UInt32(padded[base + 2]) << 8 | UInt32(padded[base + 3])
                    }
                    for i in 16..<80 { w[i] = rotate(w[i - 3] ^ w[i - 8] ^ w[i - 14] ^ w[i - 16], 1) }
                    var (a, b, c, d, e) = state
                    for i in 0..<80 {
                        let f: UInt32
                        let k: UInt32
                        switch i {
                        case 0..<20: (f, k) = ((b & c) | (~b & d), 0x5A82_7999)
                        case 20..<40: (f, k) = (b ^ c ^ d, 0x6ED9_EBA1)
                        case 40..<60: (f, k) = ((b & c) | (b & d) | (c & d), 0x8F1B_BCDC)
                        default: (f, k) = (b ^ c ^ d, 0xCA62_C1D6)
                        }
                        let temp = rotate(a, 5) &+ f &+ e &+ k &+ w[i]
                        (e, d, c, b, a) = (d, c, rotate(b, 30), a, temp)
                    }
                    state = (state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d, state.4 &+ e)
                }
            }
        }
        func bytes(_ word: UInt32) -> (UInt8, UInt8, UInt8, UInt8) {
            (UInt8(word >> 24), UInt8(truncatingIfNeeded: word >> 16), UInt8(truncatingIfNeeded: word >> 8), UInt8(truncatingIfNeeded: word))
        }
        let (a0, a1, a2, a3) = bytes(state.0)
        let (b0, b1, b2, b3) = bytes(state.1)
        let (c0, c1, c2, c3) = bytes(state.2)
        let (d0, d1, d2, d3) = bytes(state.3)
        let (e0, e1, e2, e3) = bytes(state.4)
        return (a0, a1, a2, a3, b0, b1, b2, b3, c0, c1, c2, c3, d0, d1, d2, d3, e0, e1, e2, e3)
    }

    private static func rotate(_ value: UInt32, _ count: UInt32) -> UInt32 {
        (value << count) | (value >> (32 - count))
    }
}
