/// The payload of `signedTransactionInfo` (apple-domain.md §1.7), Apple's field names. Every field is
/// optional, as in Apple's libraries; enumerations are kept as their raw JSON values (strings or
/// integers) so that values newer than this module still round-trip. Dates are milliseconds since 1970,
/// prices milliunits.
public struct JWSTransactionDecodedPayload: Codable, Sendable, Hashable {
    public var transactionId: String?
    public var originalTransactionId: String?
    public var webOrderLineItemId: String?
    public var previousOriginalTransactionId: String?
    public var bundleId: String?
    public var productId: String?
    public var subscriptionGroupIdentifier: String?
    public var purchaseDate: Int64?
    public var originalPurchaseDate: Int64?
    public var expiresDate: Int64?
    public var quantity: Int32?
    /// `Auto-Renewable Subscription`, …
    public var type: String?
    public var appAccountToken: String?
    /// `PURCHASED`, `FAMILY_SHARED`, `ASSIGNED`.
    public var inAppOwnershipType: String?
    public var signedDate: Int64?
    public var revocationReason: Int32?
    public var revocationDate: Int64?
    /// `REFUND_FULL`, `REFUND_PRORATED`, `FAMILY_REVOKE`.
    public var revocationType: String?
    public var revocationPercentage: Int32?
    public var isUpgraded: Bool?
    /// 1 introductory, 2 promotional, 3 offer code, 4 win-back.
    public var offerType: Int32?
    public var offerIdentifier: String?
    /// `FREE_TRIAL`, `PAY_AS_YOU_GO`, `PAY_UP_FRONT`, `ONE_TIME`.
    public var offerDiscountType: String?
    public var offerPeriod: String?
    /// `Sandbox`, `Production`, `Xcode`, `LocalTesting`.
    public var environment: String?
    public var storefront: String?
    public var storefrontId: String?
    /// `PURCHASE` or `RENEWAL`.
    public var transactionReason: String?
    public var price: Int64?
    public var currency: String?
    public var appTransactionId: String?

    /// Creates an empty payload; set the fields that apply.
    public init() {}
}
