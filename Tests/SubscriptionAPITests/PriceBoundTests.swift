import AppleErrorCatalog
import Foundation
import Testing

@testable import SubscriptionAPI

/// A price above what any storefront charges is refused where it enters (HTTP), naming the field
/// and the bound: on the Advanced Commerce routes with Apple's `MalformedPayload` (Apple answers
/// every structural problem without a code of its own with it), and the sign keeps Apple's
/// `NegativePrice` (docs/reliability.md, "Inputs tried").
@Suite struct PriceBoundTests {
    static let priceChange = #"{"requestInfo": {"requestReferenceId": "5d4a1e1e-1111-4a5b-8c9d-0123456789ab"}, "items": [{"SKU": "NEWS_BASIC", "price": PRICE}]}"#

    @Test("Change Subscription Price: a price of Int64.max is refused (MalformedPayload) naming items[0].price and the bound", arguments: [
        "9223372036854775807", "1000000000001",
    ])
    func priceChangeAboveBound(price: String) {
        let error = #expect(throws: ValidationError.self) {
            try PriceChangeRequest(validating: Self.priceChange.replacingOccurrences(of: "PRICE", with: price))
        }
        #expect(error?.apiError == .malformedPayload)
        #expect(error?.names("items[0].price", containing: "at most 1000000000000") == true)
    }

    @Test("the highest price any storefront charges is accepted; a negative one keeps Apple's NegativePrice")
    func priceChangeBounds() throws {
        let request = try PriceChangeRequest(validating: Self.priceChange.replacingOccurrences(of: "PRICE", with: "1000000000000"))
        #expect(request.items.first?.price == 1_000_000_000_000)
        let negative = #expect(throws: ValidationError.self) {
            try PriceChangeRequest(validating: Self.priceChange.replacingOccurrences(of: "PRICE", with: "-1"))
        }
        #expect(negative?.apiError == .negativePrice)
    }

    @Test("Modify: a prorated price of Int64.max is refused (MalformedPayload) naming it and the bound")
    func modifyProratedPrice() {
        let text = ModifyValidationTests.body(replacing: #""price": 9990,"#, with: #""price": 9990, "proratedPrice": 9223372036854775807,"#)
        let error = #expect(throws: ValidationError.self) { try ModifySubscriptionRequest(validating: text) }
        #expect(error?.apiError == .malformedPayload)
        #expect(error?.names("changeItems[0].proratedPrice", containing: "at most 1000000000000") == true)
    }
}
