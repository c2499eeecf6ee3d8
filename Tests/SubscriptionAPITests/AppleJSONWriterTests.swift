import Foundation
import Testing

@testable import SubscriptionAPI

/// The answers' direct JSON path writes, byte for byte, what `JSONEncoder.appleJSON(signer:)`
/// encodes: every key of every writable type, absent and present, strings that need escaping,
/// integer extremes. Signed fields are compared signed by `UnsignedTestSigner` here (an ES256
/// signature differs each time; the signed path is checked in SubscriptionTrustTests).
@Suite("AppleJSONWriter: JSONEncoder's bytes without JSONEncoder")
struct AppleJSONWriterTests {
    static let awkward = [
        "", "plain", "quote\" backslash\\ slash/", "\u{0}\u{1}\u{8}\u{9}\u{A}\u{B}\u{C}\u{D}\u{1F}\u{7F}",
        "é € 😀 \u{2028}", "Auto-Renewable Subscription",
    ]

    static let signer = UnsignedTestSigner()

    static func encoded(_ value: some Encodable) throws -> [UInt8] {
        Array(try JSONEncoder.appleJSON(signer: signer).encode(value))
    }

    static func transaction(_ seed: Int) -> JWSTransactionDecodedPayload {
        var payload = JWSTransactionDecodedPayload()
        let text = awkward[seed % awkward.count]
        if seed % 2 == 0 {
            payload.transactionId = "2000000\(seed)"
            payload.originalTransactionId = "2000000001"
            payload.webOrderLineItemId = text
            payload.bundleId = "com.example.news"
            payload.productId = text
            payload.subscriptionGroupIdentifier = "news"
            payload.purchaseDate = Int64.max
            payload.originalPurchaseDate = 0
            payload.expiresDate = -1
            payload.quantity = Int32.min
            payload.type = "Auto-Renewable Subscription"
            payload.inAppOwnershipType = "PURCHASED"
            payload.signedDate = 1_760_000_000_123
            payload.environment = "Sandbox"
            payload.storefront = "USA"
            payload.storefrontId = "143441"
            payload.transactionReason = "PURCHASE"
            payload.price = 9_990
            payload.currency = "USD"
        }
        if seed % 3 == 0 {
            payload.previousOriginalTransactionId = text
            payload.appAccountToken = "7e3fb20b-4cdb-47cc-936d-99d65f608138"
            payload.revocationReason = 1
            payload.revocationDate = 1_760_000_000_000
            payload.revocationType = "REFUND_FULL"
            payload.revocationPercentage = 100_000
            payload.isUpgraded = seed % 2 == 0
            payload.offerType = 1
            payload.offerIdentifier = text
            payload.offerDiscountType = "FREE_TRIAL"
            payload.offerPeriod = "P1W"
            payload.appTransactionId = "704"
        }
        return payload
    }

    static func renewal(_ seed: Int) -> JWSRenewalInfoDecodedPayload {
        var payload = JWSRenewalInfoDecodedPayload()
        let text = awkward[seed % awkward.count]
        if seed % 2 == 1 {
            payload.originalTransactionId = "2000000001"
            payload.productId = text
            payload.autoRenewProductId = "news.standard.monthly"
            payload.autoRenewStatus = 1
            payload.expirationIntent = 2
            payload.isInBillingRetryPeriod = false
            payload.gracePeriodExpiresDate = 1_760_000_000_000
            payload.priceIncreaseStatus = 0
            payload.recentSubscriptionStartDate = 1
            payload.renewalDate = 2
            payload.renewalPrice = 12_990
            payload.currency = "EUR"
            payload.signedDate = 3
            payload.environment = "Production"
        }
        if seed % 3 == 1 {
            payload.offerType = 2
            payload.offerIdentifier = text
            payload.offerDiscountType = "PAY_AS_YOU_GO"
            payload.offerPeriod = "P3M"
            payload.eligibleWinBackOfferIds = seed % 2 == 0 ? [] : [text, "win-back"]
            payload.appAccountToken = text
            payload.appTransactionId = "1"
        }
        return payload
    }

