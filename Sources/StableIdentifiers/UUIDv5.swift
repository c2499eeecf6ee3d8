/// RFC 9562 version 5 (SHA-1, name-based) UUIDs: the same namespace and name always give the
/// same UUID, so an identifier derived from what it names survives a replay. The engine makes
/// one per event: the digest is computed without copying the name, the text without
/// intermediate strings.
public enum UUIDv5 {
    /// The 16 bytes of the UUID of `name` (UTF-8) in `namespace` (16 bytes).
    public static func bytes(namespace: [UInt8], name: String) -> [UInt8] {
        withBytes(namespace: namespace, name: name) { Array($0) }
    }

    /// The lowercase text form (`8-4-4-4-12` hex digits) of ``bytes(namespace:name:)``.
    public static func string(namespace: [UInt8], name: String) -> String {
        withBytes(namespace: namespace, name: name, UUIDText.lowercase)
    }

    /// Calls `body` with the UUID's 16 bytes (the SHA-1 of namespace and name, with the
    /// version and variant bits set).
    private static func withBytes<Result>(
        namespace: [UInt8], name: String, _ body: (UnsafeRawBufferPointer) -> Result
    ) -> Result {
        precondition(namespace.count == 16, "a UUID namespace is 16 bytes, got \(namespace.count)")
        var hasher = SHA1Hasher()
        namespace.withUnsafeBytes { hasher.update($0) }
        var name = name
        name.withUTF8 { hasher.update(UnsafeRawBufferPointer($0)) }
        return hasher.finalize { digestBytes in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 16) { uuid in
                for index in 0..<16 { uuid[index] = digestBytes[index] }
                uuid[6] = (uuid[6] & 0x0F) | 0x50
                uuid[8] = (uuid[8] & 0x3F) | 0x80
                return body(UnsafeRawBufferPointer(uuid))
            }
        }
    }
}
