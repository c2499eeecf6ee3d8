import Crypto

/// SHA-1 digests (swift-crypto's `Insecure.SHA1`), for identifiers derived from names: RFC 9562
/// version 5 UUIDs and the engine's subscription ids. Not for security.
public enum SHA1 {
    /// The 20-byte digest of `bytes` (hashed in place when they are contiguous, as a native
    /// string's UTF-8 view is: a subscription id is derived from one on every purchase).
    public static func digest(_ bytes: some Sequence<UInt8>) -> [UInt8] {
        var hasher = Insecure.SHA1()
        if bytes.withContiguousStorageIfAvailable({ hasher.update(bufferPointer: UnsafeRawBufferPointer($0)) }) == nil {
            hasher.update(data: Array(bytes))
        }
        return Array(hasher.finalize())
    }
}