    @Test("the signed infos' payloads, every field absent or present, awkward strings")
    func payloads() throws {
        for seed in 0..<24 {
            let transaction = Self.transaction(seed)
            #expect(try transaction.appleJSONBytes(signer: Self.signer) == Self.encoded(transaction), "transaction \(seed)")
            let renewal = Self.renewal(seed)
            #expect(try renewal.appleJSONBytes(signer: Self.signer) == Self.encoded(renewal), "renewal \(seed)")
        }
    }

    @Test("the answers around them: Advanced Commerce, statuses, extension, error bodies")
    func answers() throws {
        for seed in 0..<12 {
            let commerce = AdvancedCommerceResponse(
                signedTransactionInfo: SignedPayload(Self.transaction(seed)), signedRenewalInfo: SignedPayload(Self.renewal(seed)))
            #expect(try commerce.appleJSONBytes(signer: Self.signer) == Self.encoded(commerce), "commerce \(seed)")
            let items = (0..<(seed % 3)).map { index in
                LastTransactionsItem(
                    status: .allCases[(seed + index) % 5], originalTransactionId: "20000000\(index)",
                    signedTransactionInfo: SignedPayload(Self.transaction(seed + index)),
                    signedRenewalInfo: SignedPayload(Self.renewal(seed + index)))
            }
            let statuses = StatusResponse(
                environment: "Sandbox", bundleId: Self.awkward[seed % Self.awkward.count],
                appAppleId: seed % 2 == 0 ? nil : 1_234_567_890,
                data: seed % 4 == 0 ? [] : [
                    SubscriptionGroupIdentifierItem(subscriptionGroupIdentifier: "news", lastTransactions: items),
                    SubscriptionGroupIdentifierItem(subscriptionGroupIdentifier: "sport", lastTransactions: []),
                ])
            #expect(try statuses.appleJSONBytes(signer: Self.signer) == Self.encoded(statuses), "statuses \(seed)")
            let extensionResponse = ExtendRenewalDateResponse(
                originalTransactionId: "1000", webOrderLineItemId: Self.awkward[seed % Self.awkward.count],
                success: seed % 2 == 0, effectiveDate: seed % 3 == 0 ? nil : 1_760_000_000_000)
            #expect(try extensionResponse.appleJSONBytes(signer: Self.signer) == Self.encoded(extensionResponse), "extension \(seed)")
            let error = ErrorPayload(errorCode: 4_040_001 + Int64(seed), errorMessage: Self.awkward[seed % Self.awkward.count])
            #expect(try error.appleJSONBytes(signer: Self.signer) == Self.encoded(error), "error \(seed)")
        }
    }

    @Test("a signed field without a signer fails on both paths, never written unsigned")
    func signedFieldNeedsSigner() {
        let commerce = AdvancedCommerceResponse(
            signedTransactionInfo: SignedPayload(Self.transaction(0)), signedRenewalInfo: SignedPayload(Self.renewal(0)))
        #expect(throws: EncodingError.self) { _ = try commerce.appleJSONBytes(signer: nil) }
        #expect(throws: EncodingError.self) { _ = try JSONEncoder.appleJSON(signer: nil).encode(commerce) }
    }

    @Test("every control character, and integers at their limits")
    func scalars() throws {
        struct Text: Encodable, AppleJSONWritable {
            var text: String
            var number: Int64
            func write(to writer: inout AppleJSONWriter, signer: (any PayloadSigner)?) {
                writer.beginObject()
                writer.key("number")
                writer.integer(number)
                writer.key("text")
                writer.string(text)
                writer.endObject()
            }
        }
        let every = String(decoding: (0..<128).map { UInt8($0) }, as: UTF8.self)
        for (text, number) in [(every, Int64.min), ("", Int64.max), ("x", 0), ("\"", -9), ("😀", 10)] {
            let value = Text(text: text, number: number)
            #expect(try value.appleJSONBytes(signer: Self.signer) == Self.encoded(value), "\(number)")
        }
    }

    @Test("base64url straight into bytes, as the String coder, for lengths 0…100")
    func base64URLBytes() {
        var generator = SystemRandomNumberGenerator()
        for length in 0...100 {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            var appended: [UInt8] = [0x2E]
            Base64URL.append(bytes, to: &appended)
            #expect(appended == [0x2E] + Array(Base64URL.encode(Data(bytes)).utf8), "length \(length)")
        }
    }
}
