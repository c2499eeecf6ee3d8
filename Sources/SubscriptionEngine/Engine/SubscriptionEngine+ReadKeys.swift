extension SubscriptionEngine {
    /// The id a purchase of `productId` by `customerId` on the clock `clockId` (nil: the
    /// consumer's) would most likely give a new subscription on a store with hashed ids (the first
    /// one ``NewSubscriptionId`` tries), so that a store can load it, found or absent, with the
    /// batch's other reads; nil for a product the catalog does not know. Only a hint: the
    /// purchase still checks the id it picks.
    public func likelyNewSubscriptionId(customerId: String, productId: String, clockId: String?) -> String? {
        guard let groupId = catalog.product(productId)?.groupId else { return nil }
        return NewSubscriptionId.firstHashed(customerId: customerId, groupId: groupId, clockId: clockId)
    }
}
