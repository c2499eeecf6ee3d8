import AppleErrorCatalog

/// Our `POST /subscriptions/purchase` body: a customer buys a product of a subscription group (R-GRP-1).
/// Buying another product of a group the customer already subscribes to is a switch, decided by the service.
public struct PurchaseRequest: ValidatedRequest, Hashable {
    /// The buying customer.
    public var customerId: String
    /// The app's account token for the customer (UUID), copied into transactions.
    public var appAccountToken: UUIDString?
    /// The product bought.
    public var productId: SKU
    /// The customer's storefront.
    public var storefront: StorefrontCode
    /// An offer the customer redeems; introductory offers apply automatically when eligible (R-INT-1).
    public var offer: OfferRedemption?

    public static var errorFamily: APIError.Origin { .service }

    /// Creates a request; use ``ValidatedRequest/init(validating:)`` for untrusted input.
    public init(
        customerId: String, appAccountToken: UUIDString? = nil, productId: SKU, storefront: StorefrontCode,
        offer: OfferRedemption? = nil
    ) {
        self.customerId = customerId
        self.appAccountToken = appAccountToken
        self.productId = productId
        self.storefront = storefront
        self.offer = offer
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case customerId, appAccountToken, productId, storefront, offer
    }

    public init(from decoder: any Decoder) throws {
        var fields = try FieldReader<CodingKeys>(decoder)
        let customer = fields.identifier(.customerId)
        let token = fields.optional(.appAccountToken, as: UUIDString.self)
        let product = fields.required(.productId, as: SKU.self)
        let storefront = fields.required(.storefront, as: StorefrontCode.self)
        let offer = fields.optional(.offer, as: OfferRedemption.self)
        try fields.finish()
        guard let customer, let product, let storefront else { throw fields.inconsistency() }
        self.init(customerId: customer, appAccountToken: token, productId: product, storefront: storefront, offer: offer)
    }
}

/// An offer redeemed with a purchase, typed like Apple's `offerType` (2 promotional, 3 offer code,
/// 4 win-back) with its `offerIdentifier`. Introductory offers (1) are not requested: the service
/// applies them when the customer is eligible.
public struct OfferRedemption: Codable, Sendable, Hashable {
    /// 2 promotional, 3 offer code, 4 win-back.
    public var offerType: Int32
    /// The offer's identifier (promotional offer id, offer code reference, win-back offer id).
    public var offerIdentifier: String

    /// Creates a redemption.
    public init(offerType: Int32, offerIdentifier: String) {
        self.offerType = offerType
        self.offerIdentifier = offerIdentifier
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case offerType, offerIdentifier
    }

    public init(from decoder: any Decoder) throws {
        var fields = try FieldReader<CodingKeys>(decoder)
        let type = fields.check(fields.required(.offerType, as: Int32.self), .offerType) {
            (2...4).contains($0)
                ? nil : "must be 2 (promotional), 3 (offer code) or 4 (win-back), got \($0); introductory offers apply automatically"
        }
        let identifier = fields.identifier(.offerIdentifier)
        try fields.finish()
        guard let type, let identifier else { throw fields.inconsistency() }
        self.init(offerType: type, offerIdentifier: identifier)
    }
}
