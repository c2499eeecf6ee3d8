import Crypto
import Foundation
import SubscriptionAPI
import SubscriptionTrust
import SwiftASN1
import Testing
import X509

@Suite("Signing identity and ES256 JWS with x5c")
struct SigningIdentityTests {
    @Test("a new identity has Apple's marker OIDs, a chain of three, and survives its folder")
    func createWriteRead() throws {
        let (identity, root) = try SigningIdentity.create(commonName: "tests")
        #expect(identity.chain.count == 3)
        #expect(identity.leaf.extensions[oid: AppleMarkerOID.leaf] != nil)
        #expect(identity.intermediate.extensions[oid: AppleMarkerOID.intermediate] != nil)
        #expect(identity.leaf.extensions[oid: AppleMarkerOID.intermediate] == nil)
        let folder = FileManager.default.temporaryDirectory.appending(path: "identity-\(UUID().uuidString)").path
        try identity.write(to: folder, root: root)
        let read = try SigningIdentity(directory: folder)
        #expect(read.x5c == identity.x5c)
        #expect(read.rootFingerprint == identity.rootFingerprint)
        let attributes = try FileManager.default.attributesOfItem(atPath: folder + "/" + SigningIdentity.FileName.leafKey)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        #expect(throws: TrustError.self) { try identity.write(to: folder, root: root) }
    }

    @Test("rotation under the same root: a new leaf and intermediate, the root kept")
    func rotation() throws {
        let (first, root) = try SigningIdentity.create(commonName: "tests")
        let (second, _) = try SigningIdentity.create(root: root, commonName: "tests")
        #expect(second.rootFingerprint == first.rootFingerprint)
        #expect(second.x5c[0] != first.x5c[0])
        #expect(second.x5c[1] != first.x5c[1])
    }

    @Test("an identity whose key or chain is wrong is refused at load")
    func validation() throws {
        let (identity, _) = try SigningIdentity.create(commonName: "a")
        let (other, _) = try SigningIdentity.create(commonName: "b")
        let mismatch = #expect(throws: TrustError.self) {
            try SigningIdentity(privateKey: other.privateKey, leaf: identity.leaf, intermediate: identity.intermediate, root: identity.root)
        }
        #expect(mismatch?.code == .keyMismatch)
        let chain = #expect(throws: TrustError.self) {
            try SigningIdentity(privateKey: identity.privateKey, leaf: identity.leaf, intermediate: other.intermediate, root: other.root)
        }
        #expect(chain?.code == .invalidChain)
        let markers = #expect(throws: TrustError.self) {
            try SigningIdentity(privateKey: identity.privateKey, leaf: identity.intermediate, intermediate: identity.intermediate, root: identity.root)
        }
        #expect(markers?.code == .invalidChain)
    }

    @Test("a signed payload is an ES256 JWS with the chain in x5c, verifiable with the leaf, nested fields signed too")
    func signedPayload() throws {
        let (identity, _) = try SigningIdentity.create(commonName: "tests")
        let signer = X5CSigner(identity: identity)
        var transaction = JWSTransactionDecodedPayload()
        transaction.transactionId = "1000"
        let data = NotificationData(
            appAppleId: nil, bundleId: "com.example.news", bundleVersion: nil, environment: "Sandbox",
            signedTransactionInfo: SignedPayload(transaction), signedRenewalInfo: nil, status: 1)
        let payload = ResponseBodyV2DecodedPayload(
            notificationType: "SUBSCRIBED", subtype: "INITIAL_BUY", notificationUUID: "u", data: data, summary: nil, signedDate: 1)
        let text = try SignedPayload(payload).compactSerialization(signedBy: signer)
        let parts = try #require(CompactJWS.Parts(text))
        let header = try #require(try JSONSerialization.jsonObject(with: parts.header) as? [String: Any])
        #expect(header["alg"] as? String == "ES256")
        #expect(header["x5c"] as? [String] == identity.x5c)
        #expect(parts.isValidSignature(for: identity.privateKey.publicKey))
        let decoded = try SignedPayload<ResponseBodyV2DecodedPayload>(compactSerialization: text)
        #expect(decoded.algorithm == "ES256")
        #expect(decoded.payload.data?.signedTransactionInfo?.algorithm == "ES256")
        #expect(decoded.payload.data?.signedTransactionInfo?.payload.transactionId == "1000")
        // Without a signer, encoding fails (fail closed); only a test's explicit unsigned signer writes `alg: none`.
        #expect(throws: EncodingError.self) { try JSONEncoder().encode(SignedPayload(payload)) }
        #expect(try SignedPayload(payload).compactSerialization(signedBy: UnsignedTestSigner()).hasSuffix("."))
    }

    @Test("the answers' byte path signs the same JWS: same header, same payload, a signature that verifies")
    func signedBytes() throws {
        let (identity, _) = try SigningIdentity.create(commonName: "tests")
        let signer = X5CSigner(identity: identity)
        var transaction = JWSTransactionDecodedPayload()
        transaction.transactionId = "1000"
        transaction.productId = "news.standard.monthly"
        let payload = try transaction.appleJSONBytes()
        let text = String(decoding: try signer.compactJWSBytes(signing: payload), as: UTF8.self)
        let reference = try signer.compactJWS(signing: Data(payload))
        let parts = try #require(CompactJWS.Parts(text))
        let referenceParts = try #require(CompactJWS.Parts(reference))
        #expect(parts.header == referenceParts.header)
        #expect(parts.payload == Data(payload))
        #expect(parts.signingInput == referenceParts.signingInput)
        #expect(parts.isValidSignature(for: identity.privateKey.publicKey))
        // An answer written on the byte path carries signed fields a verifier accepts.
        let response = AdvancedCommerceResponse(
            signedTransactionInfo: SignedPayload(transaction), signedRenewalInfo: SignedPayload(JWSRenewalInfoDecodedPayload()))
        let decoded = try JSONDecoder().decode(
            AdvancedCommerceResponse.self, from: Data(try response.appleJSONBytes(signer: signer)))
        #expect(decoded.signedTransactionInfo.algorithm == "ES256")
        #expect(decoded.signedTransactionInfo.payload == transaction)
        let signed = try JSONSerialization.jsonObject(with: Data(try response.appleJSONBytes(signer: signer))) as? [String: String]
        let jws = try #require(signed?["signedTransactionInfo"])
        #expect(try #require(CompactJWS.Parts(jws)).isValidSignature(for: identity.privateKey.publicKey))
    }
}
