/// RFC 9562 version 5 (SHA-1, name-based) UUIDs: the same namespace and name always give the
/// same UUID, so an identifier derived from what it names survives a replay.
public enum UUIDv5 {
    /// The 16 bytes of the UUID of `name` (UTF-8) in `namespace` (16 bytes).
    public static func bytes(namespace: [UInt8], name: String) -> [UInt8] {
        precondition(namespace.count == 16, "a UUID namespace is 16 bytes, got \(namespace.count)")
        var hash = Array(SHA1.digest(namespace + Array(name.utf8)).prefix(16))
        hash[6] = (hash[6] & 0x0F) | 0x50
        hash[8] = (hash[8] & 0x3F) | 0x80
        return hash
    }

    /// The lowercase text form (`8-4-4-4-12` hex digits) of ``bytes(namespace:name:)``.
    public static func string(namespace: [UInt8], name: String) -> String {
        let hex = bytes(namespace: namespace, name: name).map { byte in
            let text = String(byte, radix: 16)
            return byte < 16 ? "0" + text : text
        }
        let groups = [hex[0..<4], hex[4..<6], hex[6..<8], hex[8..<10], hex[10..<16]]
        return groups.map { $0.joined() }.joined(separator: "-")
    }
}
