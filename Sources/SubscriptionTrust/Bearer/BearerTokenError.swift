import AppleErrorCatalog

/// Why a request's bearer token was refused: the body of the 401 (or 403) answer.
public struct BearerTokenError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong; each has its own entry in the error catalog (`AppleErrorCatalog`).
    public enum Code: Sendable, Hashable, CaseIterable {
        /// No `Authorization: Bearer …` header.
        case missing
        /// Not a compact JWS, or its header or claims are not JSON of the right shape.
        case malformed
        /// `alg` is not ES256 or `typ` is not JWT.
        case unsupportedAlgorithm
        /// No key is configured with the token's `kid`.
        case unknownKey
        /// The signature does not verify with the key of `kid`.
        case badSignature
        /// `exp` is past, `iat` is in the future, or the token lives longer than 60 minutes.
        case expired
        /// `aud` is not `appstoreconnect-v1`.
        case wrongAudience
        /// `bid` is not the key's bundle id.
        case wrongBundle
        /// `iss` is not the key's issuer id.
        case wrongIssuer
        /// No key is configured at all (`AUTH_KEYS`).
        case noKeysConfigured
        /// A valid app token on an operations route, which needs an operator key.
        case operatorKeyRequired

        /// The catalog entry: code, name and HTTP status (403 for a valid token without the
        /// right, 401 otherwise).
        public var error: AppleError {
            switch self {
            case .missing: .bearerTokenMissing
            case .malformed: .bearerTokenMalformed
            case .unsupportedAlgorithm: .bearerTokenUnsupportedAlgorithm
            case .unknownKey: .bearerTokenUnknownKey
            case .badSignature: .bearerTokenBadSignature
            case .expired: .bearerTokenExpired
            case .wrongAudience: .bearerTokenWrongAudience
            case .wrongBundle: .bearerTokenWrongBundle
            case .wrongIssuer: .bearerTokenWrongIssuer
            case .noKeysConfigured: .noAPIKeysConfigured
            case .operatorKeyRequired: .operatorKeyRequired
            }
        }

        /// The numeric error code.
        public var errorCode: Int64 { error.errorCode }
        /// The HTTP status of the answer.
        public var httpStatus: Int { error.httpStatus }
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
