import Crypto
import Foundation
import SubscriptionTrust
import Testing

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
