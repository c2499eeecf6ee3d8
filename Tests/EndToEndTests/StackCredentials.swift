import Crypto
import Foundation
import SubscriptionTrust

/// The signing identity and the operator key of a stack (docs/signing-and-auth.md): made
/// fresh for a stack this test run starts; for external services (`E2E_EXTERNAL_SERVICES=1`)
/// the operator key comes from `E2E_OPERATOR_KEY` (a PEM file), `E2E_OPERATOR_KEY_ID` and
/// `E2E_ISSUER_ID`, and without them requests carry no token.
struct StackCredentials: Sendable {
    static let bundleId = "com.example.news"

    /// The identity folder (`SIGNING_IDENTITY`), nil for external services.
    let identityPath: String?
    /// The keys file (`AUTH_KEYS`), nil for external services.
    let keysPath: String?
    private let operatorKey: Data?
    private let keyId: String
    private let issuerId: String

    /// New credentials written to `directory`.
    static func make(in directory: URL) throws -> StackCredentials {
        let identityFolder = directory.appending(path: "identity").path
        let (identity, root) = try SigningIdentity.create(commonName: "e2e")
        try identity.write(to: identityFolder, root: root)
        let key = P256.Signing.PrivateKey()
        let issuer = UUID().uuidString.lowercased()
        let keysPath = directory.appending(path: "keys.json").path
        try APIKeySet([APIKey(keyId: "E2EOPERATOR", issuerId: issuer, bundleId: nil, role: .operator, publicKey: key.publicKey)])
            .write(to: keysPath)
        return StackCredentials(
            identityPath: identityFolder, keysPath: keysPath, operatorKey: key.rawRepresentation, keyId: "E2EOPERATOR",
            issuerId: issuer)
    }

    /// The operator key named by the environment of an external run, if any.
    static func external(_ environment: [String: String]) throws -> StackCredentials {
        guard let path = environment["E2E_OPERATOR_KEY"] else {
            return StackCredentials(identityPath: nil, keysPath: nil, operatorKey: nil, keyId: "", issuerId: "")
        }
        let key = try P256.Signing.PrivateKey(pemRepresentation: String(contentsOfFile: path, encoding: .utf8))
        return StackCredentials(
            identityPath: nil, keysPath: nil, operatorKey: key.rawRepresentation,
            keyId: environment["E2E_OPERATOR_KEY_ID"] ?? "", issuerId: environment["E2E_ISSUER_ID"] ?? "")
    }

    /// `Bearer <JWT>` of the operator key, nil without one.
    func authorization() throws -> String? {
        guard let operatorKey else { return nil }
        let key = try P256.Signing.PrivateKey(rawRepresentation: operatorKey)
        return "Bearer \(try BearerToken.mint(key: key, keyId: keyId, issuerId: issuerId, bundleId: Self.bundleId))"
    }
}
