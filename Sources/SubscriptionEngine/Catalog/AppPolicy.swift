/// App-wide subscription policy (R-CAT-2), plus switches where Apple's current behaviour
/// differs from the seeds (apple-domain.md §7).
public struct AppPolicy: Codable, Sendable, Hashable {
    /// Billing grace period in days, or nil when grace is off.
    public var gracePeriodDays: Int?
    /// Weekly subscriptions get at most this many grace days (Apple caps them at 6).
    public var weeklyGracePeriodCapDays: Int
    /// Billing retry window in days (Apple: 60).
    public var billingRetryDays: Int
    /// Storefronts where every price increase needs consent (R-PRC-3).
    public var consentAlwaysStorefronts: [StorefrontCode]
    /// USD value of one unit of each non-USD currency, used for the R-PRC-3 thresholds.
    public var exchangeRatesToUSD: [String: ExchangeRate]
    /// Who may redeem an introductory offer (R-INT-1; seed 003 vs Apple forum, §4.3).
    public var introOfferEligibility: IntroOfferEligibility
    /// South Korea: converting a trial or discounted offer to the regular price needs consent
    /// (R-PRC-3, R-PRC-8).
    public var koreaOfferConversionConsent: Bool

    public init(
        gracePeriodDays: Int? = 16, weeklyGracePeriodCapDays: Int = 6, billingRetryDays: Int = 60,
        consentAlwaysStorefronts: [StorefrontCode] = [], exchangeRatesToUSD: [String: ExchangeRate] = [:],
        introOfferEligibility: IntroOfferEligibility = .neverRedeemedInGroup, koreaOfferConversionConsent: Bool = true
    ) {
        self.gracePeriodDays = gracePeriodDays
        self.weeklyGracePeriodCapDays = weeklyGracePeriodCapDays
        self.billingRetryDays = billingRetryDays
        self.consentAlwaysStorefronts = consentAlwaysStorefronts
        self.exchangeRatesToUSD = exchangeRatesToUSD
        self.introOfferEligibility = introOfferEligibility
        self.koreaOfferConversionConsent = koreaOfferConversionConsent
    }

    /// Grace days for a subscription with `period`, or nil when grace is off.
    func graceDays(for period: ISOPeriod) -> Int? {
        guard let days = gracePeriodDays else { return nil }
        return period.unit == .week || period.unit == .day ? min(days, weeklyGracePeriodCapDays) : days
    }
}

/// Introductory offer eligibility rule.
public enum IntroOfferEligibility: String, Codable, Sendable, Hashable {
    /// Seed 003 and the StoreKit article: anyone who never redeemed an intro offer in the group.
    case neverRedeemedInGroup
    /// Apple forum answer: only customers who never subscribed in the group.
    case neverSubscribedInGroup
}

/// An exchange rate to USD, written in JSON as a decimal string with at most 6 decimals
/// (`"0.00072"` for KRW) and held exactly as millionths of a USD per unit.
public struct ExchangeRate: Codable, Sendable, Hashable {
    public var microUSDPerUnit: Int64

    public init(microUSDPerUnit: Int64) { self.microUSDPerUnit = microUSDPerUnit }

    /// Parses `"1.08"` or `"0.00072"`; nil for anything else or a rate that is not > 0.
    public init?(decimal text: String) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2, let whole = Int64(parts[0]), whole >= 0 else { return nil }
        let fraction = parts.count == 2 ? String(parts[1]) : ""
        guard fraction.count <= 6, fraction.allSatisfy(\.isASCII), fraction.allSatisfy(\.isNumber) else { return nil }
        let padded = fraction + String(repeating: "0", count: 6 - fraction.count)
        guard let micros = Int64(padded) else { return nil }
        let (scaled, overflow) = whole.multipliedReportingOverflow(by: 1_000_000)
        let (value, overflowAgain) = scaled.addingReportingOverflow(micros)
        guard !overflow, !overflowAgain, value > 0 else { return nil }
        microUSDPerUnit = value
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let rate = ExchangeRate(decimal: text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "'\(text)' is not a positive decimal with at most 6 decimals")
        }
        self = rate
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        let fraction = String(microUSDPerUnit % 1_000_000)
        try container.encode(
            "\(microUSDPerUnit / 1_000_000).\(String(repeating: "0", count: 6 - fraction.count))\(fraction)")
    }
}
