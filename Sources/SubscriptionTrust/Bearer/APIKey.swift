import Crypto
import Foundation

/// A public key allowed to sign bearer tokens, as App Store Connect keeps one per key id.
public struct APIKey: Sendable, Hashable {
    /// What a token signed by this key may call (docs/signing-and-auth.md, "Routes").
    public enum Role: String, Codable, Sendable, Hashable {
        /// App Store Server API and Advanced Commerce API routes (Apple's paths).
        case app
        /// Everything, including the operations routes under `/v1` (purchases and customer
        /// actions, test clock, catalog).
        case `operator`
    }

    /// The token header's `kid`.
    public var keyId: String
    /// The token's `iss` (App Store Connect's issuer id).
    public var issuerId: String
    /// The token's `bid`; nil = any bundle (operator keys only).
    public var bundleId: String?
    /// What the key may call.
    public var role: Role
    /// The P-256 public key that verifies the token's ES256 signature.
    public var publicKey: P256.Signing.PublicKey {
        do {
            return try P256.Signing.PublicKey(rawRepresentation: publicKeyBytes)
        } catch {
            preconditionFailure("the stored bytes came from a valid P-256 key: \(error)")
        }
    }
    /// Raw bytes of ``publicKey`` (swift-crypto's key type is not `Sendable`).
    private var publicKeyBytes: Data

    /// A key.
    public init(keyId: String, issuerId: String, bundleId: String?, role: Role, publicKey: P256.Signing.PublicKey) {
        self.keyId = keyId
        self.issuerId = issuerId
        self.bundleId = bundleId
        self.role = role
        self.publicKeyBytes = publicKey.rawRepresentation
    }

    public static func == (lhs: APIKey, rhs: APIKey) -> Bool {
        lhs.keyId == rhs.keyId && lhs.issuerId == rhs.issuerId && lhs.bundleId == rhs.bundleId && lhs.role == rhs.role
            && lhs.publicKeyBytes == rhs.publicKeyBytes
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(keyId)
        hasher.combine(publicKeyBytes)
    }
}
