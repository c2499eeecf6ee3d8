/// One transaction of a subscription: a purchase, renewal, upgrade or resubscription.
public struct TransactionRecord: Codable, Sendable, Hashable {
    public var transactionId: String
    public var webOrderLineItemId: String
    public var productId: String
    public var purchaseDate: Timestamp
    public var expiresDate: Timestamp
    public var price: Milliunits
    public var currency: CurrencyCode
    public var reason: TransactionReason
    public var offerType: OfferType?
    public var offerDiscountType: OfferDiscountType?
    public var offerIdentifier: String?
    public var offerPeriod: ISOPeriod?
    public var isUpgraded: Bool = false
    public var revocationDate: Timestamp?
    public var revocationReason: RevocationReason?
    public var revocationType: RevocationType?
    /// Milliunits of a percent (100000 = 100 %).
    public var revocationPercentage: Int?
    public var refundAmount: Milliunits?
    public var appAccountToken: String
    /// Items billed (Advanced Commerce), with their charged prices.
    public var items: [SubscriptionItem]
    public var requestReferenceId: String?
}
