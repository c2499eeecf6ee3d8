import Crypto
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import SubscriptionTrust

/// Keys and a signing identity made per test run: the producer under test trusts
/// ``keys`` and signs with ``identity``; requests carry ``appToken`` or ``operatorToken``.
enum TestCredentials {
    static let issuerId = "11111111-2222-3333-4444-555555555555"
    static let bundleId = "com.example.news"
    static let appKeyBytes = P256.Signing.PrivateKey().rawRepresentation
    static let operatorKeyBytes = P256.Signing.PrivateKey().rawRepresentation
    // Raw bytes of a valid key always make a key again (swift-crypto's key type is not Sendable).
    static var appKey: P256.Signing.PrivateKey { try! P256.Signing.PrivateKey(rawRepresentation: appKeyBytes) }
    static var operatorKey: P256.Signing.PrivateKey { try! P256.Signing.PrivateKey(rawRepresentation: operatorKeyBytes) }
    static let keys = APIKeySet([
        APIKey(keyId: "APPKEY0001", issuerId: issuerId, bundleId: bundleId, role: .app, publicKey: appKey.publicKey),
        APIKey(keyId: "OPERATOR01", issuerId: issuerId, bundleId: nil, role: .operator, publicKey: operatorKey.publicKey),
    ])
    // A new identity cannot fail to validate; a test run without one has nothing to test.
    static let identity = try! SigningIdentity.create(commonName: "producer-tests").identity

    static func appToken(now: Date = Date()) throws -> String {
        try BearerToken.mint(key: appKey, keyId: "APPKEY0001", issuerId: issuerId, bundleId: bundleId, now: now)
    }

    static func operatorToken() throws -> String {
        try BearerToken.mint(key: operatorKey, keyId: "OPERATOR01", issuerId: issuerId, bundleId: bundleId)
    }
}

/// A test client that sends the operator's bearer token unless the request sets its own
/// `Authorization` (or asks for none with an empty value).
struct AuthorizedClient: Sendable {
    let client: any TestClientProtocol

    func execute(
        uri: String, method: HTTPRequest.Method, headers: HTTPFields = [:], body: ByteBuffer? = nil
    ) async throws -> TestResponse {
        var headers = headers
        if headers[.authorization] == nil {
            headers[.authorization] = "Bearer \(try TestCredentials.operatorToken())"
        } else if headers[.authorization] == "" {
            headers[.authorization] = nil
        }
        return try await client.execute(uri: uri, method: method, headers: headers, body: body)
    }
}
