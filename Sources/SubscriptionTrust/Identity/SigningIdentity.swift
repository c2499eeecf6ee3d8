import Crypto
import Foundation
import SwiftASN1
import X509

/// What the services sign with: the leaf's private key and the chain `[leaf, intermediate,
/// root]` that goes into every JWS header as `x5c` (Apple's verifier wants exactly three
/// certificates and checks the two marker OIDs, ``AppleMarkerOID``).
///
/// An identity is configuration: a folder (``FileName``) written by `subscriptionsctl identity
/// create` and named by `SIGNING_IDENTITY`; a restart with another folder signs with it
/// (docs/signing-and-auth.md, "Rotation").
public struct SigningIdentity: Sendable {
    /// File names inside an identity folder.
    public enum FileName {
        /// The root CA certificate (PEM); give it to verifiers.
        public static let root = "root.pem"
        /// The root CA's private key (PEM, PKCS#8); only `identity create --root-from` reads it.
        public static let rootKey = "root-key.pem"
        /// The intermediate certificate (PEM).
        public static let intermediate = "intermediate.pem"
        /// The leaf certificate (PEM).
        public static let leaf = "leaf.pem"
        /// The leaf's private key (PEM, PKCS#8): what the services sign with.
        public static let leafKey = "leaf-key.pem"
        /// The root certificate in DER, the form Apple's libraries take (`root_certificates`).
        public static let rootDER = "root.cer"
    }

    /// The leaf's private key (kept as its raw bytes: swift-crypto's key type is not `Sendable`).
    public var privateKey: P256.Signing.PrivateKey {
        do {
            return try P256.Signing.PrivateKey(rawRepresentation: privateKeyBytes)
        } catch {
            preconditionFailure("the stored bytes came from a valid P-256 key: \(error)")
        }
    }
    private let privateKeyBytes: Data
    /// Leaf, intermediate, root.
    public let chain: [Certificate]

    /// An identity from its parts; checks the chain (see ``validate()``).
    public init(privateKey: P256.Signing.PrivateKey, leaf: Certificate, intermediate: Certificate, root: Certificate) throws(TrustError) {
        self.privateKeyBytes = privateKey.rawRepresentation
        self.chain = [leaf, intermediate, root]
        try validate()
    }

    /// Reads the identity folder `directory` (``FileName``: leaf key, leaf, intermediate, root).
    public init(directory: String) throws(TrustError) {
        let folder = URL(filePath: directory)
        func text(_ name: String) throws(TrustError) -> String {
            let path = folder.appending(path: name).path
            do {
                return try String(contentsOfFile: path, encoding: .utf8)
            } catch {
                throw TrustError(.unreadableFile, "cannot read \(path): \(error.localizedDescription)")
            }
        }
        func certificate(_ name: String) throws(TrustError) -> Certificate {
            do {
                return try Certificate(pemEncoded: try text(name))
            } catch let error as TrustError {
                throw error
            } catch {
                throw TrustError(.malformed, "\(folder.appending(path: name).path) is not a PEM certificate: \(error)")
            }
        }
        let key: P256.Signing.PrivateKey
        do {
            key = try P256.Signing.PrivateKey(pemRepresentation: try text(FileName.leafKey))
        } catch let error as TrustError {
            throw error
        } catch {
            throw TrustError(.malformed, "\(folder.appending(path: FileName.leafKey).path) is not a P-256 private key in PEM: \(error)")
        }
        try self.init(
            privateKey: key, leaf: try certificate(FileName.leaf), intermediate: try certificate(FileName.intermediate),
            root: try certificate(FileName.root))
    }

    /// The leaf certificate.
    public var leaf: Certificate { chain[0] }
    /// The intermediate certificate.
    public var intermediate: Certificate { chain[1] }
    /// The root certificate: what a verifier trusts.
    public var root: Certificate { chain[2] }

    /// The `x5c` header value: each certificate's DER in standard base64, leaf first.
    public var x5c: [String] {
        chain.map { certificate in
            var serializer = DER.Serializer()
            // Serializing a parsed or built certificate cannot fail; an empty entry would fail verification loudly.
            try? serializer.serialize(certificate)
            return Data(serializer.serializedBytes).base64EncodedString()
        }
    }

    /// The root certificate's DER bytes.
    public var rootDER: Data {
        var serializer = DER.Serializer()
        try? serializer.serialize(root)
        return Data(serializer.serializedBytes)
    }

    /// SHA-256 of the root's DER, hex: how logs and `identity show` name a root.
    public var rootFingerprint: String {
        SHA256.hash(data: rootDER).map { String(format: "%02x", $0) }.joined()
    }

    /// Checks what Apple's verifier checks, so a bad identity fails at start and not in
    /// every client: the marker OIDs, each certificate signed by the next, the root
    /// self-signed, and the private key matching the leaf.
    public func validate() throws(TrustError) {
        guard leaf.extensions[oid: AppleMarkerOID.leaf] != nil else {
            throw TrustError(.invalidChain, "the leaf certificate lacks Apple's leaf marker extension \(AppleMarkerOID.leaf)")
        }
        guard intermediate.extensions[oid: AppleMarkerOID.intermediate] != nil else {
            throw TrustError(
                .invalidChain, "the intermediate certificate lacks Apple's intermediate marker extension \(AppleMarkerOID.intermediate)")
        }
        guard intermediate.publicKey.isValidSignature(leaf.signature, for: leaf) else {
            throw TrustError(.invalidChain, "the leaf certificate is not signed by the intermediate")
        }
        guard root.publicKey.isValidSignature(intermediate.signature, for: intermediate) else {
            throw TrustError(.invalidChain, "the intermediate certificate is not signed by the root")
        }
        guard root.publicKey.isValidSignature(root.signature, for: root) else {
            throw TrustError(.invalidChain, "the root certificate is not self-signed")
        }
        guard leaf.publicKey == Certificate.PublicKey(privateKey.publicKey) else {
            throw TrustError(.keyMismatch, "the private key does not belong to the leaf certificate")
        }
    }
}
