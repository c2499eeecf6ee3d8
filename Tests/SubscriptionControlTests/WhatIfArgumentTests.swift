import ArgumentParser
import Foundation
import SubscriptionMessages
import SwiftProtobuf
import Testing

@testable import SubscriptionControl

/// `what-if price-change`: its flags, the table, the JSON and the progress bar, without a broker.
@Suite struct WhatIfArgumentTests {
    @Test("R-WIF-5 prices: one for every --storefront, or per storefront, amounts in milliunits")
    func prices() throws {
        let shared = try WhatIfArguments.prices(["12.99"], storefronts: ["usa", "GBR"])
        #expect(shared.map(\.storefront) == ["USA", "GBR"] && shared.map(\.price) == [12_990, 12_990])
        let each = try WhatIfArguments.prices(["USA=9.99", "JPN=900", "KWD=1.250"], storefronts: ["USA"])
        #expect(each.map(\.storefront) == ["USA", "JPN", "KWD"] && each.map(\.price) == [9_990, 900_000, 1_250])
        let mixed = try WhatIfArguments.prices(["USA=9.99", "3.5"], storefronts: ["USA", "CAN"])
        #expect(mixed.map(\.price) == [9_990, 3_500])
        #expect(try WhatIfArguments.consentRate("0.8") == 8000 && WhatIfArguments.consentRate("12.5%") == 1250)
    }

