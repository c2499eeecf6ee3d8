/// The price-increase rules of R-PRC-3 and R-PRC-4, as pure functions.
enum PriceIncreaseRules {
    /// Notice lead in days before the renewal where a new price applies (R-PRC-4): 7 for
    /// weekly (and shorter), 27 for monthly, 60 for 2-, 3-, 6-month and annual periods.
    static func leadDays(for period: ISOPeriod) -> Int {
        switch period.unit {
        case .day, .week: return 7
        case .month: return period.count == 1 ? 27 : 60
        case .year: return 60
        }
    }

    /// The facts R-PRC-3 looks at.
    struct Facts {
        var storefront: StorefrontCode
        var currency: CurrencyCode
        var currentPrice: Milliunits
        var newPrice: Milliunits
        var period: ISOPeriod
        var effectiveDate: Timestamp
        /// Renewal dates at which earlier increases of this subscription took effect.
        var previousIncreaseDates: [Timestamp]
        /// The renewal converts a free trial or discounted offer to the standard price.
        var convertsFromOffer: Bool
    }

    /// Whether the increase needs the subscriber's consent (R-PRC-3). "More than" is strict:
    /// exactly 50 % or exactly USD 5 (50 annual) needs none. An earlier increase exactly
    /// 12 months before the effective date is not "in the 12 months before".
    static func consentRequired(_ facts: Facts, policy: AppPolicy) throws(EngineRejection) -> Bool {
        if policy.consentAlwaysStorefronts.contains(facts.storefront) { return true }
        if facts.storefront == .southKorea, facts.convertsFromOffer, policy.koreaOfferConversionConsent { return true }
        let windowStart = try facts.effectiveDate.adding(months: -12)
        if facts.previousIncreaseDates.contains(where: { $0 > windowStart && $0 <= facts.effectiveDate }) { return true }
        let increase = try facts.newPrice - facts.currentPrice
        guard increase > .zero else { return false }
        let moreThanHalf = try increase.doubled() > facts.currentPrice
        let thresholdUSD: Int64 = facts.period.isAnnual ? 50_000 : 5_000
        return moreThanHalf
            && exceedsUSD(increase.rawValue, currency: facts.currency, thresholdMilliunits: thresholdUSD, policy: policy)
    }

    /// `amount` (milliunits of `currency`) > `thresholdMilliunits` USD, converted exactly.
    static func exceedsUSD(_ amount: Int64, currency: CurrencyCode, thresholdMilliunits: Int64, policy: AppPolicy) -> Bool {
        if currency == .usd { return amount > thresholdMilliunits }
        guard let rate = policy.exchangeRatesToUSD[currency.rawValue] else { return true }
        let (high, low) = amount.multipliedFullWidth(by: rate.microUSDPerUnit)
        let (thresholdHigh, thresholdLow) = thresholdMilliunits.multipliedFullWidth(by: 1_000_000)
        return high > thresholdHigh || (high == thresholdHigh && low > thresholdLow)
    }
}
