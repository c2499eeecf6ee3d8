import Crypto
import Foundation

/// Checks `Authorization: Bearer <JWT>` against the configured keys, in the order a reader
/// would fix them: the header is there, the token is a JWS, ES256 and JWT, its key is known,
/// the signature verifies, then the claims (issuer, audience, bundle, lifetime).
public struct BearerTokenVerifier: Sendable {
    /// The keys by id.
    public let keys: APIKeySet
    /// Tolerated clock difference for `iat` in the future and `exp` in the past.
    public let leeway: TimeInterval
    /// Tokens verified before (shared by copies of this verifier).
    let verified = VerifiedTokens()

    /// A verifier for `keys`.
    public init(keys: APIKeySet, leeway: TimeInterval = 60) {
        self.keys = keys
        self.leeway = leeway
    }

    /// The key that signed the token in `authorization` (the header's value), or why not.
    public func verify(authorization: String?, now: Date = Date()) throws(BearerTokenError) -> APIKey {
        guard !keys.keys.isEmpty else {
            throw BearerTokenError(.noKeysConfigured, "no API keys are configured (AUTH_KEYS): every API route is closed")
        }
        guard let authorization, !authorization.isEmpty else {
            throw BearerTokenError(.missing, "missing Authorization header: send 'Authorization: Bearer <JWT>'")
        }
        let scheme = authorization.prefix(7)
        guard scheme.lowercased() == "bearer " else {
            throw BearerTokenError(.missing, "the Authorization header must use the Bearer scheme")
        }
        let token = Self.trimmingBlanks(authorization.dropFirst(7))
        if let known = verified.entry(for: token) {
            try check(known.claims, key: known.key, now: now)
            return known.key
        }
        guard let parts = CompactJWS.Parts(token) else {
            throw BearerTokenError(.malformed, "the bearer token is not a JWT (three base64url parts separated by '.')")
        }
        guard let header = try? JSONDecoder().decode(Header.self, from: parts.header) else {
            throw BearerTokenError(.malformed, "the token's header is not a JSON object with alg, kid and typ")
        }
        guard header.alg == "ES256" else {
            throw BearerTokenError(.unsupportedAlgorithm, "the token's alg is \(header.alg.map { "'\($0)'" } ?? "missing"); ES256 is required")
        }
        if let type = header.typ, type.uppercased() != "JWT" {
            throw BearerTokenError(.unsupportedAlgorithm, "the token's typ is '\(type)'; JWT is required")
        }
        guard let keyId = header.kid, !keyId.isEmpty else {
            throw BearerTokenError(.malformed, "the token's header has no kid")
        }
        guard let key = keys.keys[keyId] else {
            throw BearerTokenError(.unknownKey, "no key with kid '\(keyId.prefix(64))' is configured")
        }
        guard parts.isValidSignature(for: key.publicKey) else {
            throw BearerTokenError(.badSignature, "the token's signature does not verify with the key '\(keyId)'")
        }
        guard let claims = try? JSONDecoder().decode(BearerToken.Claims.self, from: parts.payload) else {
            throw BearerTokenError(.malformed, "the token's claims are not a JSON object of iss, iat, exp, aud and bid")
        }
        try check(claims, key: key, now: now)
        verified.keep(token, VerifiedTokens.Entry(key: key, claims: claims), now: Int64(now.timeIntervalSince1970))
        return key
    }

    private func check(_ claims: BearerToken.Claims, key: APIKey, now: Date) throws(BearerTokenError) {
        guard claims.iss == key.issuerId else {
            throw BearerTokenError(.wrongIssuer, "the token's iss \(quoted(claims.iss)) is not the issuer id of key '\(key.keyId)'")
        }
        guard let audience = claims.aud, audience.contains(BearerToken.audience) else {
            throw BearerTokenError(.wrongAudience, "the token's aud must be '\(BearerToken.audience)'")
        }
        if let bundleId = key.bundleId, claims.bid != bundleId {
            throw BearerTokenError(.wrongBundle, "the token's bid \(quoted(claims.bid)) is not the bundle id '\(bundleId)' of key '\(key.keyId)'")
        }
        guard let expiry = claims.exp else {
            throw BearerTokenError(.expired, "the token has no exp")
        }
        let seconds = now.timeIntervalSince1970
        guard TimeInterval(expiry) + leeway > seconds else {
            throw BearerTokenError(.expired, "the token expired at \(expiry) (now \(Int64(seconds)))")
        }
        if let issuedAt = claims.iat {
            guard TimeInterval(issuedAt) <= seconds + leeway else {
                throw BearerTokenError(.expired, "the token's iat \(issuedAt) is in the future (now \(Int64(seconds)))")
            }
            // Checked: iat and exp are any 64-bit integers a key holder signs (-2^62 and 2^62 overflow).
            let (lifetime, overflow) = expiry.subtractingReportingOverflow(issuedAt)
            guard !overflow, TimeInterval(lifetime) <= BearerToken.maximumLifetime else {
                throw BearerTokenError(.expired, "the token lives from \(issuedAt) to \(expiry); exp may be at most 3600 s after iat")
            }
        } else if TimeInterval(expiry) - seconds > BearerToken.maximumLifetime + leeway {
            throw BearerTokenError(.expired, "the token expires more than 60 minutes from now")
        }
    }

    /// `value` without leading and trailing spaces and tabs (HTTP's optional whitespace), byte by
    /// byte: Foundation's `trimmingCharacters(in: .whitespaces)` goes through `NSCharacterSet` on
    /// Linux, and took most of a request's token check once verified tokens were kept.
    static func trimmingBlanks(_ value: Substring) -> String {
        let isBlank = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        guard let first = value.utf8.firstIndex(where: { !isBlank($0) }), let last = value.utf8.lastIndex(where: { !isBlank($0) }) else {
            return ""
        }
        return String(value[first...last])
    }

    private func quoted(_ value: String?) -> String { value.map { "'\($0.prefix(128))'" } ?? "(missing)" }

    private struct Header: Decodable {
        var alg: String?
        var kid: String?
        var typ: String?
    }
}
