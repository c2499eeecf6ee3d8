import Crypto
import Foundation

/// The keys the producer accepts bearer tokens from, by key id: the file named by
/// `AUTH_KEYS`, written by `subscriptionsctl key create`.
///
/// ```json
/// {"keys": [{"keyId": "TRUST12345", "issuerId": "57246542-96fe-1a63-e053-0824d011072a",
///            "bundleId": "com.example.news", "role": "app",
///            "publicKey": "-----BEGIN PUBLIC KEY-----\n…\n-----END PUBLIC KEY-----\n"}]}
/// ```
public struct APIKeySet: Sendable, Hashable {
    /// The keys by `kid`.
    public private(set) var keys: [String: APIKey]

    /// A set of `keys`; a key id given twice keeps the last.
    public init(_ keys: [APIKey] = []) {
        self.keys = Dictionary(keys.map { ($0.keyId, $0) }) { _, last in last }
    }

    /// Adds or replaces the key with the same id.
    public mutating func insert(_ key: APIKey) { keys[key.keyId] = key }

    /// Reads a keys file; every entry is checked and a bad one is named.
    public init(contentsOf path: String) throws(TrustError) {
        let data: Data
        do {
            data = try Data(contentsOf: URL(filePath: path))
        } catch {
            throw TrustError(.unreadableFile, "cannot read the API keys file \(path): \(error.localizedDescription)")
        }
        let file: KeysFile
        do {
            file = try JSONDecoder().decode(KeysFile.self, from: data)
        } catch {
            throw TrustError(.malformed, "\(path) is not an API keys file ({\"keys\": [...]}): \(error)")
        }
        var keys: [APIKey] = []
        for (index, entry) in file.keys.enumerated() {
            guard !entry.keyId.isEmpty, !entry.issuerId.isEmpty else {
                throw TrustError(.malformed, "\(path): keys[\(index)] needs a keyId and an issuerId")
            }
            guard entry.role == .operator || !(entry.bundleId ?? "").isEmpty else {
                throw TrustError(.malformed, "\(path): keys[\(index)] (\(entry.keyId)) is an app key and needs a bundleId")
            }
            let publicKey: P256.Signing.PublicKey
            do {
                publicKey = try P256.Signing.PublicKey(pemRepresentation: entry.publicKey)
            } catch {
                throw TrustError(.malformed, "\(path): keys[\(index)] (\(entry.keyId)).publicKey is not a P-256 public key in PEM")
            }
            keys.append(APIKey(keyId: entry.keyId, issuerId: entry.issuerId, bundleId: entry.bundleId, role: entry.role, publicKey: publicKey))
        }
        self.init(keys)
    }

    /// Writes the keys file (sorted by key id).
    public func write(to path: String) throws {
        let file = KeysFile(keys: keys.values.sorted { $0.keyId < $1.keyId }.map {
            KeysFile.Entry(keyId: $0.keyId, issuerId: $0.issuerId, bundleId: $0.bundleId, role: $0.role, publicKey: $0.publicKey.pemRepresentation)
        })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let url = URL(filePath: path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try encoder.encode(file).write(to: url)
    }

    private struct KeysFile: Codable {
        struct Entry: Codable {
            var keyId: String
            var issuerId: String
            var bundleId: String?
            var role: APIKey.Role
            var publicKey: String
        }

        var keys: [Entry]
    }
}
