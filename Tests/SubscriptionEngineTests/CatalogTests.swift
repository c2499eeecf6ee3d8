import Foundation
import Testing

@testable import SubscriptionEngine

@Suite struct CatalogTests {
    @Test("R-CAT-1 the example catalog holds products with group, level, period, storefront prices, intro offers, family flag")
    func exampleCatalogProducts() throws {
        let catalog = try exampleCatalog()
        let monthly = try #require(catalog.product("news.premium.monthly"))
        #expect(monthly.groupId == "news")
        #expect(monthly.level == 1)
        #expect(monthly.period == .oneMonth)
        #expect(monthly.price(in: "USA") == StorefrontPrice(currency: "USD", price: 9990))
        #expect(monthly.price(in: "KOR")?.currency == "KRW")
        #expect(monthly.introductoryOffer?.type == .freeTrial)
        #expect(monthly.familyShareable)
        #expect(Set(catalog.products.map(\.period)).isSuperset(of: [.oneWeek, .oneMonth, .twoMonths, .oneYear]))
        #expect(catalog.advancedCommerce.first?.skus.count ?? 0 >= 3)
    }

    @Test("R-CAT-2 the policy holds grace period, 60-day retry, consent storefronts and exchange rates")
    func examplePolicy() throws {
        let policy = try exampleCatalog().policy
        #expect(policy.gracePeriodDays == 16)
        #expect(policy.billingRetryDays == 60)
        #expect(policy.consentAlwaysStorefronts.contains("DEU"))
        #expect(policy.exchangeRatesToUSD["KRW"] == ExchangeRate(microUSDPerUnit: 720))
        #expect(policy.graceDays(for: .oneWeek) == 6)
        #expect(policy.graceDays(for: .oneMonth) == 16)
    }

    @Test("R-CAT-1 errors name the bad entry", arguments: [
        ("\"price\": 9990", "\"price\": 0", "products[0].prices.USA.price: must be > 0, got 0"),
        ("\"level\": 2", "\"level\": 0", "products[3].level: must be >= 1, got 0"),
        ("\"groupId\": \"sports\"", "\"groupId\": \"nope\"", "products[6].groupId: unknown group 'nope'"),
        ("\"period\": \"P2M\"", "\"period\": \"monthly\"", "products[2].period"),
        ("\"JPY\": \"0.0067\", ", "", "policy.exchangeRatesToUSD.JPY: missing rate for JPY used by products[0].prices.JPN"),
    ])
    func errorsNameTheEntry(find: String, replace: String, expected: String) throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        var text = try String(contentsOf: root.appendingPathComponent("Config/catalog.example.json"), encoding: .utf8)
        let range = try #require(text.range(of: find))
        text.replaceSubrange(range, with: replace)
        #expect(throws: CatalogError.self) { try Catalog.decode(fromJSON: Array(text.utf8)) }
        do {
            _ = try Catalog.decode(fromJSON: Array(text.utf8))
        } catch {
            #expect(error.description.hasPrefix(expected), "\(error.description)")
        }
    }

    @Test("R-CAT-2 exchange rates are exact decimals", arguments: [("1.08", 1_080_000), ("0.00072", 720), ("2", 2_000_000)])
    func exchangeRates(text: String, micros: Int64) {
        #expect(ExchangeRate(decimal: text)?.microUSDPerUnit == micros)
    }
}
