import Foundation
import Testing
@testable import SubscriptionAPI

/// Every example of seed 001 (Apple's SubscriptionModifyInAppRequest page). The well-formed ones decode to
/// the values the seed describes; the malformed or misplaced ones are rejected naming the problem.
@Suite("Seed 001 modify examples")
struct Seed001ModifyExampleTests {
    @Test("R-MOD-1 every code block of seed 001 is a fixture used here")
    func everyBlockIsCovered() throws {
        let directory = try #require(Bundle.module.resourceURL).appendingPathComponent("Fixtures/seed001")
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(Set(files) == [
            "upgrade.part1.json", "upgrade.part2.json", "add-item.json", "remove-item.part1.json",
            "remove-item.part2.json", "downgrade.part1.json", "downgrade.part2.json",
        ])
    }

    @Test("R-MOD-1 upgrade example (both code blocks) decodes to the documented values")
    func upgrade() throws {
        let request = try ModifySubscriptionRequest(validating: Seed001.example("upgrade"))
        #expect(request.operation == .modifySubscription)
        #expect(request.version == "1")
        #expect(request.transactionId == "12345")
        #expect(request.requestInfo == RequestInfo(requestReferenceId: try #require(UUIDString(rawValue: "e2a88501-25ba-403a-9c46-d7b8eecc56ba"))))
        #expect(request.currency?.rawValue == "USD")
        #expect(request.storefront?.rawValue == "USA")
        #expect(request.retainBillingCycle == false)
        #expect(request.descriptors?.effective == .immediately)
        #expect(request.descriptors?.displayName?.rawValue == "Anne's Game Stream")
        #expect(request.descriptors?.description?.rawValue == "Streaming Service for Anne's Game")
        #expect(request.periodChange == PeriodChange(effective: .immediately, period: .oneYear))
        let change = try #require(request.changeItems?.first)
        #expect(request.changeItems?.count == 1)
        #expect(change.currentSKU.rawValue == "ANNES_GOLD_TIER_1M")
        #expect(change.sku.rawValue == "ANNES_PLATINUM_TIER_1Y")
        #expect(change.price == 99_990)
        #expect(change.displayName.rawValue == "Platinum Tier")
        #expect(change.description.rawValue == "Access to Anne's Game Stream & chat")
        #expect(change.reason == .upgrade)
        #expect(change.effective == .immediately)
        #expect(request.addItems == nil && request.removeItems == nil)
    }