    @Test("R-WIF-5 a bad flag value is refused naming the flag", arguments: [
        (["what-if", "price-change", "--product", "p", "--consent-rate", "0.8"], "--price"),
        (["what-if", "price-change", "--product", "p", "--price", "9.99", "--consent-rate", "0.8"], "--storefront"),
        (["what-if", "price-change", "--product", "p", "--price", "US=9.99", "--consent-rate", "0.8"], "--storefront"),
        (["what-if", "price-change", "--product", "p", "--price", "USA=9.9999", "--consent-rate", "0.8"], "--price"),
        (["what-if", "price-change", "--product", "p", "--price", "USA=-1", "--consent-rate", "0.8"], "--price"),
        (["what-if", "price-change", "--product", "p", "--price", "USA=0", "--consent-rate", "0.8"], "--price"),
        (["what-if", "price-change", "--product", "p", "--price", "USA=1", "--price", "USA=2", "--consent-rate", "0.8"], "--storefront"),
        (["what-if", "price-change", "--product", "p", "--price", "USA=1", "--storefront", "GBR", "--consent-rate", "0.8"], "--storefront GBR"),
        (["what-if", "price-change", "--product", "p", "--price", "USA=1", "--consent-rate", "1.5"], "--consent-rate"),
        (["what-if", "price-change", "--product", "p", "--price", "USA=1", "--consent-rate", "most"], "--consent-rate"),
        (["what-if", "price-change", "--product", "p", "--price", "USA=1", "--consent-rate", "1", "--page-size", "0"], "--page-size"),
        (["what-if", "price-change", "--price", "USA=1", "--consent-rate", "1"], "--product"),
    ])
    func refusals(arguments: [String], flag: String) {
        #expect {
            try SubscriptionsCtl.parseAsRoot(arguments)
        } throws: { error in
            SubscriptionsCtl.message(for: error).contains(flag)
        }
    }

    static func page(_ storefronts: [Subscriptions_V1_StorefrontWhatIf], next: String) -> Subscriptions_V1_PriceChangeWhatIfReply {
        .with {
            $0.storefronts = storefronts
            $0.scanned = UInt32(storefronts.map(\.subscriptions).reduce(0, +))
            $0.nextCursor = next
            $0.asOf = Google_Protobuf_Timestamp(seconds: 1_893_456_000)
        }
    }

    @Test func pagesAddUpIntoTheTableAndTheJSON() throws {
        var totals = WhatIfTotals(storefronts: ["USA", "JPN"])
        totals.add(Self.page([
            .with {
                $0.storefront = "USA"
                $0.subscriptions = 3
                $0.consentRequired = 3
                $0.expiredPriceIncrease = 1
                $0.communications = 9
                $0.firstCommunication = Google_Protobuf_Timestamp(seconds: 1_893_456_000 + 86_400)
                $0.lastCommunication = Google_Protobuf_Timestamp(seconds: 1_893_456_000 + 3 * 86_400)
            },
        ], next: "2500000000000000"))
        totals.add(Self.page([
            .with {
                $0.storefront = "USA"
                $0.subscriptions = 2
                $0.consentRequired = 2
                $0.expiredPriceIncrease = 2
                $0.communications = 6
                $0.firstCommunication = Google_Protobuf_Timestamp(seconds: 1_893_456_000)
                $0.lastCommunication = Google_Protobuf_Timestamp(seconds: 1_893_456_000 + 86_400)
            },
            .with {
                $0.storefront = "JPN"
                $0.subscriptions = 4
                $0.withoutConsent = 4
            },
        ], next: ""))
        #expect(totals.scanned == 9 && totals.pages == 2)
        let table = totals.table()
        #expect(table.count == 4)
        #expect(table[0].hasPrefix("STOREFRONT  SUBSCRIPTIONS  NOT ELIGIBLE"))
        let usa = table[1].split(separator: " ", omittingEmptySubsequences: true)
        #expect(usa.prefix(11) == ["USA", "5", "0", "5", "0", "0", "0", "3", "0", "15", "2030-01-01T00:00:00Z"], "\(table[1])")
        #expect(usa[11] == "2030-01-04T00:00:00Z", "the last of both pages: \(table[1])")
        #expect(table[2].split(separator: " ").suffix(5) == ["0", "-", "-", "-", "-"], "no dates without messages: \(table[2])")
        #expect(table[3].split(separator: " ").prefix(5) == ["TOTAL", "9", "0", "5", "4"], "\(table[3])")
        let json = try totals.json(productId: "p", prices: [], consentRateBasisPoints: 8000)
        let parsed = try JSONSerialization.jsonObject(with: Data(json.utf8))
        let document = try #require(parsed as? [String: Any], "\(json)")
        let total = try #require(document["total"] as? [String: Any], "\(json)")
        #expect(total["communications"] as? Int == 15 && total["consentRequired"] as? Int == 5, "\(json)")
        #expect(total["expiredPriceIncrease"] as? Int == 3 && total["withoutConsent"] as? Int == 4, "\(json)")
        #expect(total["firstCommunication"] as? String == "2030-01-01T00:00:00Z", "\(json)")
        #expect(document["asOf"] as? String == "2030-01-01T00:00:00Z" && document["pages"] as? Int == 2, "\(json)")
    }

    @Test("the progress bar estimates from a hashed cursor's place in the evenly spread ids")
    func progressBarEstimatesFromTheCursor() {
        var bar = ProgressBar()
        let now: Int64 = 1_767_225_600_000
        #expect(bar.share(before: "2500000000000000", now: now) == 0.5)
        #expect(bar.share(before: "2000000000000000", now: now) == 0)
        #expect(bar.share(before: "AC-1", now: now) == nil && bar.share(before: "2500000000000000000", now: now) == nil)
        #expect(ProgressBar.render(share: 0.5, read: 200, width: 10) == "[#####.....]  50 %  200 read")
        #expect(ProgressBar.render(share: nil, read: 7) == "7 read")
    }

    @Test("from a time-ordered cursor the bar estimates the share of the time between the walk's first one and now")
    func progressBarOverTimeOrderedIds() {
        var bar = ProgressBar()
        let first: Int64 = 1_767_225_600_000  // 2026-01-01, the walk's first time-ordered cursor
        let now = first + 1_000_000
        #expect(bar.share(before: "3\(first)42", now: now) == 0)
        #expect(bar.share(before: "3\(first + 250_000)07", now: now) == 0.25)
        #expect(bar.share(before: "3\(first + 999_999)99", now: now) == 0.999999)
        // A subscription bought while the walk ran sorts after now: the bar stops at 100 %.
        #expect(bar.share(before: "3\(now + 5)00", now: now) == 1)
        // A clock standing still (every id in the millisecond of now): the count alone.
        var still = ProgressBar()
        #expect(still.share(before: "3\(now)00", now: now) == nil)
    }
}
