/// One SKU of a subscription (an in-app subscription has exactly one, its product).
public struct SubscriptionItem: Codable, Sendable, Hashable {
    public var sku: String
    public var displayName: String
    public var description: String
    /// Regular price per period in the subscription's currency.
    public var price: Milliunits
    /// Offer in force for the current and following periods, if any.
    public var offer: ItemOffer?

    public init(sku: String, displayName: String = "", description: String = "", price: Milliunits, offer: ItemOffer? = nil) {
        self.sku = sku
        self.displayName = displayName
        self.description = description
        self.price = price
        self.offer = offer
    }

    /// What this item costs in the current period.
    var chargedPrice: Milliunits { offer?.price ?? price }
}

/// An offer on an item: the price and period length while it lasts (R-INT-2).
public struct ItemOffer: Codable, Sendable, Hashable {
    public var offerType: OfferType
    public var discountType: OfferDiscountType
    public var identifier: String
    /// Price charged for one offer period (0 for a free trial; the whole price for pay up front).
    public var price: Milliunits
    /// Length of one offer billing period.
    public var periodLength: ISOPeriod
    /// Offer periods left, counting the current one.
    public var remainingPeriods: Int
    /// Apple's `offerPeriod` for transactions (duration of the whole offer).
    public var offerPeriod: ISOPeriod

    /// True for a free trial or a discounted offer (R-PRC-3 South Korea conversions).
    var isFreeOrDiscounted: Bool { discountType != .oneTime }
}

/// Advanced Commerce changes that apply at the next renewal (R-MOD-2).
public struct PendingChanges: Codable, Sendable, Hashable {
    /// Items replacing `currentSKU` at the next renewal.
    public var itemChanges: [PendingItemChange] = []
    /// SKUs removed at the next renewal.
    public var removals: [String] = []
    public var period: ISOPeriod?
    public var descriptors: SubscriptionDescriptors?

    public var isEmpty: Bool { itemChanges.isEmpty && removals.isEmpty && period == nil && descriptors == nil }
}

/// An item change waiting for the next renewal.
public struct PendingItemChange: Codable, Sendable, Hashable {
    public var currentSKU: String
    public var item: SubscriptionItem
}
