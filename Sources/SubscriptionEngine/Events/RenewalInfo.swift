/// Apple's decoded renewal info (`JWSRenewalInfoDecodedPayload`), field names as Apple's.
public struct RenewalInfo: Codable, Sendable, Hashable {
    public var originalTransactionId: String
    public var productId: String
    public var autoRenewProductId: String
    public var autoRenewStatus: Bool
    public var expirationIntent: ExpirationIntent?
    public var gracePeriodExpiresDate: Timestamp?
    public var isInBillingRetryPeriod: Bool
    public var priceIncreaseStatus: PriceIncreaseStatus?
    public var offerType: OfferType?
    public var offerIdentifier: String?
    public var offerDiscountType: OfferDiscountType?
    public var offerPeriod: String?
    public var recentSubscriptionStartDate: Timestamp
    public var renewalDate: Timestamp
    public var renewalPrice: Milliunits
    public var currency: CurrencyCode
    public var appAccountToken: String
    public var signedDate: Timestamp
    public var environment: Environment
    public var advancedCommerceInfo: AdvancedCommerceRenewalInfo?
}

/// Apple's `advancedCommerceInfo` of a renewal info.
public struct AdvancedCommerceRenewalInfo: Codable, Sendable, Hashable {
    public var consistencyToken: String
    public var descriptors: SubscriptionDescriptors?
    public var items: [AdvancedCommerceItemInfo]
    public var period: String
    public var requestReferenceId: String
    public var taxCode: String
}
