/// Apple's decoded transaction (`JWSTransactionDecodedPayload`), field names as Apple's.
public struct TransactionInfo: Codable, Sendable, Hashable {
    public var transactionId: String
    public var originalTransactionId: String
    public var webOrderLineItemId: String
    public var bundleId: String
    public var productId: String
    public var subscriptionGroupIdentifier: String
    public var purchaseDate: Timestamp
    public var originalPurchaseDate: Timestamp
    public var expiresDate: Timestamp
    public var quantity: Int
    public var type: String
    public var appAccountToken: String
    public var inAppOwnershipType: InAppOwnershipType
    public var signedDate: Timestamp
    public var revocationReason: RevocationReason?
    public var revocationDate: Timestamp?
    public var revocationType: RevocationType?
    public var revocationPercentage: Int?
    public var isUpgraded: Bool
    public var offerType: OfferType?
    public var offerIdentifier: String?
    public var offerDiscountType: OfferDiscountType?
    public var offerPeriod: String?
    public var environment: Environment
    public var transactionReason: TransactionReason
    public var storefront: StorefrontCode
    public var price: Milliunits
    public var currency: CurrencyCode
    public var advancedCommerceInfo: AdvancedCommerceTransactionInfo?
}

/// Apple's `advancedCommerceInfo` of a transaction.
public struct AdvancedCommerceTransactionInfo: Codable, Sendable, Hashable {
    public var descriptors: SubscriptionDescriptors?
    public var items: [AdvancedCommerceItemInfo]
    public var period: String
    public var requestReferenceId: String
    public var taxCode: String
}

/// One Advanced Commerce item in a transaction or renewal info.
public struct AdvancedCommerceItemInfo: Codable, Sendable, Hashable {
    public var sku: String
    public var displayName: String
    public var description: String
    public var price: Milliunits
    public var offerPeriod: String?
    public var offerPeriodCount: Int?
    public var offerPrice: Milliunits?
    /// Renewal items only: the pending price change, if any.
    public var priceIncreaseInfo: PriceIncreaseInfo?
    public var revocationDate: Timestamp?
}

/// Apple's `priceIncreaseInfo` on a renewal item.
public struct PriceIncreaseInfo: Codable, Sendable, Hashable {
    public var status: PriceIncreaseInfoStatus?
    public var price: Milliunits
    public var dependentSKUs: [String]
}
