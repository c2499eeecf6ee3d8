import Testing
@testable import SubscriptionAPI

/// Field-level rules of MODIFY_SUBSCRIPTION beyond the seed examples.
@Suite("Modify request validation")
struct ModifyValidationTests {
    static let reference = "e2a88501-25ba-403a-9c46-d7b8eecc56ba"

    /// A valid modify request with one `changeItems` entry; `replacing` swaps a fragment of its text.
    static func body(replacing old: String = "", with new: String = "") -> String {
        let text = """
            {"operation": "MODIFY_SUBSCRIPTION", "version": "1", "transactionId": "12345",
             "requestInfo": {"requestReferenceId": "\(reference)"},
             "currency": "USD", "storefront": "USA", "retainBillingCycle": true,
             "changeItems": [{"effective": "IMMEDIATELY", "currentSKU": "GOLD_1M", "SKU": "PLATINUM_1M",
                              "price": 9990, "displayName": "Platinum", "description": "All channels",
                              "reason": "UPGRADE"}]}
            """
        return old.isEmpty ? text : text.replacingOccurrences(of: old, with: new)
    }

    static func rejection(_ text: String) -> ValidationError? {
        do {
            _ = try ModifySubscriptionRequest(validating: text)
            return nil
        } catch {
            return error
        }
    }

    @Test("the base request is valid")
    func baseIsValid() throws {
        let request = try ModifySubscriptionRequest(validating: Self.body())
        #expect(request.changeItems?.first?.price == 9_990)
    }

    @Test("R-MOD-4 changeItems[0].price must be > 0", arguments: ["0", "-1", "-9990"])
    func nonPositivePrice(price: String) throws {
        let error = try #require(Self.rejection(Self.body(replacing: "\"price\": 9990", with: "\"price\": \(price)")))
        #expect(error.description == "changeItems[0].price: must be > 0, got \(price)")
        #expect(error.apiError == .negativePrice)
    }

