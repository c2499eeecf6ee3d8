import AppleErrorCatalog
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

    @Test("every code of the catalog appears once, with one name; ours have 9 as their fourth digit, Apple's never")
    func uniqueness() {
        let codes = AppleError.all.map(\.errorCode)
        let names = AppleError.all.map(\.name)
        #expect(Set(codes).count == codes.count, "a code appears twice")
        #expect(Set(names).count == names.count, "a name appears twice")
        let fourthDigit = { (error: AppleError) in error.errorCode / 1_000 % 10 }
        #expect(AppleError.serviceErrors.allSatisfy { fourthDigit($0) == 9 })
        #expect(AppleError.all.filter { $0.origin != .service }.allSatisfy { fourthDigit($0) != 9 })
        #expect(AppleError.all.allSatisfy { (400..<600).contains($0.httpStatus) })
    }

    @Test("the Advanced Commerce API's InvalidStorefront is the same entry as InvalidStorefrontCountryCodeError (4000028)")
    func sharedCode() {
        #expect(AppleError.invalidStorefront == .invalidStorefrontCountryCode)
        #expect(AppleError.all.filter { $0.errorCode == 4_000_028 }.count == 1)
    }

    @Test("lookup by number")
    func lookup() {
        #expect(APIError(errorCode: 4_000_009) == .invalidExtendByDays)
        #expect(APIError(errorCode: 4_000_173) == .malformedPayload)
        #expect(APIError(errorCode: 1) == nil)
    }
}
