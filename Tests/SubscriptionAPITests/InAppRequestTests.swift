import Testing
@testable import SubscriptionAPI

@Suite("In-app requests: create, reactivate, dispatch by operation")
struct InAppRequestTests {
    static let create = """
        {"operation": "CREATE_SUBSCRIPTION", "version": "1",
         "requestInfo": {"requestReferenceId": "0b6e1d84-6f0e-4d5c-9a64-7f3b9a6a1c20",
                         "appAccountToken": "7c9b3e2a-1f4d-4e8b-a6c3-2d5f8e9b0a14"},
         "currency": "USD", "storefront": "USA", "taxCode": "C003-00-1", "period": "P1M",
         "descriptors": {"displayName": "Streaming Pass", "description": "Streaming pass with multiple items"},
         "items": [{"SKU": "NEWS_CHANNELS", "displayName": "News Channel", "description": "Access to news channels",
                    "price": 4990,
                    "offer": {"period": "P1W", "periodCount": 1, "price": 0, "reason": "ACQUISITION"}}]}
        """

    static let reactivate = """
        {"operation": "REACTIVATE_SUBSCRIPTION", "version": "1", "transactionId": "12345",
         "requestInfo": {"requestReferenceId": "0b6e1d84-6f0e-4d5c-9a64-7f3b9a6a1c20", "consistencyToken": "1.12345.x"},
         "items": [{"SKU": "NEWS_CHANNELS"}]}
        """

    @Test("CREATE_SUBSCRIPTION decodes every field")
    func createDecodes() throws {
        let request = try CreateSubscriptionRequest(validating: Self.create)
        #expect(request.operation == .createSubscription)
        #expect(request.requestInfo.appAccountToken?.rawValue == "7c9b3e2a-1f4d-4e8b-a6c3-2d5f8e9b0a14")
        #expect(request.period == .oneMonth)
        #expect(request.taxCode.rawValue == "C003-00-1")
        #expect(request.items.first?.offer == Offer(period: .oneWeek, periodCount: 1, price: 0, reason: .acquisition))
        #expect(request.descriptors.displayName.rawValue == "Streaming Pass")
    }

    @Test("CREATE_SUBSCRIPTION names each missing required field with Apple's Null* code", arguments: [
        (#""currency": "USD", "#, "currency", 4_000_098 as Int64),
        (#""taxCode": "C003-00-1", "#, "taxCode", 4_000_099),
        (#""period": "P1M","#, "period", 4_000_104),
    ])
    func createMissing(fragment: String, path: String, code: Int64) {
        let error = #expect(throws: ValidationError.self) {
            try CreateSubscriptionRequest(validating: Self.create.replacingOccurrences(of: fragment, with: ""))
        }
        #expect(error?.description == "\(path): missing")
        #expect(error?.apiError.errorCode == code)
    }

    @Test("CREATE_SUBSCRIPTION: bad appAccountToken and empty items are named")
    func createInvalid() {
        let badToken = Self.create.replacingOccurrences(of: "7c9b3e2a-1f4d-4e8b-a6c3-2d5f8e9b0a14", with: "customer-7")
        let error = #expect(throws: ValidationError.self) { try CreateSubscriptionRequest(validating: badToken) }
        #expect(error?.primaryIssue.path == "requestInfo.appAccountToken")
        #expect(error?.apiError == .invalidAppAccountToken)
        let noItems = Self.create.replacing(#/"items": \[[\s\S]*\]/#, with: #""items": []"#)
        let second = #expect(throws: ValidationError.self) { try CreateSubscriptionRequest(validating: noItems) }
        #expect(second?.description == "items: must hold at least one item")
    }

    @Test("REACTIVATE_SUBSCRIPTION decodes")
    func reactivateDecodes() throws {
        let request = try ReactivateSubscriptionRequest(validating: Self.reactivate)
        #expect(request.transactionId == "12345")
        #expect(request.items?.map(\.sku.rawValue) == ["NEWS_CHANNELS"])
        #expect(request.requestInfo.consistencyToken == "1.12345.x")
    }

    @Test("R-MOD-1 InAppRequest dispatches on operation")
    func dispatch() throws {
        guard case .create = try InAppRequest(validating: Self.create) else { Issue.record("expected create"); return }
        guard case .reactivate = try InAppRequest(validating: Self.reactivate) else { Issue.record("expected reactivate"); return }
        guard case .modify(let modify) = try InAppRequest(validating: Seed001.block("add-item.json")) else {
            Issue.record("expected modify")
            return
        }
        #expect(modify.addItems?.count == 1)
    }

    @Test("R-MOD-1 unknown or missing operation is InvalidOperation", arguments: [
        (#""operation": "CREATE_SUBSCRIPTION""#, #""operation": "CREATE_ONE_TIME_CHARGE""#,
         #"operation: expected one of CREATE_SUBSCRIPTION, MODIFY_SUBSCRIPTION, REACTIVATE_SUBSCRIPTION, got "CREATE_ONE_TIME_CHARGE""#),
        (#""operation": "CREATE_SUBSCRIPTION", "#, "",
         "operation: missing; expected one of CREATE_SUBSCRIPTION, MODIFY_SUBSCRIPTION, REACTIVATE_SUBSCRIPTION"),
        (#""operation": "CREATE_SUBSCRIPTION""#, #""operation": ["CREATE_SUBSCRIPTION"]"#,
         "operation: expected a string, got an array"),
    ])
    func unknownOperation(old: String, new: String, description: String) {
        let error = #expect(throws: ValidationError.self) {
            try InAppRequest(validating: Self.create.replacingOccurrences(of: old, with: new))
        }
        #expect(error?.description == description)
        #expect(error?.apiError == .invalidOperation)
    }
}