    @Test("R-MOD-4 addItems[0].price must be > 0")
    func addItemPrice() throws {
        let text = Self.body(replacing: #""changeItems": [{"effective": "IMMEDIATELY", "currentSKU": "GOLD_1M", "#,
                             with: #""addItems": [{"#)
            .replacing(#/,\s*"reason": "UPGRADE"/#, with: "")
            .replacingOccurrences(of: "9990", with: "0")
        let error = try #require(Self.rejection(text))
        #expect(error.names("addItems[0].price", containing: "must be > 0, got 0"))
    }

    @Test("R-MOD-4 currency must be an ISO 4217 code", arguments: ["usd", "US", "USDX", "12A", ""])
    func currencyFormat(currency: String) throws {
        let error = try #require(Self.rejection(Self.body(replacing: "\"USD\"", with: "\"\(currency)\"")))
        #expect(error.primaryIssue.path == "currency")
        #expect(error.primaryIssue.message.hasPrefix("must be an ISO 4217 code of three upper-case letters"))
        #expect(error.apiError == .invalidCurrency)
    }

    @Test("R-MOD-4 currency of the wrong type is InvalidCurrency")
    func currencyType() throws {
        let error = try #require(Self.rejection(Self.body(replacing: "\"USD\"", with: "840")))
        #expect(error.description == "currency: expected an ISO 4217 code, got a number")
        #expect(error.apiError == .invalidCurrency)
    }

    @Test("R-MOD-4 offer price may be 0 only as a one-period free trial; never negative")
    func offerPrice() throws {
        let trial = #", "offer": {"period": "P1M", "periodCount": 3, "price": 0, "reason": "ACQUISITION"}"#
        let error = try #require(Self.rejection(Self.body(replacing: #""reason": "UPGRADE""#, with: #""reason": "APPLY_OFFER""# + trial)))
        #expect(error.names("changeItems[0].offer.periodCount", containing: "free trial"))
        #expect(error.apiError == .freeTrialOfferMustUsePeriodCountOfOne)
        let negative = trial.replacingOccurrences(of: "\"price\": 0", with: "\"price\": -5")
        let second = try #require(Self.rejection(Self.body(replacing: #""reason": "UPGRADE""#, with: #""reason": "UPGRADE""# + negative)))
        #expect(second.names("changeItems[0].offer.price", containing: "must be >= 0, got -5"))
    }

    @Test("R-MOD-1 each required field is named when missing", arguments: [
        (#""operation": "MODIFY_SUBSCRIPTION", "#, "operation", 4_000_172 as Int64),
        (#""version": "1", "#, "version", 4_000_083),
        (#""transactionId": "12345","#, "transactionId", 4_000_085),
        (#""retainBillingCycle": true,"#, "retainBillingCycle", 4_000_110),
        (#""requestReferenceId": "e2a88501-25ba-403a-9c46-d7b8eecc56ba""#, "requestInfo.requestReferenceId", 4_000_080),
    ])
    func missingField(fragment: String, path: String, code: Int64) throws {
        let error = try #require(Self.rejection(Self.body(replacing: fragment, with: "")))
        #expect(error.description == "\(path): missing")
        #expect(error.apiError.errorCode == code)
    }

    @Test("R-MOD-1 requestInfo missing is NullRequestInfo")
    func missingRequestInfo() throws {
        let text = Self.body(replacing: #""requestInfo": {"requestReferenceId": "\#(Self.reference)"},"#, with: "")
        let error = try #require(Self.rejection(text))
        #expect(error.description == "requestInfo: missing")
        #expect(error.apiError == .nullRequestInfo)
    }

    @Test("R-MOD-1 malformed fields are named with what was expected", arguments: [
        (#""retainBillingCycle": true"#, #""retainBillingCycle": "yes""#, "retainBillingCycle: expected a boolean, got a string", 4_000_173 as Int64),
        (#""retainBillingCycle": true"#, #""retainBillingCycle": 1"#, "retainBillingCycle: expected a boolean, got a number", 4_000_173),
        (#""operation": "MODIFY_SUBSCRIPTION""#, #""operation": "CREATE_SUBSCRIPTION""#, #"operation: expected MODIFY_SUBSCRIPTION, got "CREATE_SUBSCRIPTION""#, 4_000_172),
        (#""operation": "MODIFY_SUBSCRIPTION""#, #""operation": "modify_subscription""#, #"operation: expected MODIFY_SUBSCRIPTION, got "modify_subscription""#, 4_000_172),
        (#""version": "1""#, #""version": "2""#, #"version: expected "1", got "2""#, 4_000_084),
        (#""version": "1""#, #""version": 1"#, "version: expected a string, got a number", 4_000_084),
        (Self.reference, "not-a-uuid", #"requestInfo.requestReferenceId: must be a UUID (8-4-4-4-12 hex digits), got "not-a-uuid""#, 4_000_081),
        (#""effective": "IMMEDIATELY""#, #""effective": "NOW""#, #"changeItems[0].effective: expected one of IMMEDIATELY, NEXT_BILL_CYCLE, got "NOW""#, 4_000_173),
        (#""reason": "UPGRADE""#, #""reason": "SIDEGRADE""#, #"changeItems[0].reason: expected one of UPGRADE, DOWNGRADE, APPLY_OFFER, got "SIDEGRADE""#, 4_000_125),
        (#""storefront": "USA""#, #""storefront": "US""#, #"storefront: must be an ISO 3166-1 alpha-3 code of three upper-case letters, got "US""#, 4_000_028),
    ])
    func malformedField(old: String, new: String, description: String, code: Int64) throws {
        let error = try #require(Self.rejection(Self.body(replacing: old, with: new)))
        #expect(error.primaryIssue.description == description)
        #expect(error.apiError.errorCode == code)
    }

    @Test("R-MOD-1 fields at the wrong nesting level are rejected by name", arguments: [
        (#""retainBillingCycle": true,"#, #""retainBillingCycle": true, "effective": "IMMEDIATELY","#, "effective"),
        (#""currency": "USD","#, #""currency": "USD", "SKU": "GOLD_1M","#, "SKU"),
        (#""requestInfo": {"#, #""requestInfo": {"retainBillingCycle": true, "#, "requestInfo.retainBillingCycle"),
        (#""reason": "UPGRADE""#, #""reason": "UPGRADE", "period": "P1Y""#, "changeItems[0].period"),
    ])
    func misplacedField(old: String, new: String, path: String) throws {
        let error = try #require(Self.rejection(Self.body(replacing: old, with: new)))
        #expect(error.primaryIssue.path == path)
        #expect(error.primaryIssue.message.hasPrefix("unknown field; allowed here: "))
        #expect(error.primaryIssue.kind == .unknownField)
        #expect(error.apiError == .malformedPayload)
    }

    @Test("SKU and text limits of §3.3 are enforced", arguments: [
        (#""SKU": "PLATINUM_1M""#, #""SKU": "\#(String(repeating: "S", count: 129))""#, "changeItems[0].SKU", 4_000_087 as Int64),
        (#""SKU": "PLATINUM_1M""#, #""SKU": "PLATINUM 1M""#, "changeItems[0].SKU", 4_000_122),
        (#""SKU": "PLATINUM_1M""#, #""SKU": """#, "changeItems[0].SKU", 4_000_122),
        (#""displayName": "Platinum""#, #""displayName": "\#(String(repeating: "n", count: 31))""#, "changeItems[0].displayName", 4_000_089),
        (#""description": "All channels""#, #""description": "\#(String(repeating: "d", count: 46))""#, "changeItems[0].description", 4_000_088),
    ])
    func limits(old: String, new: String, path: String, code: Int64) throws {
        let error = try #require(Self.rejection(Self.body(replacing: old, with: new)))
        #expect(error.primaryIssue.path == path)
        #expect(error.apiError.errorCode == code)
    }

    @Test("R-MOD-1 an object where an array belongs is named")
    func objectForArray() throws {
        let error = try #require(Self.rejection(Self.body().replacing(
            #/"changeItems": \[[^\]]*\]/#, with: #""changeItems": {"SKU": "GOLD_1M"}"#)))
        #expect(error.description == "changeItems: expected an array, got an object")
        #expect(error.apiError == .malformedPayload)
    }

    @Test("texts at exactly the limit are accepted")
    func limitsInclusive() throws {
        let text = Self.body(replacing: #""displayName": "Platinum""#, with: #""displayName": "\#(String(repeating: "é", count: 30))""#)
            .replacingOccurrences(of: #""SKU": "PLATINUM_1M""#, with: #""SKU": "\#(String(repeating: "S", count: 128))""#)
            .replacingOccurrences(of: #""description": "All channels""#, with: #""description": "\#(String(repeating: "d", count: 45))""#)
        let request = try ModifySubscriptionRequest(validating: text)
        #expect(request.changeItems?.first?.displayName.rawValue.count == 30)
    }

    @Test("empty changeItems is EmptyAddChangeItems; a request with no change is OneItemNeededInModify")
    func emptyChanges() throws {
        let empty = try #require(Self.rejection(Self.body().replacing(
            #/"changeItems": \[[^\]]*\]/#, with: #""changeItems": []"#)))
        #expect(empty.names("changeItems", containing: "must not be empty"))
        #expect(empty.apiError == .emptyAddChangeItems)
        let nothing = try #require(Self.rejection(Self.body().replacing(#/,\s*"changeItems": \[[^\]]*\]/#, with: "")))
        #expect(nothing.description == "body: must contain at least one of addItems, changeItems, removeItems, periodChange, descriptors")
        #expect(nothing.apiError == .oneItemNeededInModify)
    }

    @Test("the same SKU in two operations is MultipleOperationsOnSingleSKU")
    func sameSKUTwice() throws {
        let text = Self.body(replacing: #""retainBillingCycle": true,"#,
                             with: #""retainBillingCycle": true, "removeItems": [{"SKU": "GOLD_1M"}],"#)
        let error = try #require(Self.rejection(text))
        #expect(error.description == "removeItems[0].SKU: SKU GOLD_1M is already used by changeItems[0].currentSKU")
        #expect(error.apiError == .multipleOperationsOnSingleSKU)
    }

    @Test("proratedPrice on a NEXT_BILL_CYCLE change is 4000222")
    func proratedLater() throws {
        let text = Self.body(replacing: #""effective": "IMMEDIATELY""#, with: #""effective": "NEXT_BILL_CYCLE", "proratedPrice": 100"#)
        let error = try #require(Self.rejection(text))
        #expect(error.apiError.errorCode == 4_000_222)
    }

    @Test("every problem is reported, not only the first")
    func collectsAll() throws {
        let text = Self.body(replacing: #""price": 9990"#, with: #""price": 0"#)
            .replacingOccurrences(of: "\"USD\"", with: "\"usd\"")
            .replacingOccurrences(of: #""version": "1", "#, with: "")
        let error = try #require(Self.rejection(text))
        #expect(Set(error.issues.map(\.path)) == ["version", "currency", "changeItems[0].price"])
        #expect(error.primaryIssue.path == "version")
        #expect(error.payload.errorMessage.contains("; "))
    }
}
