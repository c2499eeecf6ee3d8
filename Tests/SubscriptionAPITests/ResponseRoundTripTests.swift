import Foundation
import Testing
@testable import SubscriptionAPI

/// Every response model encodes to Apple's field names and decodes back to the same value.
@Suite("Response models round-trip with Apple's field names")
struct ResponseRoundTripTests {
    private func json(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.userInfo[.payloadSigner] = UnsignedTestSigner()
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    private func roundTrip<Value: Codable & Equatable>(_ value: Value, expecting text: String) throws {
        #expect(try json(value) == text)
        #expect(try JSONDecoder().decode(Value.self, from: Data(text.utf8)) == value)
    }

    @Test("ExtendRenewalDateResponse")
    func extendResponse() throws {
        try roundTrip(
            ExtendRenewalDateResponse(originalTransactionId: "2312412", webOrderLineItemId: "9993", success: true, effectiveDate: 1_698_148_900_000),
            expecting: #"{"effectiveDate":1698148900000,"originalTransactionId":"2312412","success":true,"webOrderLineItemId":"9993"}"#)
    }

    @Test("MassExtendRenewalDateResponse and status response")
    func massResponses() throws {
        try roundTrip(
            MassExtendRenewalDateResponse(requestIdentifier: "758883e8-151b-47b7-abd0-60c4d804c2f5"),
            expecting: #"{"requestIdentifier":"758883e8-151b-47b7-abd0-60c4d804c2f5"}"#)
        try roundTrip(
            MassExtendRenewalDateStatusResponse(
                requestIdentifier: "20fba8a0-2b80-4a7d-a17f-85c1854727f8", complete: true, completeDate: 1_698_148_900_000,
                succeededCount: 30, failedCount: 2),
            expecting: #"{"complete":true,"completeDate":1698148900000,"failedCount":2,"requestIdentifier":"20fba8a0-2b80-4a7d-a17f-85c1854727f8","succeededCount":30}"#)
        try roundTrip(
            MassExtendRenewalDateStatusResponse(requestIdentifier: "r", complete: false),
            expecting: #"{"complete":false,"requestIdentifier":"r"}"#)
    }

    @Test("ErrorPayload is Apple's error body")
    func errorPayload() throws {
        try roundTrip(APIError.invalidExtendByDays.payload, expecting: #"{"errorCode":4000009,"errorMessage":"Invalid extend by days value."}"#)
    }

    static func statusResponse() -> StatusResponse {
        var transaction = JWSTransactionDecodedPayload()
        transaction.transactionId = "23456"
        transaction.originalTransactionId = "12345"
        transaction.webOrderLineItemId = "34343"
        transaction.productId = "com.example.monthly"
        transaction.expiresDate = 1_698_148_900_000
        transaction.price = 9_990
        transaction.currency = "USD"
        var renewal = JWSRenewalInfoDecodedPayload()
        renewal.originalTransactionId = "12345"
        renewal.autoRenewProductId = "com.example.monthly"
        renewal.autoRenewStatus = 1
        return StatusResponse(
            environment: "LocalTesting", bundleId: "com.example", appAppleId: 5_454_545,
            data: [SubscriptionGroupIdentifierItem(
                subscriptionGroupIdentifier: "sub_group_one",
                lastTransactions: [LastTransactionsItem(
                    status: .active, originalTransactionId: "12345",
                    signedTransactionInfo: SignedPayload(transaction), signedRenewalInfo: SignedPayload(renewal))])])
    }

    @Test("StatusResponse: Apple's shape, signed fields as unsigned compact JWS strings")
    func statusResponse() throws {
        let response = Self.statusResponse()
        let text = try json(response)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(Set(object.keys) == ["environment", "bundleId", "appAppleId", "data"])
        let group = try #require((object["data"] as? [[String: Any]])?.first)
        #expect(Set(group.keys) == ["subscriptionGroupIdentifier", "lastTransactions"])
        let last = try #require((group["lastTransactions"] as? [[String: Any]])?.first)
        #expect(Set(last.keys) == ["status", "originalTransactionId", "signedTransactionInfo", "signedRenewalInfo"])
        #expect(last["status"] as? Int == 1)
        let jws = try #require(last["signedTransactionInfo"] as? String)
        let parts = jws.split(separator: ".", omittingEmptySubsequences: false)
        #expect(parts.count == 3 && parts[2].isEmpty)
        #expect(String(decoding: try #require(Base64URL.decode(parts[0])), as: UTF8.self) == #"{"alg":"none","typ":"JWT"}"#)
        #expect(String(decoding: try #require(Base64URL.decode(parts[1])), as: UTF8.self)
            == #"{"currency":"USD","expiresDate":1698148900000,"originalTransactionId":"12345","price":9990,"productId":"com.example.monthly","transactionId":"23456","webOrderLineItemId":"34343"}"#)
        #expect(try JSONDecoder().decode(StatusResponse.self, from: Data(text.utf8)) == response)
    }

    @Test("SignedPayload reads a JWS without verifying it and reports its algorithm")
    func signedPayloadDecoding() throws {
        let header = Base64URL.encode(Data(#"{"alg":"ES256","x5c":[]}"#.utf8))
        let body = Base64URL.encode(Data(#"{"autoRenewStatus":0,"originalTransactionId":"1"}"#.utf8))
        let signed = try SignedPayload<JWSRenewalInfoDecodedPayload>(compactSerialization: "\(header).\(body).c2lnbmF0dXJl")
        #expect(signed.algorithm == "ES256")
        #expect(signed.payload.autoRenewStatus == 0)
        #expect(throws: JWSFormatError.self) {
            try SignedPayload<JWSRenewalInfoDecodedPayload>(compactSerialization: "not-a-jws")
        }
    }

    @Test("Advanced Commerce responses carry signedTransactionInfo and signedRenewalInfo")
    func advancedCommerceResponse() throws {
        let last = try #require(Self.statusResponse().data.first?.lastTransactions.first)
        let response: CancelSubscriptionResponse = AdvancedCommerceResponse(
            signedTransactionInfo: last.signedTransactionInfo, signedRenewalInfo: last.signedRenewalInfo)
        let text = try json(response)
        #expect(text.hasPrefix(#"{"signedRenewalInfo":"eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0."#))
        #expect(try JSONDecoder().decode(AdvancedCommerceResponse.self, from: Data(text.utf8)) == response)
    }

    @Test("requests encode with Apple's names and validate back to the same value")
    func requestRoundTrip() throws {
        let upgrade = try ModifySubscriptionRequest(validating: Seed001.example("upgrade"))
        let data = try upgrade.jsonData()
        let text = String(decoding: data, as: UTF8.self)
        for key in [#""currentSKU":"ANNES_GOLD_TIER_1M""#, #""SKU":"ANNES_PLATINUM_TIER_1Y""#, #""operation":"MODIFY_SUBSCRIPTION""#, #""version":"1""#, #""retainBillingCycle":false"#] {
            #expect(text.contains(key))
        }
        #expect(try ModifySubscriptionRequest(validating: data) == upgrade)
        let extend = ExtendRenewalDateRequest(extendByDays: 30, extendReasonCode: .serviceIssueOrOutage, requestIdentifier: "r-1")
        #expect(String(decoding: try extend.jsonData(), as: UTF8.self) == #"{"extendByDays":30,"extendReasonCode":3,"requestIdentifier":"r-1"}"#)
        #expect(try ExtendRenewalDateRequest(validating: extend.jsonData()) == extend)
        let clock = ClockAdvanceRequest(.instant(milliseconds: 5))
        #expect(try ClockAdvanceRequest(validating: clock.jsonData()) == clock)
    }
}
