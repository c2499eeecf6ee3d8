import Crypto
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import SubscriptionAPI
import SubscriptionMessages
import SubscriptionTrust
import Testing

@testable import SubscriptionProducer

/// Bearer tokens on every route and the signatures of the signed fields
/// (docs/signing-and-auth.md).
extension ProducerHTTPTests {
    static func bearer(_ token: String) -> HTTPFields { [.authorization: "Bearer \(token)"] }

    @Test("without a token every API route answers 401 naming the header; health, metrics and openapi stay open")
    func noTokenIsRefused() async throws {
        try await withProducer(answer: Self.purchaseReply) { client, replier in
            for (uri, method) in [
                ("/v1/purchases", HTTPRequest.Method.post), ("/inApps/v1/subscriptions/1000", .get),
                ("/inApps/v1/transactions/1000", .get), ("/v1/testClock/advance", .post),
                ("/advancedCommerce/v1/subscription/revoke/1000", .post),
            ] {
                let response = try await client.execute(
                    uri: uri, method: method, headers: [.authorization: ""], body: ByteBuffer(string: Self.purchaseBody))
                #expect(response.status == .unauthorized, "\(method) \(uri)")
                let body = try JSONDecoder().decode(ErrorPayload.self, from: Data(buffer: response.body))
                #expect(body.errorCode == BearerTokenError.Code.missing.errorCode)
                #expect(body.errorMessage.contains("Authorization"))
                #expect(response.headers[BearerAuthMiddleware<ProducerRoutes.Context>.wwwAuthenticate]?.hasPrefix("Bearer") == true)
            }
            for uri in ["/health", "/metrics", "/openapi.yaml"] {
                #expect(try await client.execute(uri: uri, method: .get, headers: [.authorization: ""]).status == .ok, "\(uri)")
            }
            #expect(replier.commands.isEmpty)
        }
    }

    @Test("a token of another key, an expired one, or one for another bundle or audience gets 401 saying which")
    func badTokensAreRefused() async throws {
        let stranger = P256.Signing.PrivateKey()
        let issuer = TestCredentials.issuerId
        let cases: [(String, BearerTokenError.Code)] = [
            (try BearerToken.mint(key: stranger, keyId: "APPKEY0001", issuerId: issuer, bundleId: "com.example.news"), .badSignature),
            (try BearerToken.mint(key: stranger, keyId: "NOSUCHKEY", issuerId: issuer, bundleId: "com.example.news"), .unknownKey),
            (try TestCredentials.appToken(now: Date().addingTimeInterval(-7200)), .expired),
            (try BearerToken.mint(key: TestCredentials.appKey, keyId: "APPKEY0001", issuerId: issuer, bundleId: "com.other.app"), .wrongBundle),
            (try BearerToken.mint(key: TestCredentials.appKey, keyId: "APPKEY0001", issuerId: issuer, bundleId: "com.example.news", audience: "other"), .wrongAudience),
            (try BearerToken.mint(key: TestCredentials.appKey, keyId: "APPKEY0001", issuerId: "someone-else", bundleId: "com.example.news"), .wrongIssuer),
            (try BearerToken.mint(key: TestCredentials.appKey, keyId: "APPKEY0001", issuerId: issuer, bundleId: "com.example.news", lifetime: 7200), .expired),
            ("garbage", .malformed),
        ]
        try await withProducer(answer: Self.purchaseReply) { client, replier in
            for (token, code) in cases {
                let response = try await client.execute(uri: "/inApps/v1/subscriptions/1000", method: .get, headers: Self.bearer(token))
                #expect(response.status == .unauthorized, "\(code)")
                let body = try JSONDecoder().decode(ErrorPayload.self, from: Data(buffer: response.body))
                #expect(body.errorCode == code.errorCode, "\(body.errorMessage)")
            }
            #expect(replier.commands.isEmpty)
        }
    }

    @Test("an app key opens Apple's routes, not the operations routes (403); the operator key opens both")
    func rolesDecideTheRoutes() async throws {
        try await withProducer(answer: Self.purchaseReply) { client, replier in
            let app = Self.bearer(try TestCredentials.appToken())
            let operations = try await client.execute(
                uri: "/v1/purchases", method: .post, headers: app, body: ByteBuffer(string: Self.purchaseBody))
            #expect(operations.status == .forbidden)
            let body = try JSONDecoder().decode(ErrorPayload.self, from: Data(buffer: operations.body))
            #expect(body.errorCode == BearerTokenError.Code.operatorKeyRequired.errorCode)
            #expect(replier.commands.isEmpty)
            let purchase = try await client.execute(uri: "/v1/purchases", method: .post, body: ByteBuffer(string: Self.purchaseBody))
            #expect(purchase.status == .ok)
            // The app key passes authentication on Apple's routes: the command is published.
            _ = try await client.execute(uri: "/inApps/v1/transactions/1000", method: .get, headers: app)
            #expect(replier.commands.map(\.routingKey).contains(CommandRoute.getTransactionInfo.routingKey))
        }
    }

    @Test("signed fields are ES256 JWS whose x5c is the identity's chain and whose signature verifies with its leaf")
    func signedFieldsAreSigned() async throws {
        try await withProducer(answer: Self.purchaseReply) { client, _ in
            let response = try await client.execute(uri: "/v1/purchases", method: .post, body: ByteBuffer(string: Self.purchaseBody))
            #expect(response.status == .ok)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any])
            for field in ["signedTransactionInfo", "signedRenewalInfo"] {
                let text = try #require(object[field] as? String)
                let parts = try #require(CompactJWS.Parts(text))
                let header = try #require(try JSONSerialization.jsonObject(with: parts.header) as? [String: Any])
                #expect(header["alg"] as? String == "ES256")
                #expect(header["x5c"] as? [String] == TestCredentials.identity.x5c)
                #expect(parts.isValidSignature(for: TestCredentials.identity.privateKey.publicKey), "\(field)")
                #expect(!parts.isValidSignature(for: P256.Signing.PrivateKey().publicKey))
            }
        }
    }
}
