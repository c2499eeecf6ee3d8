import Testing
@testable import SubscriptionAPI

@Suite("The service's own request bodies")
struct ServiceRequestTests {
    @Test("purchase decodes; an introductory offer cannot be requested")
    func purchase() throws {
        let text = #"{"customerId": "c-1", "productId": "com.example.gold.monthly", "storefront": "USA", "offer": {"offerType": 2, "offerIdentifier": "winter"}}"#
        let request = try PurchaseRequest(validating: text)
        #expect(request.offer == OfferRedemption(offerType: 2, offerIdentifier: "winter"))
        let error = #expect(throws: ValidationError.self) {
            try PurchaseRequest(validating: text.replacingOccurrences(of: #""offerType": 2"#, with: #""offerType": 1"#))
        }
        #expect(error?.primaryIssue.path == "offer.offerType")
        #expect(error?.apiError == .invalidValue)
        #expect(error?.httpStatus == 400)
    }

    @Test("purchase names missing fields with our 4009002")
    func purchaseMissing() {
        let error = #expect(throws: ValidationError.self) { try PurchaseRequest(validating: #"{"productId": "p"}"#) }
        #expect(error?.description == "customerId: missing; storefront: missing")
        #expect(error?.apiError == .missingField)
    }

    @Test("switch, auto-renew, price-increase answer and payment outcome decode")
    func actions() throws {
        #expect(try SwitchProductRequest(validating: #"{"originalTransactionId": "1000", "productId": "p2"}"#).productId.rawValue == "p2")
        #expect(try AutoRenewRequest(validating: #"{"originalTransactionId": "1000", "autoRenewStatus": 0}"#).isEnabling == false)
        #expect(try PriceIncreaseResponseRequest(validating: #"{"originalTransactionId": "1000", "response": "SHEET_ACKNOWLEDGED"}"#).response == .sheetAcknowledged)
        #expect(try PaymentOutcomeRequest(validating: #"{"originalTransactionId": "1000", "outcome": "CHARGE_FAILED"}"#).outcome == .chargeFailed)
        let error = #expect(throws: ValidationError.self) {
            try AutoRenewRequest(validating: #"{"originalTransactionId": "1000", "autoRenewStatus": true}"#)
        }
        #expect(error?.description == "autoRenewStatus: expected an integer, got a boolean")
        #expect(error?.apiError == .wrongType)
    }

    @Test("test clock: exactly one of advanceTo, advanceBy", arguments: [
        (#"{"advanceTo": 1767225600000}"#, ClockAdvanceRequest.Target.instant(milliseconds: 1_767_225_600_000) as ClockAdvanceRequest.Target?, ""),
        (#"{"advanceBy": "P1M"}"#, ISODuration("P1M").map(ClockAdvanceRequest.Target.duration), ""),
        (#"{}"#, nil, "body: must contain one of advanceTo, advanceBy"),
        (#"{"advanceTo": 1, "advanceBy": "P1D"}"#, nil, "advanceBy: not allowed together with advanceTo"),
        (#"{"advanceBy": "1 month"}"#, nil, #"advanceBy: must be an ISO 8601 duration like P1M or PT36H, got "1 month""#),
        (#"{"advanceBy": "PT0S"}"#, nil, "advanceBy: must be longer than zero"),
    ])
    func clock(text: String, target: ClockAdvanceRequest.Target?, description: String) throws {
        if let target {
            #expect(try ClockAdvanceRequest(validating: text).target == target)
        } else {
            let error = #expect(throws: ValidationError.self) { try ClockAdvanceRequest(validating: text) }
            #expect(error?.description == description)
        }
    }

    @Test("ISO 8601 durations parse into calendar and clock parts", arguments: [
        ("P1Y2M3W4DT5H6M7S", true), ("PT36H", true), ("P1DT12H", true), ("P", false), ("PT", false),
        ("P1H", false), ("P1M1M", false), ("1M", false), ("P1.5D", false), ("P1DT", false),
    ])
    func durations(text: String, valid: Bool) {
        let duration = ISODuration(text)
        #expect((duration != nil) == valid)
        if text == "P1Y2M3W4DT5H6M7S", let duration {
            #expect([duration.years, duration.months, duration.weeks, duration.days, duration.hours, duration.minutes, duration.seconds] == [1, 2, 3, 4, 5, 6, 7])
        }
    }

    @Test("catalog reload accepts {} only: a caller never names a file on the consumer's host, and catalogPath is refused naming it")
    func catalogReload() throws {
        #expect(try CatalogReloadRequest(validating: "{}") == CatalogReloadRequest())
        for path in ["/etc/passwd", "/nonexistent/catalog.json", "Config/catalog.example.json"] {
            let refused = #expect(throws: ValidationError.self) {
                try CatalogReloadRequest(validating: #"{"catalogPath": "\#(path)"}"#)
            }
            // The same answer whatever the path: nothing is read, nothing about the host is told.
            #expect(refused?.description
                == "catalogPath: is no longer accepted: the consumer reloads the catalog file it was started with (CATALOG_PATH); send {}")
            #expect(refused?.httpStatus == 400)
        }
        let error = #expect(throws: ValidationError.self) { try CatalogReloadRequest(validating: #"{"path": "x"}"#) }
        #expect(error?.description == "path: unknown field; allowed here: catalogPath")
        #expect(error?.apiError == .unknownField)
    }

    @Test("a lone surrogate escape is named in plain words, with its place, never with Foundation's internals")
    func loneSurrogate() {
        let error = #expect(throws: ValidationError.self) {
            try PurchaseRequest(validating: #"{"customerId": "\ud800", "productId": "p", "storefront": "USA"}"#)
        }
        let text = error?.description ?? ""
        #expect(text == #"body: malformed JSON at line 1 column 17: \uD800 is half of a surrogate pair: a \uDC00-\uDFFF escape must follow"#)
        #expect(!text.contains("Foundation") && !text.contains("JSONError"))
        #expect(error?.apiError == .malformedJSON)
    }
}
