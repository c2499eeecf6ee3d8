import Testing
@testable import SubscriptionAPI

@Suite("DecodingError to path-named issue")
struct DecodingErrorPathTests {
    private let path: [any CodingKey] = [
        JSONKey(stringValue: "changeItems"), JSONKey(intValue: 0), JSONKey(stringValue: "price"),
    ]

    @Test("coding paths format as JSON paths")
    func paths() {
        #expect(JSONPath.string(path) == "changeItems[0].price")
        #expect(JSONPath.string([]) == "body")
        #expect(JSONPath.string([JSONKey(intValue: 2)]) == "[2]")
    }

    @Test("typeMismatch names the expected and found JSON types")
    func typeMismatch() {
        let error = DecodingError.typeMismatch(
            Bool.self, .init(codingPath: [JSONKey(stringValue: "retainBillingCycle")],
                             debugDescription: "Expected to decode Bool but found a string instead."))
        #expect(ValidationIssue(error).description == "retainBillingCycle: expected a boolean, got a string")
        #expect(ValidationIssue(error).kind == .wrongType)
    }

    @Test("keyNotFound names the missing key under its parent")
    func keyNotFound() {
        let error = DecodingError.keyNotFound(
            JSONKey(stringValue: "requestReferenceId"),
            .init(codingPath: [JSONKey(stringValue: "requestInfo")], debugDescription: "No value"))
        #expect(ValidationIssue(error).description == "requestInfo.requestReferenceId: missing")
        #expect(ValidationIssue(error).kind == .missingField)
    }

    @Test("valueNotFound is a null where a value is required")
    func valueNotFound() {
        let error = DecodingError.valueNotFound(Int64.self, .init(codingPath: path, debugDescription: "null"))
        #expect(ValidationIssue(error, error: .nullPrice).description == "changeItems[0].price: missing (null)")
        #expect(ValidationIssue(error, error: .nullPrice).error == .nullPrice)
    }

    @Test("dataCorrupted keeps Foundation's reason at the path; at the root it is malformed JSON")
    func dataCorrupted() {
        let field = DecodingError.dataCorrupted(.init(codingPath: path, debugDescription: "Number 1e99 does not fit in Int64."))
        #expect(ValidationIssue(field).description == "changeItems[0].price: Number 1e99 does not fit in Int64.")
        let root = DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "The given data was not valid JSON."))
        #expect(ValidationIssue(root).description == "body: malformed JSON: The given data was not valid JSON.")
        #expect(ValidationIssue(root).error == .malformedJSON)
    }

    @Test("numbers that do not fit an integer field are named at the field", arguments: [
        ("\"price\": 4990.5", "changeItems[0].price: expected an integer, got 4990.5"),
        ("\"price\": 99999999999999999999", "changeItems[0].price: must fit in a 64-bit integer, got 1e+20"),
    ])
    func integerMismatch(fragment: String, description: String) {
        let text = ModifyValidationTests.body(replacing: "\"price\": 9990", with: fragment)
        let error = #expect(throws: ValidationError.self) { try ModifySubscriptionRequest(validating: text) }
        #expect(error?.description == description)
    }

    @Test("an integral number written with a fraction is read as that integer (Foundation's behaviour)")
    func integralFraction() throws {
        let text = ModifyValidationTests.body(replacing: "\"price\": 9990", with: "\"price\": 9990.0")
        #expect(try ModifySubscriptionRequest(validating: text).changeItems?.first?.price == 9_990)
    }

    @Test("a number too large for its field is named, not trapped")
    func overflow() {
        let error = #expect(throws: ValidationError.self) {
            try ExtendRenewalDateRequest(validating: #"{"extendByDays": 99999999999, "extendReasonCode": 1, "requestIdentifier": "x"}"#)
        }
        #expect(error?.description == "extendByDays: must fit in a 32-bit integer, got 99999999999")
        #expect(error?.apiError == .invalidExtendByDays)
        let reason = #expect(throws: ValidationError.self) {
            try ExtendRenewalDateRequest(validating: #"{"extendByDays": 9, "extendReasonCode": 1.5, "requestIdentifier": "x"}"#)
        }
        #expect(reason?.description == "extendReasonCode: expected an integer, got 1.5")
        #expect(reason?.apiError == .invalidExtendReasonCode)
    }
}
