import Testing

@testable import SubscriptionAPI

/// The body of `POST /v1/testClocks` (docs/test-clocks.md).
@Suite("Test clock creation body")
struct TestClockRequestTests {
    @Test("a clock at an instant, with or without a name", arguments: [
        (#"{"frozenTime": 1893456000000, "name": "suite A"}"#, TestClockCreateRequest(frozenTime: 1_893_456_000_000, name: "suite A")),
        (#"{"frozenTime": 0}"#, TestClockCreateRequest(frozenTime: 0)),
        (#"{"frozenTime": 253402300799999, "name": ""}"#, TestClockCreateRequest(frozenTime: 253_402_300_799_999)),
    ])
    func valid(text: String, expected: TestClockCreateRequest) throws {
        #expect(try TestClockCreateRequest(validating: text) == expected)
    }

    @Test("each invalid field is named with its reason", arguments: [
        (#"{"name": "x"}"#, "frozenTime: missing"),
        (#"{"frozenTime": -1}"#, "frozenTime: must be milliseconds since 1970 from 0 to 253402300799999 (the end of 9999), got -1"),
        (#"{"frozenTime": 253402300800000}"#, "frozenTime: must be milliseconds since 1970 from 0 to 253402300799999 (the end of 9999), got 253402300800000"),
        (#"{"frozenTime": "2030-01-01"}"#, "frozenTime: expected an integer, got a string"),
        (#"{"frozenTime": 1, "name": "a\u0007b"}"#, "name: must not hold control characters"),
    ])
    func invalid(text: String, description: String) {
        let error = #expect(throws: ValidationError.self) { try TestClockCreateRequest(validating: text) }
        #expect(error?.description == description)
        #expect(error?.httpStatus == 400)
    }

    @Test("an unknown field is named")
    func unknownField() {
        let error = #expect(throws: ValidationError.self) { try TestClockCreateRequest(validating: #"{"frozenTime": 1, "clock": 2}"#) }
        #expect(error?.names("clock", containing: "unknown field") == true)
    }

    @Test("a name longer than 100 characters is refused, 100 are accepted")
    func nameLength() throws {
        let hundred = String(repeating: "n", count: 100)
        #expect(try TestClockCreateRequest(validating: #"{"frozenTime": 1, "name": "\#(hundred)"}"#).name == hundred)
        let error = #expect(throws: ValidationError.self) {
            try TestClockCreateRequest(validating: #"{"frozenTime": 1, "name": "\#(hundred)n"}"#)
        }
        #expect(error?.description == "name: must be at most 100 characters, got 101")
    }
}
