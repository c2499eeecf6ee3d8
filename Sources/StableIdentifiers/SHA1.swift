/// SHA-1 digests (FIPS 180-4), for identifiers derived from names: RFC 9562 version 5 UUIDs,
/// the engine's subscription ids and the consumer's command digests. Not for security.
///
/// Computed here rather than through swift-crypto's `Insecure.SHA1`: the inputs are a few dozen
/// bytes (one or two blocks), hashed several times per command, and swift-crypto allocates a
/// hashing context and a digest array for each. This hasher is a value on the stack.
public enum SHA1 {
    /// The 20-byte digest of `bytes` (hashed in place when they are contiguous, as a native
    /// string's UTF-8 view is: a subscription id is derived from one on every purchase).
    public static func digest(_ bytes: some Sequence<UInt8>) -> [UInt8] {
        var hasher = SHA1Hasher()
        if bytes.withContiguousStorageIfAvailable({ hasher.update(UnsafeRawBufferPointer($0)) }) == nil {
            Array(bytes).withUnsafeBytes { hasher.update($0) }
        }
        return hasher.finalize { Array($0) }
    }
}

/// The SHA-1 state of a message being hashed: ``update(_:)`` with its bytes in order, then
/// ``finalize(_:)`` once.
public struct SHA1Hasher {
    private var state: (UInt32, UInt32, UInt32, UInt32, UInt32) = (0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476, 0xC3D2_E1F0)
    /// The current 64-byte block, filled up to `filled`.
    private var block: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0)
    private var filled = 0
    /// The message's length so far, in bytes.
    private var length: UInt64 = 0

    /// A hasher of the empty message.
    public init() {}

    /// Adds `bytes` to the message.
    public mutating func update(_ bytes: UnsafeRawBufferPointer) {
        length &+= UInt64(bytes.count)
        absorb(bytes)
    }

    /// Pads the message, and calls `body` with its 20-byte digest.
    public mutating func finalize<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        let bits = length &* 8
        // 0x80, zeros up to 8 bytes short of a block boundary, then the length in bits.
        let zeros = (64 + 56 - (filled + 1) % 64) % 64
        withUnsafeTemporaryAllocation(byteCount: 1 + zeros + 8, alignment: 8) { padding in
            padding.initializeMemory(as: UInt8.self, repeating: 0)
            padding[0] = 0x80
            for index in 0..<8 { padding[1 + zeros + index] = UInt8(truncatingIfNeeded: bits >> (56 - 8 * UInt64(index))) }
            absorb(UnsafeRawBufferPointer(padding))
        }
        var digest = (state.0.bigEndian, state.1.bigEndian, state.2.bigEndian, state.3.bigEndian, state.4.bigEndian)
        return try withUnsafeBytes(of: &digest) { try body($0) }
    }

    private mutating func absorb(_ bytes: UnsafeRawBufferPointer) {
        guard let source = bytes.baseAddress else { return }
        var offset = 0
        while offset < bytes.count {
            let count = min(64 - filled, bytes.count - offset)
            let start = filled
            withUnsafeMutableBytes(of: &block) { block in
                UnsafeMutableRawBufferPointer(rebasing: block[start..<start + count])
                    .copyMemory(from: UnsafeRawBufferPointer(start: source + offset, count: count))
            }
            filled += count
            offset += count
            if filled == 64 {
                compress()
                filled = 0
            }
        }
    }

    /// Runs the compression function over the full block.
    private mutating func compress() {
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 80) { words in
            withUnsafeBytes(of: block) { bytes in
                for index in 0..<16 {
                    words[index] = UInt32(bigEndian: bytes.loadUnaligned(fromByteOffset: 4 * index, as: UInt32.self))
                }
            }
            for index in 16..<80 {
                words[index] = Self.rotated(words[index - 3] ^ words[index - 8] ^ words[index - 14] ^ words[index - 16], by: 1)
            }
            var (a, b, c, d, e) = state
            // Four loops of twenty rounds, one function each: no branch inside a round.
            func round(_ mixed: UInt32, _ constant: UInt32, _ word: UInt32) {
                let next = Self.rotated(a, by: 5) &+ mixed &+ e &+ constant &+ word
                e = d
                d = c
                c = Self.rotated(b, by: 30)
                b = a
                a = next
            }
            for index in 0..<20 { round((b & c) | (~b & d), 0x5A82_7999, words[index]) }
            for index in 20..<40 { round(b ^ c ^ d, 0x6ED9_EBA1, words[index]) }
            for index in 40..<60 { round((b & c) | (b & d) | (c & d), 0x8F1B_BCDC, words[index]) }
            for index in 60..<80 { round(b ^ c ^ d, 0xCA62_C1D6, words[index]) }
            state = (state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d, state.4 &+ e)
        }
    }

    private static func rotated(_ value: UInt32, by count: UInt32) -> UInt32 {
        (value << count) | (value >> (32 - count))
    }
}
