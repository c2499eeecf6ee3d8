import Crypto
import Foundation

/// The JWT that authenticates a call, as Apple specifies for the App Store Server API and the
/// Advanced Commerce API: header `{"alg":"ES256","kid":…,"typ":"JWT"}`, claims `iss`, `iat`,
/// `exp` (at most 60 minutes after `iat`), `aud` = `appstoreconnect-v1`, `bid`.
public enum BearerToken {
    /// The only accepted `aud`.
    public static let audience = "appstoreconnect-v1"
    /// The longest lifetime of a token (`exp - iat`).
    public static let maximumLifetime: TimeInterval = 3600

    /// The claims this service reads.
    public struct Claims: Codable, Sendable, Hashable {
        /// `iss`: the issuer id of the key.
        public var iss: String?
        /// `iat`: issued at, seconds since 1970. Apple's libraries may leave it out; the
        /// lifetime is then counted from now.
        public var iat: Int64?
        /// `exp`: expiry, seconds since 1970.
        public var exp: Int64?
        /// `aud`: a string (or a list holding it).
        public var aud: Audience?
        /// `bid`: the app's bundle id.
        public var bid: String?

        /// Claims.
        public init(iss: String?, iat: Int64?, exp: Int64?, aud: Audience?, bid: String?) {
            self.iss = iss
            self.iat = iat
            self.exp = exp
            self.aud = aud
            self.bid = bid
        }
    }

    /// `aud`: one string or a list of strings (RFC 7519 §4.1.3).
    public enum Audience: Codable, Sendable, Hashable {
        case single(String)
        case list([String])

        /// Whether `value` is (one of) the audience(s).
        public func contains(_ value: String) -> Bool {
            switch self {
            case .single(let audience): audience == value
            case .list(let audiences): audiences.contains(value)
            }
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let single = try? container.decode(String.self) {
                self = .single(single)
            } else {
                self = .list(try container.decode([String].self))
            }
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .single(let audience): try container.encode(audience)
            case .list(let audiences): try container.encode(audiences)
            }
        }
    }

    /// A token signed with `key` (what `subscriptionsctl token` prints and the tests send).
    public static func mint(
        key: P256.Signing.PrivateKey, keyId: String, issuerId: String, bundleId: String,
        lifetime: TimeInterval = 20 * 60, now: Date = Date(), audience: String = audience
    ) throws -> String {
        let issuedAt = Int64(now.timeIntervalSince1970.rounded(.down))
        let claims = Claims(iss: issuerId, iat: issuedAt, exp: issuedAt + Int64(lifetime), aud: .single(audience), bid: bundleId)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let header = try encoder.encode(["alg": "ES256", "kid": keyId, "typ": "JWT"])
        return try CompactJWS.sign(header: header, payload: encoder.encode(claims), with: key)
    }
}
