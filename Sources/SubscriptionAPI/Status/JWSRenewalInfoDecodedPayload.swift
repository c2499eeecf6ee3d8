/// The payload of `signedRenewalInfo` (apple-domain.md §1.8), Apple's field names; all optional,
/// enumerations as raw JSON values, dates in milliseconds since 1970, prices in milliunits.
public struct JWSRenewalInfoDecodedPayload: Codable, Sendable, Hashable {
    public var originalTransactionId: String?
    public var productId: String?
    /// Differs from `productId` while a downgrade or crossgrade is pending.
    public var autoRenewProductId: String?
    /// 0 off, 1 on.
    public var autoRenewStatus: Int32?
    /// Once expired: 1 cancelled, 2 billing error, 3 no consent to a price increase, 4 unavailable, 5 other.
    public var expirationIntent: Int32?
    public var isInBillingRetryPeriod: Bool?
    public var gracePeriodExpiresDate: Int64?
    /// 0 no answer to a consent-required increase, 1 consented or notified; absent when none pending.
    public var priceIncreaseStatus: Int32?
    public var offerType: Int32?
    public var offerIdentifier: String?
    public var offerDiscountType: String?
    public var offerPeriod: String?
    public var eligibleWinBackOfferIds: [String]?
    public var recentSubscriptionStartDate: Int64?
    public var renewalDate: Int64?
    public var renewalPrice: Int64?
    public var currency: String?
    public var appAccountToken: String?
    public var appTransactionId: String?
    public var signedDate: Int64?
    public var environment: String?

    /// Creates an empty payload; set the fields that apply.
    public init() {}
}
