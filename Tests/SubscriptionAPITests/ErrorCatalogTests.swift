import Testing
@testable import SubscriptionAPI

@Suite("Error catalog")
struct ErrorCatalogTests {
    @Test("Apple's renewal-extension codes are the ones of apple-domain.md §2.4", arguments: [
        (APIError.invalidOriginalTransactionId, 4_000_008 as Int64, 400),
        (.invalidExtendByDays, 4_000_009, 400),
        (.invalidExtendReasonCode, 4_000_010, 400),
        (.invalidRequestIdentifier, 4_000_011, 400),
        (.invalidProductId, 4_000_023, 400),
        (.invalidEmptyStorefrontCountryCodeList, 4_000_027, 400),
        (.invalidStorefrontCountryCode, 4_000_028, 400),
        (.subscriptionExtensionIneligible, 4_030_004, 403),
        (.subscriptionMaxExtension, 4_030_005, 403),
        (.familySharedSubscriptionExtensionIneligible, 4_030_007, 403),
        (.originalTransactionIdNotFound, 4_040_005, 404),
        (.statusRequestNotFound, 4_040_009, 404),
        (.rateLimitExceeded, 4_290_000, 429),
        (.generalInternal, 5_000_000, 500),
    ])
    func extensionCodes(error: APIError, code: Int64, status: Int) {
        #expect(error.errorCode == code)
        #expect(error.httpStatus == status)
        #expect(error.origin == .appStoreServerAPI)
    }

    @Test("within each API a code names one error; ours live in 4009xxx")
    func uniqueness() {
        for origin in [APIError.Origin.appStoreServerAPI, .advancedCommerceAPI, .service] {
            let codes = APIError.catalog.filter { $0.origin == origin }.map(\.errorCode)
            #expect(Set(codes).count == codes.count)
        }
        #expect(APIError.serviceErrors.allSatisfy { (4_009_000...4_009_999).contains($0.errorCode) })
        #expect(APIError.catalog.filter { $0.origin != .service }.allSatisfy { !(4_009_000...4_009_999).contains($0.errorCode) })
    }

    @Test("lookup by number")
    func lookup() {
        #expect(APIError(errorCode: 4_000_009) == .invalidExtendByDays)
        #expect(APIError(errorCode: 4_000_173) == .malformedPayload)
        #expect(APIError(errorCode: 1) == nil)
    }
}
