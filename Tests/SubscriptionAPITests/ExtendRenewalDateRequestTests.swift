import Testing
@testable import SubscriptionAPI

@Suite("Renewal-date extension requests")
struct ExtendRenewalDateRequestTests {
    private func body(days: String, reason: String = "3", identifier: String = "\"retry-42\"") -> String {
        #"{"extendByDays": \#(days), "extendReasonCode": \#(reason), "requestIdentifier": \#(identifier)}"#
    }

    @Test("R-EXT-1 extendByDays 1...90 is accepted at the HTTP edge", arguments: [1, 2, 45, 89, 90])
    func acceptsDaysInRange(days: Int) throws {
        let request = try ExtendRenewalDateRequest(validating: body(days: "\(days)"))
        #expect(request.extendByDays == Int32(days))
        #expect(request.extendReasonCode == .serviceIssueOrOutage)
        #expect(request.requestIdentifier == "retry-42")
    }

    @Test("R-EXT-1 extendByDays outside 1...90 is InvalidExtendByDaysError 4000009", arguments: [-1, 0, 91, 365])
    func rejectsDaysOutOfRange(days: Int) {
        let error = #expect(throws: ValidationError.self) {
            try ExtendRenewalDateRequest(validating: body(days: "\(days)"))
        }
        #expect(error?.description == "extendByDays: must be 1...90, got \(days)")
        #expect(error?.apiError == .invalidExtendByDays)
        #expect(error?.httpStatus == 400)
        #expect(error?.payload.errorCode == 4_000_009)
    }

    @Test("R-EXT-1 mass extension applies the same 1...90 bound", arguments: [(0, false), (1, true), (90, true), (91, false)])
    func massBounds(days: Int, accepted: Bool) {
        let text = #"{"extendByDays": \#(days), "extendReasonCode": 0, "requestIdentifier": "e2a88501-25ba-403a-9c46-d7b8eecc56ba", "productId": "com.example.monthly"}"#
        let result = Result { () throws(ValidationError) in try MassExtendRenewalDateRequest(validating: text) }
        switch result {
        case .success(let request): #expect(accepted && request.extendByDays == Int32(days))
        case .failure(let error): #expect(!accepted && error.apiError == .invalidExtendByDays)
        }
    }

    @Test("extendByDays of the wrong type is still InvalidExtendByDaysError")
    func daysWrongType() {
        let error = #expect(throws: ValidationError.self) {
            try ExtendRenewalDateRequest(validating: body(days: "\"ten\""))
        }
        #expect(error?.description == "extendByDays: expected an integer, got a string")
        #expect(error?.apiError == .invalidExtendByDays)
    }

    @Test("extendReasonCode must be 0...3; missing is 4000010, not a 500", arguments: ["4", "-1", "\"1\"", "null"])
    func reasonCode(reason: String) {
        let error = #expect(throws: ValidationError.self) {
            try ExtendRenewalDateRequest(validating: body(days: "10", reason: reason))
        }
        #expect(error?.primaryIssue.path == "extendReasonCode")
        #expect(error?.apiError == .invalidExtendReasonCode)
    }

    @Test("requestIdentifier is required, 1...128 characters", arguments: ["\"\"", "null", "7", "\"\(String(repeating: "x", count: 129))\""])
    func requestIdentifier(identifier: String) {
        let error = #expect(throws: ValidationError.self) {
            try ExtendRenewalDateRequest(validating: body(days: "10", identifier: identifier))
        }
        #expect(error?.primaryIssue.path == "requestIdentifier")
        #expect(error?.apiError == .invalidRequestIdentifier)
    }

    @Test("mass extension: requestIdentifier must be a UUID")
    func massIdentifierIsUUID() {
        let text = #"{"extendByDays": 5, "extendReasonCode": 1, "requestIdentifier": "retry-42", "productId": "p"}"#
        let error = #expect(throws: ValidationError.self) { try MassExtendRenewalDateRequest(validating: text) }
        #expect(error?.description == #"requestIdentifier: must be a UUID (8-4-4-4-12 hex digits), got "retry-42""#)
        #expect(error?.apiError == .invalidRequestIdentifier)
    }

    @Test("mass extension: storefrontCountryCodes must be non-empty alpha-3", arguments: [
        (#"[]"#, "storefrontCountryCodes", 4_000_027 as Int64),
        (#"["US"]"#, "storefrontCountryCodes[0]", 4_000_028),
        (#"["USA", "usa"]"#, "storefrontCountryCodes[1]", 4_000_028),
        (#""USA""#, "storefrontCountryCodes", 4_009_003),
    ])
    func massStorefronts(codes: String, path: String, errorCode: Int64) {
        let text = #"{"extendByDays": 5, "extendReasonCode": 1, "requestIdentifier": "e2a88501-25ba-403a-9c46-d7b8eecc56ba", "productId": "p", "storefrontCountryCodes": \#(codes)}"#
        let error = #expect(throws: ValidationError.self) { try MassExtendRenewalDateRequest(validating: text) }
        #expect(error?.primaryIssue.path == path)
        #expect(error?.apiError.errorCode == errorCode)
    }

    @Test("mass extension decodes every field")
    func massDecodes() throws {
        let text = #"{"extendByDays": 7, "extendReasonCode": 3, "requestIdentifier": "e2a88501-25ba-403a-9c46-d7b8eecc56ba", "productId": "com.example.monthly", "storefrontCountryCodes": ["USA", "MEX"]}"#
        let request = try MassExtendRenewalDateRequest(validating: text)
        #expect(request.storefrontCountryCodes?.map(\.rawValue) == ["USA", "MEX"])
        #expect(request.productId == "com.example.monthly")
        #expect(request.requestIdentifier.rawValue == "e2a88501-25ba-403a-9c46-d7b8eecc56ba")
    }

    @Test("mass extension: missing productId is InvalidProductIdError; unknown keys are named")
    func massMissingProduct() {
        let text = #"{"extendByDays": 7, "extendReasonCode": 3, "requestIdentifier": "e2a88501-25ba-403a-9c46-d7b8eecc56ba", "productID": "x"}"#
        let error = #expect(throws: ValidationError.self) { try MassExtendRenewalDateRequest(validating: text) }
        #expect(error?.names("productID", containing: "unknown field") == true)
        #expect(error?.names("productId", containing: "missing") == true)
        #expect(error?.issues.first { $0.path == "productId" }?.error == .invalidProductId)
    }
}
