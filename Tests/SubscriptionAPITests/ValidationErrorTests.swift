import Testing
@testable import SubscriptionAPI

@Suite("ValidationError answers")
struct ValidationErrorTests {
    @Test("the first issue decides status and code; the message lists every issue")
    func answer() {
        let error = ValidationError(issues: [
            ValidationIssue(path: "requestInfo", message: "missing", kind: .missingField, error: .nullRequestInfo),
            ValidationIssue(path: "retainBillingCycle", message: "missing", kind: .missingField),
        ])
        #expect(error.httpStatus == 400)
        #expect(error.payload == ErrorPayload(errorCode: 4_000_079, errorMessage: "requestInfo: missing; retainBillingCycle: missing"))
    }

    @Test("Advanced Commerce requests answer generic problems with MalformedPayload; others keep ours")
    func recoding() {
        let error = ValidationError(ValidationIssue(path: "x", message: "unknown field", kind: .unknownField))
        #expect(error.apiError == .unknownField)
        #expect(error.recoded(for: .advancedCommerceAPI).apiError == .malformedPayload)
        #expect(error.recoded(for: .appStoreServerAPI).apiError == .unknownField)
        let specific = ValidationError(ValidationIssue(path: "currency", message: "bad", kind: .invalidValue, error: .invalidCurrency))
        #expect(specific.recoded(for: .advancedCommerceAPI).apiError == .invalidCurrency)
    }

    @Test("an error built from no issues still answers, never traps")
    func emptyIssues() {
        #expect(ValidationError(issues: []).description == "body: invalid request")
    }

    @Test("bytes that are not UTF-8 are rejected, not trapped")
    func invalidUTF8() {
        let bytes: [UInt8] = [0x7B, 0x22, 0xFF, 0x22, 0x3A, 0x31, 0x7D]
        let error = #expect(throws: ValidationError.self) { try CatalogReloadRequest(validating: bytes) }
        #expect(error?.description == "body: malformed JSON at line 1 column 3: invalid UTF-8 byte 0xFF")
    }
}
