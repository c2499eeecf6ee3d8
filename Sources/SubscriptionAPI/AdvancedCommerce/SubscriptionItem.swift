/// An item of a new subscription (`items[]` of CREATE_SUBSCRIPTION) or an item added by a modify
/// request (`addItems[]`, which may also carry `proratedPrice`).
public struct SubscriptionItem: Codable, Sendable, Hashable {
    /// The item's SKU.
    public var sku: SKU
    /// The item's name.
    public var displayName: DisplayName
    /// The item's description.
    public var description: ProductDescription
    /// The regular price per period in milliunits, > 0.
    public var price: Int64
    /// An offer on the item.
    public var offer: Offer?
    /// The amount charged now for the rest of the current period (modify only), ≥ 0.
    public var proratedPrice: Int64?

    /// Creates an item.
    public init(
        sku: SKU, displayName: DisplayName, description: ProductDescription, price: Int64,
        offer: Offer? = nil, proratedPrice: Int64? = nil
    ) {
        self.sku = sku
        self.displayName = displayName
        self.description = description
        self.price = price
        self.offer = offer
        self.proratedPrice = proratedPrice
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case sku = "SKU"
        case displayName, description, price, offer, proratedPrice
    }

    public init(from decoder: any Decoder) throws {
        var fields = try FieldReader<CodingKeys>(decoder)
        let sku = fields.required(.sku, as: SKU.self, missing: .nullSKU)
        let name = fields.required(.displayName, as: DisplayName.self, missing: .nullDisplayName)
        let text = fields.required(.description, as: ProductDescription.self, missing: .nullDescription)
        let price = fields.price(
            fields.required(.price, as: Int64.self, missing: .nullPrice), .price, error: .negativePrice,
            PriceRules.positive)
        let offer = fields.optional(.offer, as: Offer.self)
        let prorated = fields.price(
            fields.optional(.proratedPrice, as: Int64.self), .proratedPrice, error: .negativeProratedPrice,
            PriceRules.nonNegative)
        try fields.finish()
        guard let sku, let name, let text, let price else { throw fields.inconsistency() }
        self.init(sku: sku, displayName: name, description: text, price: price, offer: offer, proratedPrice: prorated)
    }
}
