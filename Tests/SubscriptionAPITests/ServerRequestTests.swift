import Testing
@testable import SubscriptionAPI

@Suite("Advanced Commerce server request bodies")
struct ServerRequestTests {
    static let info = #""requestInfo": {"requestReferenceId": "5d0b1c0e-8e8a-4f4e-9a51-3c1c3b0a7e11"}"#

    @Test("changePrice decodes items with dependent SKUs")
    func priceChange() throws {
        let request = try PriceChangeRequest(validating: #"{\#(Self.info), "currency": "USD", "items": [{"SKU": "SPORTS", "price": 12990, "dependentSKUs": ["SPORTS_HD"]}]}"#)
        let sports = try #require(SKU(rawValue: "SPORTS"))
        let hd = try #require(SKU(rawValue: "SPORTS_HD"))
        #expect(request.items == [PriceChangeItem(sku: sports, price: 12_990, dependentSKUs: [hd])])
    }

    @Test("R-MOD-4 changePrice rejects prices <= 0, repeated SKUs and missing items", arguments: [
        (#"[{"SKU": "SPORTS", "price": 0}]"#, "items[0].price: must be > 0, got 0", 4_000_086 as Int64),
        (#"[{"SKU": "A", "price": 1}, {"SKU": "A", "price": 2}]"#, "items[1].SKU: SKU A is specified more than once", 4_000_194),
        (#"[{"SKU": "A", "price": 1, "dependentSKUs": ["A"]}]"#, "items[0].dependentSKUs: must not contain the item's own SKU A", 4_000_193),
        (#"[]"#, "items: must hold at least one item", 4_000_101),
        (#"[{"price": 1}]"#, "items[0].SKU: missing", 4_000_105),
    ])
    func priceChangeRejects(items: String, description: String, code: Int64) {
        let error = #expect(throws: ValidationError.self) {
            try PriceChangeRequest(validating: #"{\#(Self.info), "items": \#(items)}"#)
        }
        #expect(error?.description == description)
        #expect(error?.apiError.errorCode == code)
    }

    @Test("cancel needs requestInfo; storefront optional")
    func cancel() throws {
        let request = try CancelSubscriptionRequest(validating: #"{\#(Self.info), "storefront": "KOR"}"#)
        #expect(request.storefront?.rawValue == "KOR")
        let error = #expect(throws: ValidationError.self) { try CancelSubscriptionRequest(validating: "{}") }
        #expect(error?.description == "requestInfo: missing")
        #expect(error?.apiError == .nullRequestInfo)
    }

    @Test("revoke accepts FULL and PRORATED, not CUSTOM")
    func revoke() throws {
        let text = #"{\#(Self.info), "refundReason": "LEGAL", "refundType": "PRORATED", "refundRiskingPreference": true}"#
        let request = try RevokeSubscriptionRequest(validating: text)
        #expect(request.refundType == .prorated && request.refundReason == .legal)
        let error = #expect(throws: ValidationError.self) {
            try RevokeSubscriptionRequest(validating: text.replacingOccurrences(of: "PRORATED", with: "CUSTOM"))
        }
        #expect(error?.description == #"refundType: expected one of FULL, PRORATED, got "CUSTOM""#)
    }

    @Test("requestRefund: refundAmount only and always with CUSTOM")
    func refund() throws {
        let custom = #"{\#(Self.info), "refundRiskingPreference": false, "currency": "EUR", "items": [{"SKU": "A", "refundReason": "OTHER", "refundType": "CUSTOM", "revoke": false, "refundAmount": 1500}]}"#
        #expect(try RequestRefundRequest(validating: custom).items.first?.refundAmount == 1_500)
        let missing = #expect(throws: ValidationError.self) {
            try RequestRefundRequest(validating: custom.replacingOccurrences(of: #", "refundAmount": 1500"#, with: ""))
        }
        #expect(missing?.description == "items[0].refundAmount: missing; required when refundType is CUSTOM")
        let extra = #expect(throws: ValidationError.self) {
            try RequestRefundRequest(validating: custom.replacingOccurrences(of: "CUSTOM", with: "FULL"))
        }
        #expect(extra?.description == "items[0].refundAmount: only allowed when refundType is CUSTOM, got FULL")
    }

    @Test("changeMetadata needs a change; migrate needs its required fields")
    func metadataAndMigrate() throws {
        let metadata = try ChangeMetadataRequest(validating: #"{\#(Self.info), "items": [{"currentSKU": "A", "effective": "NEXT_BILL_CYCLE", "SKU": "B"}]}"#)
        #expect(metadata.items?.first?.sku?.rawValue == "B")
        let nothing = #expect(throws: ValidationError.self) { try ChangeMetadataRequest(validating: #"{\#(Self.info)}"#) }
        #expect(nothing?.description == "body: must contain at least one of descriptors, items, taxCode")
        let migrate = #"{\#(Self.info), "descriptors": {"displayName": "Pass", "description": "All"}, "items": [{"SKU": "A", "displayName": "A", "description": "A"}], "targetProductId": "com.example.aca", "taxCode": "C003-00-1"}"#
        #expect(try MigrateSubscriptionRequest(validating: migrate).targetProductId == "com.example.aca")
        let error = #expect(throws: ValidationError.self) {
            try MigrateSubscriptionRequest(validating: migrate.replacingOccurrences(of: #", "taxCode": "C003-00-1""#, with: ""))
        }
        #expect(error?.description == "taxCode: missing")
        #expect(error?.apiError == .nullTaxCode)
    }
}

extension ServerRequestTests {
    @Test("requestInfo of the wrong type is named with what was found")
    func requestInfoWrongType() {
        let error = #expect(throws: ValidationError.self) {
            try CancelSubscriptionRequest(validating: #"{"requestInfo": "5d0b1c0e-8e8a-4f4e-9a51-3c1c3b0a7e11"}"#)
        }
        #expect(error?.description == "requestInfo: expected an object, got a string")
        #expect(error?.apiError == .malformedPayload)
    }
}
