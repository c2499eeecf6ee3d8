/// Why a request's bearer token was refused: the body of the 401 (or 403) answer.
public struct BearerTokenError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong; each has its own error code (`<HTTP status>9xxx`, the API's convention
    /// for codes that are ours).
    public enum Code: Int64, Sendable, Hashable, CaseIterable {
        /// No `Authorization: Bearer …` header.
        case missing = 4_019_001
        /// Not a compact JWS, or its header or claims are not JSON of the right shape.
        case malformed = 4_019_002
        /// `alg` is not ES256 or `typ` is not JWT.
        case unsupportedAlgorithm = 4_019_003
        /// No key is configured with the token's `kid`.
        case unknownKey = 4_019_004
        /// The signature does not verify with the key of `kid`.
        case badSignature = 4_019_005
        /// `exp` is past, `iat` is in the future, or the token lives longer than 60 minutes.
        case expired = 4_019_006
        /// `aud` is not `appstoreconnect-v1`.
        case wrongAudience = 4_019_007
        /// `bid` is not the key's bundle id.
        case wrongBundle = 4_019_008
        /// `iss` is not the key's issuer id.
        case wrongIssuer = 4_019_009
        /// No key is configured at all (`AUTH_KEYS`).
        case noKeysConfigured = 4_019_010
        /// A valid app token on an operations route, which needs an operator key.
        case operatorKeyRequired = 4_039_001

        /// The HTTP status of the answer: 403 for a valid token without the right, else 401.
        public var httpStatus: Int { self == .operatorKeyRequired ? 403 : 401 }
    }

    /// What is wrong.
    public var code: Code
    /// The explanation sent as `errorMessage`.
    public var message: String

    /// An error.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }
}
