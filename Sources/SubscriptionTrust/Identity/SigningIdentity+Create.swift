import Crypto
import Foundation
import SwiftASN1
import X509

extension SigningIdentity {
    /// A root CA with its private key: what issues intermediates (kept by the operator).
    public struct Root: Sendable {
        /// The self-signed root certificate.
        public var certificate: Certificate
        /// Its private key.
        public var privateKey: P256.Signing.PrivateKey {
            do {
                return try P256.Signing.PrivateKey(rawRepresentation: privateKeyBytes)
            } catch {
                preconditionFailure("the stored bytes came from a valid P-256 key: \(error)")
            }
        }
        private var privateKeyBytes: Data

        /// Reads `root.pem` and `root-key.pem` from an identity folder.
        public init(directory: String) throws(TrustError) {
            let folder = URL(filePath: directory)
            do {
                certificate = try Certificate(
                    pemEncoded: String(contentsOf: folder.appending(path: FileName.root), encoding: .utf8))
                privateKeyBytes = try P256.Signing.PrivateKey(
                    pemRepresentation: String(contentsOf: folder.appending(path: FileName.rootKey), encoding: .utf8)
                ).rawRepresentation
            } catch {
                throw TrustError(
                    .unreadableFile, "cannot read the root CA (\(FileName.root), \(FileName.rootKey)) in \(directory): \(error)")
            }
            guard certificate.publicKey == Certificate.PublicKey(privateKey.publicKey) else {
                throw TrustError(.keyMismatch, "\(FileName.rootKey) in \(directory) does not belong to \(FileName.root)")
            }
        }

        /// A new self-signed root named `commonName`.
        public init(commonName: String, now: Date = Date()) throws {
            let privateKey = P256.Signing.PrivateKey()
            privateKeyBytes = privateKey.rawRepresentation
            let key = Certificate.PrivateKey(privateKey)
            let name = try DistinguishedName {
                CommonName(commonName)
                OrganizationName("subscriptions")
            }
            certificate = try Certificate(
                version: .v3, serialNumber: Certificate.SerialNumber(), publicKey: key.publicKey,
                notValidBefore: now.addingTimeInterval(-Validity.backdating),
                notValidAfter: now.addingTimeInterval(Validity.root), issuer: name, subject: name,
                signatureAlgorithm: .ecdsaWithSHA256,
                extensions: try Certificate.Extensions {
                    Critical(BasicConstraints.isCertificateAuthority(maxPathLength: nil))
                    Critical(KeyUsage(keyCertSign: true, cRLSign: true))
                    SubjectKeyIdentifier(hash: key.publicKey)
                },
                issuerPrivateKey: key)
        }
    }

    /// How long the certificates of a new identity are valid. `notValidBefore` lies a week in
    /// the past: without online checks Apple's verifier checks the chain at the payload's
    /// `signedDate`, which the test clock may put before the moment the identity was made.
    enum Validity {
        static let backdating: TimeInterval = 7 * 86_400
        static let root: TimeInterval = 30 * 365 * 86_400
        static let intermediate: TimeInterval = 20 * 365 * 86_400
        static let leaf: TimeInterval = 10 * 365 * 86_400
    }

    /// A new identity: an intermediate with Apple's intermediate marker and a leaf with the leaf
    /// marker, issued under `root` (a new root when nil).
    public static func create(root: Root? = nil, commonName: String = "subscriptions", now: Date = Date()) throws -> (
        identity: SigningIdentity, root: Root
    ) {
        let root = try root ?? Root(commonName: "\(commonName) root CA", now: now)
        let rootKey = Certificate.PrivateKey(root.privateKey)
        let intermediateKey = P256.Signing.PrivateKey()
        let intermediateName = try DistinguishedName {
            CommonName("\(commonName) intermediate CA")
            OrganizationName("subscriptions")
        }
        let intermediate = try Certificate(
            version: .v3, serialNumber: Certificate.SerialNumber(),
            publicKey: Certificate.PublicKey(intermediateKey.publicKey),
            notValidBefore: now.addingTimeInterval(-Validity.backdating),
            notValidAfter: min(now.addingTimeInterval(Validity.intermediate), root.certificate.notValidAfter),
            issuer: root.certificate.subject, subject: intermediateName, signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.isCertificateAuthority(maxPathLength: 0))
                Critical(KeyUsage(keyCertSign: true, cRLSign: true))
                SubjectKeyIdentifier(hash: Certificate.PublicKey(intermediateKey.publicKey))
                AuthorityKeyIdentifier(keyIdentifier: SubjectKeyIdentifier(hash: rootKey.publicKey).keyIdentifier)
                Certificate.Extension(oid: AppleMarkerOID.intermediate, critical: false, value: AppleMarkerOID.nullValue)
            },
            issuerPrivateKey: rootKey)
        let leafKey = P256.Signing.PrivateKey()
        let leafName = try DistinguishedName {
            CommonName("\(commonName) signing")
            OrganizationName("subscriptions")
        }
        let leaf = try Certificate(
            version: .v3, serialNumber: Certificate.SerialNumber(), publicKey: Certificate.PublicKey(leafKey.publicKey),
            notValidBefore: now.addingTimeInterval(-Validity.backdating),
            notValidAfter: min(now.addingTimeInterval(Validity.leaf), intermediate.notValidAfter),
            issuer: intermediateName, subject: leafName, signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.notCertificateAuthority)
                Critical(KeyUsage(digitalSignature: true))
                SubjectKeyIdentifier(hash: Certificate.PublicKey(leafKey.publicKey))
                AuthorityKeyIdentifier(
                    keyIdentifier: SubjectKeyIdentifier(hash: Certificate.PublicKey(intermediateKey.publicKey)).keyIdentifier)
                Certificate.Extension(oid: AppleMarkerOID.leaf, critical: false, value: AppleMarkerOID.nullValue)
            },
            issuerPrivateKey: Certificate.PrivateKey(intermediateKey))
        let identity = try SigningIdentity(privateKey: leafKey, leaf: leaf, intermediate: intermediate, root: root.certificate)
        return (identity, root)
    }

    /// Writes the identity folder: certificates as PEM, the root also as DER (`root.cer`), the
    /// private keys as PKCS#8 PEM readable by the owner only. Refuses to overwrite an identity.
    public func write(to directory: String, root: Root) throws {
        let folder = URL(filePath: directory)
        let manager = FileManager.default
        if manager.fileExists(atPath: folder.appending(path: FileName.leafKey).path) {
            throw TrustError(.malformed, "\(directory) already holds a signing identity; choose an empty folder")
        }
        try manager.createDirectory(at: folder, withIntermediateDirectories: true)
        func write(_ text: String, _ name: String, secret: Bool = false) throws {
            let url = folder.appending(path: name)
            try FileWriting.write(Data(text.utf8), to: url, mode: secret ? 0o600 : 0o644)
        }
        try write(root.certificate.serializeAsPEM().pemString, FileName.root)
        try write(root.privateKey.pemRepresentation, FileName.rootKey, secret: true)
        try write(intermediate.serializeAsPEM().pemString, FileName.intermediate)
        try write(leaf.serializeAsPEM().pemString, FileName.leaf)
        try write(privateKey.pemRepresentation, FileName.leafKey, secret: true)
        try rootDER.write(to: folder.appending(path: FileName.rootDER))
    }
}
