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

    /// A signer for `identity`.
    public init(identity: SigningIdentity) {
        self.identity = identity
        let header: [String: AnyEncodableHeader] = ["alg": .string("ES256"), "x5c": .strings(identity.x5c)]
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Strings and arrays of strings always encode.
        self.encodedHeader = Base64URL.encode((try? encoder.encode(header)) ?? Data())
    }

    public func compactJWS(signing payload: Data) throws -> String {
        try CompactJWS.sign(encodedHeader: encodedHeader, payload: payload, with: identity.privateKey)
    }
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
