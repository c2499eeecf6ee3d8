/// A discount on an item (`offer`): `periodCount` periods of `period` at `price` (0 = free trial).
public struct Offer: Codable, Sendable, Hashable {
    /// Length of one offer period.
    public var period: OfferPeriod
    /// Number of periods, 1…12 (exactly 1 for a free trial).
    public var periodCount: Int32
    /// Price per period in milliunits, ≥ 0.
    public var price: Int64
    /// Why the offer is granted.
    public var reason: OfferReason

    /// Creates an offer.
    public init(period: OfferPeriod, periodCount: Int32, price: Int64, reason: OfferReason) {
        self.period = period
        self.periodCount = periodCount
        self.price = price
        self.reason = reason
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case period, periodCount, price, reason
    }

    public init(from decoder: any Decoder) throws {
        var fields = try FieldReader<CodingKeys>(decoder)
        let period = fields.required(.period, as: OfferPeriod.self, missing: .nullOfferPeriod)
        let count = fields.check(
            fields.required(.periodCount, as: Int32.self, missing: .nullPeriodCount, error: .invalidOfferPeriodCount),
            .periodCount, error: .invalidOfferPeriodCount
        ) { (1...12).contains($0) ? nil : "must be 1...12, got \($0)" }
        let price = fields.price(
            fields.required(.price, as: Int64.self, missing: .nullPrice), .price, error: .negativePrice,
            PriceRules.nonNegative)
        let reason = fields.required(.reason, as: OfferReason.self, missing: .nullReason)
        if price == 0, let count, count != 1 {
            fields.record(.periodCount, "a free trial (price 0) must have periodCount 1, got \(count)",
                          error: .freeTrialOfferMustUsePeriodCountOfOne)
        }
        try fields.finish()
        guard let period, let count, let price, let reason else { throw fields.inconsistency() }
        self.init(period: period, periodCount: count, price: price, reason: reason)
    }
}
