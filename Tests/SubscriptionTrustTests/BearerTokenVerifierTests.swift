import Crypto
import Foundation
import Testing

@testable import SubscriptionTrust

@Suite("Bearer tokens as the App Store Server API takes them")
struct BearerTokenVerifierTests {
    let key = P256.Signing.PrivateKey()
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    var verifier: BearerTokenVerifier {
        BearerTokenVerifier(keys: APIKeySet([
            APIKey(keyId: "KEY1", issuerId: "issuer-1", bundleId: "com.example.news", role: .app, publicKey: key.publicKey),
        ]))
    }

    func token(header: [String: String] = ["alg": "ES256", "kid": "KEY1", "typ": "JWT"], claims: [String: Any], key: P256.Signing.PrivateKey? = nil) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return try CompactJWS.sign(
            header: encoder.encode(header), payload: JSONSerialization.data(withJSONObject: claims), with: key ?? self.key)
    }

    var claims: [String: Any] {
        ["iss": "issuer-1", "iat": 1_800_000_000 - 10, "exp": 1_800_000_000 + 600, "aud": "appstoreconnect-v1", "bid": "com.example.news"]
    }

    @Test("a token minted with the key verifies and names its key")
    func minted() throws {
        let token = try BearerToken.mint(key: key, keyId: "KEY1", issuerId: "issuer-1", bundleId: "com.example.news", now: now)
        #expect(try verifier.verify(authorization: "Bearer \(token)", now: now).keyId == "KEY1")
    }

    @Test("Apple's Python client leaves iat out: accepted while exp is at most 60 minutes away")
    func withoutIssuedAt() throws {
        var claims = self.claims
        claims["iat"] = nil
        #expect(try verifier.verify(authorization: "Bearer \(try token(claims: claims))", now: now).keyId == "KEY1")
        claims["exp"] = 1_800_000_000 + 7200
        #expect(throws: BearerTokenError.self) { try verifier.verify(authorization: "Bearer \(try token(claims: claims))", now: now) }
    }

    @Test("iat and exp at the far ends of Int64 (-2^62, 2^62) are refused as expired, not computed with (the subtraction overflowed)")
    func extremeClaims() throws {
        var claims = self.claims
        claims["iat"] = -(Int64(1) << 62)
        claims["exp"] = Int64(1) << 62
        let error = #expect(throws: BearerTokenError.self) { try verifier.verify(authorization: "Bearer \(try token(claims: claims))", now: now) }
        #expect(error?.code == .expired)
        claims["iat"] = Int64.min
        claims["exp"] = Int64.max
        #expect(throws: BearerTokenError.self) { try verifier.verify(authorization: "Bearer \(try token(claims: claims))", now: now) }
    }

    @Test(
        "each wrong part is named by its own code",
        arguments: [
            ("alg", BearerTokenError.Code.unsupportedAlgorithm), ("typ", .unsupportedAlgorithm), ("kid", .unknownKey),
            ("iss", .wrongIssuer), ("aud", .wrongAudience), ("bid", .wrongBundle), ("exp", .expired), ("iat", .expired),
            ("lifetime", .expired), ("signature", .badSignature),
        ])
    func wrongParts(part: String, code: BearerTokenError.Code) throws {
        var header = ["alg": "ES256", "kid": "KEY1", "typ": "JWT"]
        var claims = self.claims
        var key: P256.Signing.PrivateKey?
        switch part {
        case "alg": header["alg"] = "HS256"
        case "typ": header["typ"] = "JOSE+JSON"
        case "kid": header["kid"] = "KEY2"
        case "iss": claims["iss"] = "issuer-2"
        case "aud": claims["aud"] = "appstoreconnect-v2"
        case "bid": claims["bid"] = "com.example.other"
        case "exp": claims["exp"] = 1_800_000_000 - 120
        case "iat": claims["iat"] = 1_800_000_000 + 600
        case "lifetime": claims["exp"] = 1_800_000_000 - 10 + 3601
        default: key = P256.Signing.PrivateKey()
        }
        let text = try token(header: header, claims: claims, key: key)
        let error = #expect(throws: BearerTokenError.self) { try verifier.verify(authorization: "Bearer \(text)", now: now) }
        #expect(error?.code == code, "\(error?.message ?? "")")
    }

    @Test("a missing header, another scheme, garbage and no configured key are refused with 401 codes")
    func malformed() {
        for (header, code) in [(nil, BearerTokenError.Code.missing), ("Basic abc", .missing), ("Bearer a.b", .malformed)] {
            let error = #expect(throws: BearerTokenError.self) { try verifier.verify(authorization: header, now: now) }
            #expect(error?.code == code)
            #expect(error?.code.httpStatus == 401)
        }
        let none = #expect(throws: BearerTokenError.self) {
            try BearerTokenVerifier(keys: APIKeySet()).verify(authorization: "Bearer x.y.z", now: now)
        }
        #expect(none?.code == .noKeysConfigured)
    }

    @Test("a token that verified is kept: used again it is not verified again, but its claims are checked every time; a refused token is not kept")
    func keptTokens() throws {
        let verifier = self.verifier
        let token = try BearerToken.mint(key: key, keyId: "KEY1", issuerId: "issuer-1", bundleId: "com.example.news", now: now)
        #expect(try verifier.verify(authorization: "Bearer \(token)", now: now).keyId == "KEY1")
        #expect(verifier.verified.count == 1)
        #expect(try verifier.verify(authorization: "Bearer \(token)", now: now.addingTimeInterval(60)).keyId == "KEY1")
        #expect(verifier.verified.count == 1)
        let expired = #expect(throws: BearerTokenError.self) {
            try verifier.verify(authorization: "Bearer \(token)", now: now.addingTimeInterval(3 * 3600))
        }
        #expect(expired?.code == .expired)
        var claims = self.claims
        claims["aud"] = "appstoreconnect-v2"
        let refused = try self.token(claims: claims)
        for _ in 0..<2 {
            #expect(throws: BearerTokenError.self) { try verifier.verify(authorization: "Bearer \(refused)", now: now) }
        }
        #expect(verifier.verified.count == 1)
        // The same token with a character of its signature changed is another token, checked in
        // full (not the last character: its low bits are padding, which base64 decoding ignores).
        let position = token.index(token.endIndex, offsetBy: -10)
        let tampered = token.replacingCharacters(in: position...position, with: token[position] == "A" ? "B" : "A")
        let error = #expect(throws: BearerTokenError.self) { try verifier.verify(authorization: "Bearer \(tampered)", now: now) }
        #expect(error?.code == .badSignature || error?.code == .malformed)
    }

    @Test("the kept tokens are bounded: when full, the expired ones go, and if none had expired, all of them")
    func keptTokensBounded() {
        let tokens = VerifiedTokens()
        let apiKey = APIKey(keyId: "KEY1", issuerId: "issuer-1", bundleId: "com.example.news", role: .app, publicKey: key.publicKey)
        func entry(expiring exp: Int64) -> VerifiedTokens.Entry {
            VerifiedTokens.Entry(key: apiKey, claims: BearerToken.Claims(iss: "issuer-1", iat: nil, exp: exp, aud: .single("appstoreconnect-v1"), bid: nil))
        }
        for index in 0..<VerifiedTokens.capacity {
            tokens.keep("t\(index)", entry(expiring: index % 2 == 0 ? 100 : 10_000), now: 50)
        }
        #expect(tokens.count == VerifiedTokens.capacity)
        tokens.keep("next", entry(expiring: 10_000), now: 200)
        #expect(tokens.count == VerifiedTokens.capacity / 2 + 1)
        #expect(tokens.entry(for: "t1") != nil && tokens.entry(for: "t0") == nil)
        for index in 0..<VerifiedTokens.capacity { tokens.keep("u\(index)", entry(expiring: 10_000), now: 200) }
        #expect(tokens.count <= VerifiedTokens.capacity)
    }

    @Test("spaces and tabs around the token are HTTP's optional whitespace, trimmed byte by byte")
    func blanks() throws {
        #expect(BearerTokenVerifier.trimmingBlanks(" \t a.b c \t") == "a.b c")
        #expect(BearerTokenVerifier.trimmingBlanks(" \t ") == "")
        #expect(BearerTokenVerifier.trimmingBlanks("") == "")
        #expect(BearerTokenVerifier.trimmingBlanks("é.x ") == "é.x")
        let token = try BearerToken.mint(key: key, keyId: "KEY1", issuerId: "issuer-1", bundleId: "com.example.news", now: now)
        #expect(try verifier.verify(authorization: "Bearer \t \(token) \t", now: now).keyId == "KEY1")
    }

    @Test("a keys file round-trips and a bad entry is named")
    func keysFile() throws {
        let path = FileManager.default.temporaryDirectory.appending(path: "keys-\(UUID().uuidString).json").path
        try verifier.keys.write(to: path)
        #expect(try APIKeySet(contentsOf: path) == verifier.keys)
        try Data(#"{"keys":[{"keyId":"K","issuerId":"i","role":"app","publicKey":"x"}]}"#.utf8).write(to: URL(filePath: path))
        let error = #expect(throws: TrustError.self) { try APIKeySet(contentsOf: path) }
        #expect(error?.message.contains("keys[0] (K) is an app key and needs a bundleId") == true)
    }
}
