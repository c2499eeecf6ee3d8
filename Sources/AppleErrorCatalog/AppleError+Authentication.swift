/// Our codes for refused bearer tokens (docs/signing-and-auth.md): 401 for a token that does not
/// prove who calls, 403 for a valid token without the right to the route.
extension AppleError {
    private static func auth(_ code: Int64, _ name: String, _ message: String) -> AppleError {
        AppleError(errorCode: code, name: name, message: message, origin: .service)
    }

    /// 401: no `Authorization: Bearer …` header.
    public static let bearerTokenMissing = auth(4_019_001, "BearerTokenMissingError", "The Authorization header with a bearer token is missing.")
    /// 401: not a compact JWS, or its header or claims are not JSON of the right shape.
    public static let bearerTokenMalformed = auth(4_019_002, "BearerTokenMalformedError", "The bearer token is not a well-formed JWT.")
    /// 401: `alg` is not ES256 or `typ` is not JWT.
    public static let bearerTokenUnsupportedAlgorithm = auth(
        4_019_003, "BearerTokenUnsupportedAlgorithmError", "The bearer token must be an ES256 JWT.")
    /// 401: no key is configured with the token's `kid`.
    public static let bearerTokenUnknownKey = auth(4_019_004, "BearerTokenUnknownKeyError", "No key is configured with the token's kid.")
    /// 401: the signature does not verify with the key of `kid`.
    public static let bearerTokenBadSignature = auth(4_019_005, "BearerTokenBadSignatureError", "The bearer token's signature does not verify.")
    /// 401: expired, issued in the future, or living longer than 60 minutes.
    public static let bearerTokenExpired = auth(4_019_006, "BearerTokenExpiredError", "The bearer token is expired or not yet valid.")
    /// 401: `aud` is not `appstoreconnect-v1`.
    public static let bearerTokenWrongAudience = auth(4_019_007, "BearerTokenWrongAudienceError", "The bearer token's aud must be appstoreconnect-v1.")
    /// 401: `bid` is not the key's bundle id.
    public static let bearerTokenWrongBundle = auth(4_019_008, "BearerTokenWrongBundleError", "The bearer token's bid is not the key's bundle id.")
    /// 401: `iss` is not the key's issuer id.
    public static let bearerTokenWrongIssuer = auth(4_019_009, "BearerTokenWrongIssuerError", "The bearer token's iss is not the key's issuer.")
    /// 401: no key is configured at all (`AUTH_KEYS`).
    public static let noAPIKeysConfigured = auth(4_019_010, "NoAPIKeysConfiguredError", "No API keys are configured: every API route is closed.")
    /// 403: a valid app token on an operations route, which needs an operator key.
    public static let operatorKeyRequired = auth(4_039_005, "OperatorKeyRequiredError", "This route needs an operator key.")

    /// The authentication part of ``all``.
    public static let authenticationErrors: [AppleError] = [
        bearerTokenMissing, bearerTokenMalformed, bearerTokenUnsupportedAlgorithm, bearerTokenUnknownKey,
        bearerTokenBadSignature, bearerTokenExpired, bearerTokenWrongAudience, bearerTokenWrongBundle,
        bearerTokenWrongIssuer, noAPIKeysConfigured, operatorKeyRequired,
    ]
}