    @Test("R-MOD-1 add-item example decodes to the documented values")
    func addItem() throws {
        let request = try ModifySubscriptionRequest(validating: Seed001.block("add-item.json"))
        #expect(request.retainBillingCycle == true)
        #expect(request.transactionId == "12345")
        #expect(request.requestInfo.requestReferenceId.rawValue == "e2a88501-25ba-403a-9c46-d7b8eecc56ba")
        #expect(request.descriptors == EffectiveDescriptors(
            effective: .immediately, displayName: DisplayName(rawValue: "Streaming Pass"),
            description: ProductDescription(rawValue: "Streaming pass with multiple items")))
        let item = try #require(request.addItems?.first)
        #expect(item.sku.rawValue == "NEWS_CHANNELS")
        #expect(item.displayName.rawValue == "News Channel")
        #expect(item.description.rawValue == "Access to news channels")
        #expect(item.price == 4_990)
        #expect(item.offer == nil && item.proratedPrice == nil)
    }

    /// A malformed example: fixture, the JSON path named, and a text the message must contain.
    struct Rejection: Sendable, CustomTestStringConvertible {
        let fixture: String
        let path: String
        let message: String
        var testDescription: String { "\(fixture) → \(path)" }
    }

    static let syntaxErrors: [Rejection] = [
        Rejection(fixture: "upgrade.part1.json", path: "body",
                  message: "malformed JSON at line 4 column 1: expected a quoted key, found end of input"),
        Rejection(fixture: "upgrade.part2.json", path: "body",
                  message: "malformed JSON at line 1 column 16: unexpected ':' after the end of the JSON value"),
        Rejection(fixture: "remove-item.part2.json", path: "body",
                  message: "malformed JSON at line 1 column 14: unexpected ':' after the end of the JSON value"),
        Rejection(fixture: "downgrade.part2.json", path: "body",
                  message: "malformed JSON at line 1 column 21: unexpected ':' after the end of the JSON value"),
    ]

    @Test("R-MOD-1 seed fragments that are not JSON are rejected with line and column", arguments: syntaxErrors)
    func fragments(rejection: Rejection) throws {
        let error = #expect(throws: ValidationError.self) {
            try ModifySubscriptionRequest(validating: Seed001.block(rejection.fixture))
        }
        #expect(error?.issues.count == 1)
        #expect(error?.description == "\(rejection.path): \(rejection.message)")
        #expect(error?.apiError == .malformedPayload)
        #expect(error?.httpStatus == 400)
    }

    @Test("R-MOD-1 examples whose blocks do not join into one JSON value are rejected", arguments: ["remove-item", "downgrade"])
    func joinedExamples(name: String) throws {
        let error = #expect(throws: ValidationError.self) {
            try ModifySubscriptionRequest(validating: Seed001.example(name))
        }
        #expect(error?.primaryIssue.path == "body")
        #expect(error?.primaryIssue.message.contains("unexpected '\"' after the end of the JSON value") == true)
        #expect(error?.primaryIssue.kind == .malformedJSON)
    }

    @Test("R-MOD-1 remove-item example: requestInfo and retainBillingCycle missing, item fields misplaced")
    func removeItem() throws {
        let error = try #require(#expect(throws: ValidationError.self) {
            try ModifySubscriptionRequest(validating: Seed001.block("remove-item.part1.json"))
        })
        #expect(error.names("requestInfo", containing: "missing"))
        #expect(error.names("retainBillingCycle", containing: "missing"))
        for field in ["description", "displayName", "price"] {
            #expect(error.names("removeItems[0].\(field)", containing: "unknown field; allowed here: SKU"))
        }
        #expect(error.apiError == .nullRequestInfo)
        #expect(error.issues.first { $0.path == "retainBillingCycle" }?.error == .nullRetainBillingCycle)
    }

    @Test("R-MOD-1 downgrade example: fields nested inside requestInfo are rejected by name")
    func downgrade() throws {
        let error = try #require(#expect(throws: ValidationError.self) {
            try ModifySubscriptionRequest(validating: Seed001.block("downgrade.part1.json"))
        })
        for field in ["currency", "storefront", "descriptors"] {
            #expect(error.names("requestInfo.\(field)", containing: "unknown field; allowed here: requestReferenceId"))
        }
        #expect(error.names("retainBillingCycle", containing: "missing"))
        #expect(error.names("body", containing: "must contain at least one of addItems"))
        #expect(error.apiError == .malformedPayload)
        #expect(error.httpStatus == 400)
    }

    @Test("R-MOD-1 the downgrade example laid out as Apple documents it (flat) decodes")
    func downgradeCorrected() throws {
        let text = """
            {"operation": "MODIFY_SUBSCRIPTION", "version": "1", "transactionId": "12345",
             "requestInfo": {"requestReferenceId": "e2a88501-25ba-403a-9c46-d7b8eecc56ba"},
             "currency": "USD", "storefront": "USA",
             "descriptors": {"effective": "NEXT_BILL_CYCLE", "displayName": "Anne's Game Stream",
                             "description": "Streaming Service for Anne's Game"},
             "retainBillingCycle": true,
             "changeItems": [{"effective": "NEXT_BILL_CYCLE", "currentSKU": "ANNES_PLATINUM_TIER_1M",
                              "SKU": "ANNES_GOLD_TIER_1M", "price": 7990, "displayName": "Gold Tier",
                              "description": "Access to Anne's Game Stream", "reason": "DOWNGRADE"}]}
            """
        let request = try ModifySubscriptionRequest(validating: text)
        #expect(request.changeItems?.first?.reason == .downgrade)
        #expect(request.changeItems?.first?.effective == .nextBillCycle)
        #expect(request.changeItems?.first?.price == 7_990)
        #expect(request.descriptors?.effective == .nextBillCycle)
    }

    @Test("R-MOD-1 the remove-item example laid out as Apple documents it decodes")
    func removeItemCorrected() throws {
        let text = """
            {"operation": "MODIFY_SUBSCRIPTION", "version": "1", "transactionId": "12345",
             "requestInfo": {"requestReferenceId": "e2a88501-25ba-403a-9c46-d7b8eecc56ba"},
             "currency": "USD", "storefront": "USA", "retainBillingCycle": true,
             "removeItems": [{"SKU": "LIVE_SPORTS"}]}
            """
        let request = try ModifySubscriptionRequest(validating: text)
        #expect(request.removeItems == [RemoveItem(sku: try #require(SKU(rawValue: "LIVE_SPORTS")))])
    }
}
