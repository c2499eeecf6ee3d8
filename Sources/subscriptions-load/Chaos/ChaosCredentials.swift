import Crypto
import Foundation
import SubscriptionTrust

/// The operator key the chaos run's producer trusts (`AUTH_KEYS`, docs/signing-and-auth.md):
/// made fresh for each run, its keys file written to the work directory, and a bearer token
/// minted for every HTTP request (a token lives 20 minutes; a run may last longer).
struct ChaosCredentials: Sendable {
    static let bundleId = "com.example.news"
    static let keyId = "CHAOSOPERATOR"

    /// The keys file for the producer's `AUTH_KEYS`.
    let keysPath: String
    private let privateKey: Data
    private let issuerId: String

    /// New credentials, their keys file written to `directory`.
    init(directory: String) throws {
        let key = P256.Signing.PrivateKey()
        issuerId = UUID().uuidString.lowercased()
        keysPath = directory + "/keys.json"
        try APIKeySet([APIKey(keyId: Self.keyId, issuerId: issuerId, bundleId: nil, role: .operator, publicKey: key.publicKey)])
            .write(to: keysPath)
        privateKey = key.rawRepresentation
    }

    /// `Bearer <JWT>` of the operator key, minted now.
    func authorization() -> String? {
        guard let key = try? P256.Signing.PrivateKey(rawRepresentation: privateKey),
            let token = try? BearerToken.mint(key: key, keyId: Self.keyId, issuerId: issuerId, bundleId: Self.bundleId)
        else { return nil }
        return "Bearer \(token)"
    }
}
