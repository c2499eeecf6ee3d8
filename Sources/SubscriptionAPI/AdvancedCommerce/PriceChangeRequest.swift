import AppleErrorCatalog

/// Body of `POST /advancedCommerce/v1/subscription/changePrice/{transactionId}`
/// (`SubscriptionPriceChangeRequest`): new prices for items of a subscription (R-PRC-1).
public struct PriceChangeRequest: ValidatedRequest, Hashable {
    /// Idempotency key and tokens.
    public var requestInfo: RequestInfo
    /// One entry per SKU whose price changes.
    public var items: [PriceChangeItem]
    /// Currency of the new prices.
    public var currency: CurrencyCode?
    /// The customer's storefront.
    public var storefront: StorefrontCode?

    public static var errorFamily: APIError.Origin { .advancedCommerceAPI }

    /// Creates a request; use ``ValidatedRequest/init(validating:)`` for untrusted input.
    public init(
        requestInfo: RequestInfo, items: [PriceChangeItem], currency: CurrencyCode? = nil,
        storefront: StorefrontCode? = nil
    ) {
        self.requestInfo = requestInfo
        self.items = items
        self.currency = currency
        self.storefront = storefront
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case requestInfo, items, currency, storefront
    }

    public init(from decoder: any Decoder) throws {
        var fields = try FieldReader<CodingKeys>(decoder)
        let info = fields.required(.requestInfo, as: RequestInfo.self, missing: .nullRequestInfo)
        let items = fields.check(
            fields.required(.items, as: [PriceChangeItem].self, missing: .nullItems), .items, error: .nullItems
        ) { $0.isEmpty ? "must hold at least one item" : nil }
        let currency = fields.optional(.currency, as: CurrencyCode.self)
        let storefront = fields.optional(.storefront, as: StorefrontCode.self)
        var seen: Set<SKU> = []
        for (index, item) in (items ?? []).enumerated() where !seen.insert(item.sku).inserted {
            fields.record(at: "items[\(index)].SKU", "SKU \(item.sku) is specified more than once",
                          error: .itemCannotBeSpecifiedMultipleTimes)
        }
        try fields.finish()
        guard let info, let items else { throw fields.inconsistency() }
        self.init(requestInfo: info, items: items, currency: currency, storefront: storefront)
    }
}

/// One SKU's new price (`SubscriptionPriceChangeItem`).
public struct PriceChangeItem: Codable, Sendable, Hashable {
    /// The SKU.
    public var sku: SKU
    /// The new price in milliunits, > 0.
    public var price: Int64
    /// SKUs cancelled with this one if a consent-required increase is refused.
    public var dependentSKUs: [SKU]?

    /// Creates an item.
    public init(sku: SKU, price: Int64, dependentSKUs: [SKU]? = nil) {
        self.sku = sku
        self.price = price
        self.dependentSKUs = dependentSKUs
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case sku = "SKU"
        case price, dependentSKUs
    }

    public init(from decoder: any Decoder) throws {
        var fields = try FieldReader<CodingKeys>(decoder)
        let sku = fields.required(.sku, as: SKU.self, missing: .nullSKU)
        let price = fields.price(
            fields.required(.price, as: Int64.self, missing: .nullPrice), .price, error: .negativePrice,
            PriceRules.positive)
        let dependents = fields.nonEmptyArray(.dependentSKUs, of: SKU.self)
        if let sku, dependents?.contains(sku) == true {
            fields.record(.dependentSKUs, "must not contain the item's own SKU \(sku)",
                          error: .dependentSKUsCannotBeChained)
        }
        try fields.finish()
        guard let sku, let price else { throw fields.inconsistency() }
        self.init(sku: sku, price: price, dependentSKUs: dependents)
    }
}
