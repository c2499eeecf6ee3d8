import Crypto

/// SHA-1 digests (swift-crypto's `Insecure.SHA1`), for identifiers derived from names: RFC 9562
/// version 5 UUIDs and the engine's subscription ids. Not for security.
public enum SHA1 {
    /// The 20-byte digest of `bytes`.
    public static func digest(_ bytes: some Sequence<UInt8>) -> [UInt8] {
        Array(Insecure.SHA1.hash(data: Array(bytes)))
    }
}
