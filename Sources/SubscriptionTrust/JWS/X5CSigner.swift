import Crypto
import Foundation
import SubscriptionAPI

/// Signs payloads as App Store signed data: an ES256 JWS whose header carries the identity's
/// chain, `{"alg":"ES256","x5c":[leaf, intermediate, root]}` (what Apple's
/// `SignedDataVerifier` verifies against the root it is given). Put it in an encoder's
/// `userInfo` (`JSONEncoder.appleJSON(signer:)`) to sign every ``SignedPayload`` field.
public struct X5CSigner: PayloadSigner {
    /// The identity signed with.
    public let identity: SigningIdentity
    /// The header in base64url, encoded once.
    private let encodedHeader: String
    /// `base64url(header).`, the start of every JWS this signer makes.
    private let signingPrefix: [UInt8]
    /// SHA-256 with ``signingPrefix`` already hashed: each signature hashes only its payload's
    /// part of the signing input, not the 2.7 KB of the `x5c` header again.
    private let prefixHash: PrefixHash

    /// A signer for `identity`.
    public init(identity: SigningIdentity) {
        self.identity = identity
        let header: [String: AnyEncodableHeader] = ["alg": .string("ES256"), "x5c": .strings(identity.x5c)]
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Strings and arrays of strings always encode.
        self.encodedHeader = Base64URL.encode((try? encoder.encode(header)) ?? Data())
        signingPrefix = Array(encodedHeader.utf8) + [UInt8(ascii: ".")]
        var hash = SHA256()
        hash.update(data: signingPrefix)
        prefixHash = PrefixHash(state: hash)
    }

    public func compactJWS(signing payload: Data) throws -> String {
        try CompactJWS.sign(encodedHeader: encodedHeader, payload: payload, with: identity.privateKey)
    }

    /// The same JWS as ``compactJWS(signing:)``, built in one byte buffer, the signing input
    /// hashed from the header's precomputed state.
    public func compactJWSBytes(signing payload: [UInt8]) throws -> [UInt8] {
        var jws = signingPrefix
        jws.reserveCapacity(signingPrefix.count + (payload.count * 4 + 2) / 3 + 88)
        Base64URL.append(payload, to: &jws)
        var hash = prefixHash.state
        jws.withUnsafeBytes { hash.update(bufferPointer: UnsafeRawBufferPointer(rebasing: $0[signingPrefix.count...])) }
        let signature = try identity.privateKey.signature(for: hash.finalize())
        jws.append(UInt8(ascii: "."))
        Base64URL.append(signature.rawRepresentation, to: &jws)
        return jws
    }
}

/// A SHA-256 state that is only ever copied, never changed in place.
///
/// `@unchecked Sendable`: swift-crypto's `SHA256` holds its state in a class and copies it on
/// the first `update` of a copy that is not the only reference (copy on write), so every signer
/// thread that copies ``state`` and updates its copy only reads the shared state, which nothing
/// writes after `init`.
struct PrefixHash: @unchecked Sendable {
    let state: SHA256
}

/// A JWS header value: a string or a list of strings.
enum AnyEncodableHeader: Encodable {
    case string(String)
    case strings([String])

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .string(let value): try container.encode(value)
        case .strings(let values): try container.encode(values)
        }
    }
}
