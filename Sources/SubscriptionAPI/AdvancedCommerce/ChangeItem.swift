/// An item replaced by a modify request (`changeItems[]`): `currentSKU` becomes `SKU` at `price`.
public struct ChangeItem: Codable, Sendable, Hashable {
    /// The SKU the subscription holds now.
    public var currentSKU: SKU
    /// The SKU it changes to.
    public var sku: SKU
    /// The new item's name.
    public var displayName: DisplayName
    /// The new item's description.
    public var description: ProductDescription
    /// The new price per period in milliunits, > 0.
    public var price: Int64
    /// When the change applies.
    public var effective: Effective
    /// Why (UPGRADE, DOWNGRADE, APPLY_OFFER).
    public var reason: ChangeReason
    /// An offer on the new item.
    public var offer: Offer?
    /// The amount charged now for the rest of the period, ≥ 0; only with `IMMEDIATELY`.
    public var proratedPrice: Int64?

    /// Creates a change item.
    public init(
        currentSKU: SKU, sku: SKU, displayName: DisplayName, description: ProductDescription, price: Int64,
        effective: Effective, reason: ChangeReason, offer: Offer? = nil, proratedPrice: Int64? = nil
    ) {
        self.currentSKU = currentSKU
        self.sku = sku
        self.displayName = displayName
        self.description = description
        self.price = price
        self.effective = effective
        self.reason = reason
        self.offer = offer
        self.proratedPrice = proratedPrice
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case currentSKU
        case sku = "SKU"
        case displayName, description, price, effective, reason, offer, proratedPrice
    }

    public init(from decoder: any Decoder) throws {
        var fields = try FieldReader<CodingKeys>(decoder)
        let current = fields.required(.currentSKU, as: SKU.self, missing: .nullCurrentSKU)
        let sku = fields.required(.sku, as: SKU.self, missing: .nullSKU)
        let name = fields.required(.displayName, as: DisplayName.self, missing: .nullDisplayName)
        let text = fields.required(.description, as: ProductDescription.self, missing: .nullDescription)
        let price = fields.price(
            fields.required(.price, as: Int64.self, missing: .nullPrice), .price, error: .negativePrice,
            PriceRules.positive)
        let effective = fields.required(.effective, as: Effective.self, missing: .nullEffective)
        let reason = fields.required(.reason, as: ChangeReason.self, missing: .nullReason)
        let offer = fields.optional(.offer, as: Offer.self)
        let prorated = fields.price(
            fields.optional(.proratedPrice, as: Int64.self), .proratedPrice, error: .negativeProratedPrice,
            PriceRules.nonNegative)
        if prorated != nil, effective == .nextBillCycle {
            fields.record(.proratedPrice, "not allowed when effective is NEXT_BILL_CYCLE",
                          error: .invalidProratedPriceForChangeItemWithEffectiveLater)
        }
        try fields.finish()
        guard let current, let sku, let name, let text, let price, let effective, let reason else {
            throw fields.inconsistency()
        }
        self.init(
            currentSKU: current, sku: sku, displayName: name, description: text, price: price,
            effective: effective, reason: reason, offer: offer, proratedPrice: prorated)
    }
}
