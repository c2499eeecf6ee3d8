import Testing
@testable import SubscriptionAPI

@Suite("Strict JSON syntax check")
struct JSONSyntaxCheckerTests {
    static let malformed: [(String, String)] = [
        ("", "line 1 column 1: expected a JSON value, found end of input"),
        ("   \n ", "line 2 column 2: expected a JSON value, found end of input"),
        ("{\"a\": 1,}", "line 1 column 9: trailing comma before '}'"),
        ("[1, 2,]", "line 1 column 7: trailing comma before ']'"),
        ("{\"a\": 1, \"a\": 2}", "line 1 column 10: duplicate key \"a\""),
        ("{\"a\": \"x}", "line 1 column 10: unterminated string"),
        ("{\"a\": \"x\ny\"}", "line 1 column 9: unescaped control character U+a in a string"),
        ("{\"a\": 01}", "line 1 column 8: leading zero in a number"),
        ("{\"a\": 1.}", "line 1 column 9: expected a digit after '.', found '}'"),
        ("{\"a\": tru}", "line 1 column 10: expected 'true', found '}'"),
        ("{\"a\" 1}", "line 1 column 6: expected ':' after a key, found '1'"),
        ("{'a': 1}", "line 1 column 2: expected a quoted key, found '''"),
        ("{\"a\": 1 \"b\": 2}", "line 1 column 9: expected ',' or '}' after an object member, found '\"'"),
        ("{\"é\": \"\\x\"}", "line 1 column 9: invalid escape \\'x'"),
        ("{} {}", "line 1 column 4: unexpected '{' after the end of the JSON value"),
        ("{\"a\": \"\\ud800\"}", "line 1 column 8: \\uD800 is half of a surrogate pair: a \\uDC00-\\uDFFF escape must follow"),
        ("{\"a\": \"\\uD83D\\u0041\"}", "line 1 column 8: \\uD83D is half of a surrogate pair: \\u0041 is not a \\uDC00-\\uDFFF escape"),
        ("{\"a\": \"x\\udc00\"}", "line 1 column 9: \\uDC00 is the second half of a surrogate pair without the first"),
    ]

    @Test("malformed JSON is named with line and column", arguments: malformed)
    func rejects(text: String, message: String) {
        #expect(throws: ValidationError(ValidationIssue(
            path: "body", message: "malformed JSON at \(message)", kind: .malformedJSON))
        ) {
            try JSONSyntaxChecker.check(Array(text.utf8))
        }
    }

    @Test("valid JSON passes", arguments: [
        "{}", "[]", "0", "-0.5e+10", "\"\\u00e9\\n\"", "\"\\ud83d\\ude00\"", "{\"a\": [true, false, null, {\"b\": 1E3}]}", " \t\r\n{ } ",
    ])
    func accepts(text: String) throws {
        try JSONSyntaxChecker.check(Array(text.utf8))
    }

    @Test("deep nesting is refused instead of overflowing the stack")
    func deepNesting() {
        let text = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        let error = #expect(throws: ValidationError.self) { try JSONSyntaxChecker.check(Array(text.utf8)) }
        #expect(error?.primaryIssue.message.contains("nested more than 128 levels deep") == true)
    }

    @Test("a body that is valid JSON but not an object is named")
    func notAnObject() {
        let error = #expect(throws: ValidationError.self) { try CancelSubscriptionRequest(validating: "[1]") }
        #expect(error?.description == "body: expected an object, got an array")
        #expect(error?.apiError == .malformedPayload)
    }

    @Test("the service's own bodies answer malformed JSON with 4009000")
    func serviceCode() {
        let error = #expect(throws: ValidationError.self) { try CatalogReloadRequest(validating: "{") }
        #expect(error?.apiError == .malformedJSON)
        #expect(error?.payload == ErrorPayload(
            errorCode: 4_009_000, errorMessage: "body: malformed JSON at line 1 column 2: expected a quoted key, found end of input"))
    }
}
