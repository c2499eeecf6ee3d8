import Testing

@testable import SubscriptionEngine

@Suite struct PriceRuleTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var storefront: StorefrontCode = .unitedStates
        var currency: CurrencyCode = .usd
        var current: Milliunits
        var new: Milliunits
        var period: ISOPeriod = .oneMonth
        var previous: [Timestamp] = []
        var convertsFromOffer = false
        var consent: Bool
        var testDescription: String { name }
    }

    static let effective = Timestamp.utc(2026, 6, 1)

    static let cases: [Case] = [
        Case(name: "USD monthly +60 % and +6 → consent", current: 9990, new: 15990, consent: true),
        Case(name: "USD monthly +100 % but only +4 → no consent", current: 4000, new: 8000, consent: false),
        Case(name: "USD monthly +6 but only +30 % → no consent", current: 20000, new: 26000, consent: false),
        Case(name: "exactly 50 % and more than USD 5 → no consent", current: 12000, new: 18000, consent: false),
        Case(name: "more than 50 % and exactly USD 5 → no consent", current: 8000, new: 13000, consent: false),
        Case(name: "just over both → consent", current: 8000, new: 13010, consent: true),
        Case(name: "annual +60 % and +60 → consent", current: 99990, new: 159990, period: .oneYear, consent: true),
        Case(name: "annual +100 % but only +40 → no consent", current: 40000, new: 80000, period: .oneYear, consent: false),
        Case(name: "annual exactly USD 50 → no consent", current: 90000, new: 140000, period: .oneYear, consent: false),
        Case(name: "annual +60 % but 2-month period uses USD 5", current: 9990, new: 15990, period: .twoMonths, consent: true),
        Case(name: "JPY +100 % = USD 10.05 → consent", storefront: "JPN", currency: "JPY", current: 1_500_000, new: 3_000_000, consent: true),
        Case(name: "JPY +100 % = USD 4.02 → no consent", storefront: "JPN", currency: "JPY", current: 600_000, new: 1_200_000, consent: false),
        Case(name: "KRW +100 % = USD 10.73 → consent", storefront: "KOR", currency: "KRW", current: 14_900_000, new: 29_800_000, consent: true),
        Case(name: "KRW annual +100 % = USD 107 → consent", storefront: "KOR", currency: "KRW", current: 149_000_000, new: 298_000_000, period: .oneYear, consent: true),
        Case(name: "JPY annual +100 % = USD 40.2 → no consent", storefront: "JPN", currency: "JPY", current: 6_000_000, new: 12_000_000, period: .oneYear, consent: false),
        Case(name: "KRW monthly +60 % = USD 2.57 → no consent", storefront: "KOR", currency: "KRW", current: 5_950_000, new: 9_520_000, consent: false),
        Case(name: "EUR in an always-consent storefront, +1 % → consent", storefront: "DEU", currency: "EUR", current: 10000, new: 10100, consent: true),
        Case(name: "increase 11 months before → consent", current: 10000, new: 11000, previous: [.utc(2025, 7, 1)], consent: true),
        Case(name: "increase exactly 12 months before → no consent", current: 10000, new: 11000, previous: [.utc(2025, 6, 1)], consent: false),
        Case(name: "increase 13 months before → no consent", current: 10000, new: 11000, previous: [.utc(2025, 5, 1)], consent: false),
        Case(name: "Korea offer conversion → consent", storefront: "KOR", currency: "KRW", current: 0, new: 14_900_000, convertsFromOffer: true, consent: true),
        Case(name: "offer conversion elsewhere, small → no consent", current: 1990, new: 4990, convertsFromOffer: true, consent: false),
    ]

    @Test("R-PRC-3 consent needed when the storefront always needs it, > 50 % AND > USD 5/50, 12-month rule, Korea conversion", arguments: cases)
    func consent(_ example: Case) throws {
        let policy = try exampleCatalog().policy
        let facts = PriceIncreaseRules.Facts(
            storefront: example.storefront, currency: example.currency, currentPrice: example.current, newPrice: example.new,
            period: example.period, effectiveDate: Self.effective, previousIncreaseDates: example.previous,
            convertsFromOffer: example.convertsFromOffer)
        #expect(try PriceIncreaseRules.consentRequired(facts, policy: policy) == example.consent)
    }

    @Test("R-PRC-4 notice lead by period", arguments: [
        (ISOPeriod.oneWeek, 7), (.oneMonth, 27), (.twoMonths, 60), (.threeMonths, 60), (.sixMonths, 60), (.oneYear, 60),
    ])
    func lead(period: ISOPeriod, days: Int) {
        #expect(PriceIncreaseRules.leadDays(for: period) == days)
    }

    @Test("R-PRC-4 the new price applies at the first renewal that still leaves the full lead", arguments: [
        // (product, request date, expected effective renewal, expected communication)
        ("news.basic.monthly", Timestamp.utc(2026, 1, 5), Timestamp.utc(2026, 2, 1), Timestamp.utc(2026, 1, 5)),
        ("news.basic.monthly", Timestamp.utc(2026, 1, 5, 0, 0, 1), Timestamp.utc(2026, 3, 1), Timestamp.utc(2026, 2, 2)),
        ("news.premium.bimonthly", Timestamp.utc(2026, 1, 2), Timestamp.utc(2026, 5, 1), Timestamp.utc(2026, 3, 2)),
        ("news.standard.weekly", Timestamp.utc(2026, 1, 1), Timestamp.utc(2026, 1, 8), Timestamp.utc(2026, 1, 1)),
        ("news.standard.weekly", Timestamp.utc(2026, 1, 2), Timestamp.utc(2026, 1, 15), Timestamp.utc(2026, 1, 8)),
    ])
    func effectiveRenewal(product: String, requested: Timestamp, effective: Timestamp, communication: Timestamp) throws {
        var harness = try Harness()
        let id = try harness.purchase(product, customer: "lead")
        harness.now = requested
        let price = try #require(try harness.subscription(id).items.first?.price)
        try harness.ok(.changePrice(ChangePriceRequest(transactionId: id, requestInfo: RequestInfo(requestReferenceId: "lead"), items: [PriceChangeItem(sku: product, price: price + 1000)])))
        let change = try #require(try harness.subscription(id).priceChanges.first)
        #expect(change.effectiveDate == effective)
        #expect(change.communicationDate == communication)
    }
}
