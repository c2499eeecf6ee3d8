import Testing

@testable import SubscriptionEngine

/// The price-change what-if (docs/what-if.md): its answer is what the real Change Subscription
/// Price and the clock then do, and it leaves the store as it was.
@Suite struct WhatIfTests {
    static let product = "news.basic.monthly"
    static let prices = [
        WhatIfPrice(storefront: "USA", price: 9990),  // 2990 → 9990: over 50 % and over USD 5, consent
        WhatIfPrice(storefront: "JPN", price: 900_000),  // JPY 450 → 900: USD 3 more, no consent
        WhatIfPrice(storefront: "GBR", price: 4990),  // nobody there
    ]

    /// 12 + 3 in the USA (two with auto-renew off), 6 in Japan, one of another product; now 2026-01-20.
    static func population() throws -> (harness: Harness, ids: [String]) {
        var harness = try Harness()
        var ids: [String] = []
        for index in 0..<12 { ids.append(try harness.purchase(product, customer: "us-\(index)")) }
        for index in 0..<6 { ids.append(try harness.purchase(product, customer: "jp-\(index)", storefront: "JPN")) }
        _ = try harness.purchase("sports.monthly", customer: "other")
        for index in 0..<2 {
            try harness.ok(.setAutoRenew(SetAutoRenewRequest(originalTransactionId: ids[index], enable: false)))
        }
        _ = try harness.advance(to: .utc(2026, 1, 20))
        for index in 0..<3 { ids.append(try harness.purchase(product, customer: "late-\(index)")) }
        return (harness, ids)
    }

    static func request(rate: Int, cursor: String = "", limit: Int = 1000) throws -> PriceChangeWhatIfRequest {
        PriceChangeWhatIfRequest(
            productId: product, prices: prices, consent: try #require(ConsentAssumption(basisPoints: rate)), cursor: cursor,
            limit: limit)
    }

    @Test("R-WIF-1 a what-if leaves the store as it was: same aggregates, same timers, same future")
    func changesNothing() throws {
        var (harness, _) = try Self.population()
        let before = harness.store.subscriptions
        let due = try harness.store.earliestSubscriptionDueTime()
        let page = try harness.engine.priceChangeWhatIf(try Self.request(rate: 5000), at: harness.now, store: harness.store)
        #expect(page.storefronts[0].consentRequired > 0, "the what-if did schedule changes on its scratch timeline")
        #expect(harness.store.subscriptions == before)
        #expect(try harness.store.earliestSubscriptionDueTime() == due)
        let later = try harness.advance(to: .utc(2026, 4, 1))
        #expect(!later.contains { $0.notificationType == .priceIncrease || $0.notificationType == .subscriberCommunication })
    }

    @Test(
        "R-WIF-2 R-WIF-3 per storefront the what-if counts what the real price change and the clock then do: consent, messages and their dates, expiries",
        arguments: [0, 5000, 10_000])
    func matchesTheRealChange(rate: Int) throws {
        var (harness, ids) = try Self.population()
        let consent = try #require(ConsentAssumption(basisPoints: rate))
        let page = try harness.engine.priceChangeWhatIf(try Self.request(rate: rate), at: harness.now, store: harness.store)
        #expect(page.scanned == ids.count && page.nextCursor == nil)

        // The real thing: the change on every subscription, then the clock day by day to the last
        // renewal it applies at, the assumed subscribers consenting on the day they are asked.
        var real = Self.prices.map { StorefrontWhatIf(storefront: $0.storefront) }
        var effective: [String: Timestamp] = [:]
        for id in ids {
            let subscription = try harness.subscription(id)
            let index = try #require(real.firstIndex { $0.storefront == subscription.storefront })
            real[index].subscriptions += 1
            let price = Self.prices[index].price
            let outcome = try harness.run(.changePrice(ChangePriceRequest(
                transactionId: id, requestInfo: RequestInfo(requestReferenceId: "real-\(id)"),
                items: [PriceChangeItem(sku: Self.product, price: price)])))
            guard outcome.reply.rejection == nil else {
                real[index].notEligible += 1
                continue
            }
            let change = try #require(try harness.subscription(id).priceChanges.last)
            effective[id] = change.effectiveDate
            if change.kind == .decrease { real[index].decreases += 1 } else if change.consentRequired {
                real[index].consentRequired += 1
                if consent.consents(id) { real[index].assumedConsents += 1 }
            } else {
                real[index].withoutConsent += 1
            }
        }
        let last = try #require(effective.values.max())
        var day = harness.now
        var events: [EngineEvent] = []
        while day < last {
            day = min(try day.adding(days: 1), last)
            let fired = try harness.advance(to: day)
            events += fired
            for event in fired {
                guard let message = event.communication, message.kind == .consentRequest, consent.consents(event.subscriptionId)
                else { continue }
                try harness.ok(.respondToPriceIncrease(RespondToPriceIncreaseRequest(
                    originalTransactionId: event.subscriptionId, priceChangeIds: message.priceChangeIds, response: .consent)))
            }
        }
        for event in events {
            let subscription = try harness.subscription(event.subscriptionId)
            guard let index = real.firstIndex(where: { $0.storefront == subscription.storefront }),
                let date = effective[event.subscriptionId], event.signedDate <= date
            else { continue }
            if event.communication != nil {
                real[index].communications += 1
                real[index].firstCommunication = min(real[index].firstCommunication ?? event.signedDate, event.signedDate)
                real[index].lastCommunication = max(real[index].lastCommunication ?? event.signedDate, event.signedDate)
            }
            if event.notificationType == .expired && event.subtype == .priceIncrease { real[index].expiredPriceIncrease += 1 }
        }
        for (id, date) in effective {
            let subscription = try harness.subscription(id)
            let index = try #require(real.firstIndex { $0.storefront == subscription.storefront })
            real[index].firstEffectiveDate = min(real[index].firstEffectiveDate ?? date, date)
            real[index].lastEffectiveDate = max(real[index].lastEffectiveDate ?? date, date)
            if subscription.priceChanges.last?.status == .applied { real[index].renewedAtNewPrice += 1 }
        }

        #expect(page.storefronts == real)
        let usa = page.storefronts[0]
        #expect(usa.subscriptions == 15 && usa.notEligible == 2 && usa.consentRequired == 13)
        #expect(usa.expiredPriceIncrease == 13 - usa.assumedConsents && usa.renewedAtNewPrice == usa.assumedConsents)
        #expect(usa.firstEffectiveDate == .utc(2026, 2, 20) && usa.lastEffectiveDate == .utc(2026, 3, 1))
        #expect(usa.firstCommunication == .utc(2026, 1, 24))
        let japan = page.storefronts[1]
        #expect(japan.withoutConsent == 6 && japan.renewedAtNewPrice == 6 && japan.expiredPriceIncrease == 0)
        #expect(page.storefronts[2] == StorefrontWhatIf(storefront: "GBR"))
    }

    @Test("R-WIF-4 who consents is a stable hash of the originalTransactionId: repeatable, none at 0, all at 100 %, about the rate in between")
    func consentAssumption() throws {
        let ids = (0..<10_000).map { String(2_000_000_000_000_000_000 as UInt64 + UInt64($0) * 7_919_000_000_000) }
        let none = try #require(ConsentAssumption(basisPoints: 0))
        let all = try #require(ConsentAssumption(basisPoints: 10_000))
        let most = try #require(ConsentAssumption(basisPoints: 8000))
        #expect(ids.allSatisfy { !none.consents($0) && all.consents($0) })
        let share = ids.filter(most.consents).count
        #expect((7800...8200).contains(share), "\(share) of 10 000 consent at 80 %")
        #expect(ids.map(most.consents) == ids.map(most.consents))
        let fewer = try #require(ConsentAssumption(basisPoints: 5000))
        #expect(ids.allSatisfy { !fewer.consents($0) || most.consents($0) }, "a higher rate keeps everyone a lower rate lets consent")
        #expect(ConsentAssumption(basisPoints: 10_001) == nil && ConsentAssumption(basisPoints: -1) == nil)
    }

    @Test("R-WIF-5 pages read at most the limit, the cursor walks them all once, and the pages add up to one big page")
    func paging() throws {
        let (harness, ids) = try Self.population()
        var cursor = ""
        var pages: [PriceChangeWhatIfPage] = []
        repeat {
            let page = try harness.engine.priceChangeWhatIf(
                try Self.request(rate: 5000, cursor: cursor, limit: 4), at: harness.now, store: harness.store)
            #expect(page.scanned <= 4)
            pages.append(page)
            cursor = page.nextCursor ?? ""
        } while !cursor.isEmpty
        #expect(pages.count == (ids.count + 3) / 4)
        #expect(pages.map(\.scanned).reduce(0, +) == ids.count)
        let whole = try harness.engine.priceChangeWhatIf(try Self.request(rate: 5000), at: harness.now, store: harness.store)
        for index in Self.prices.indices {
            #expect(pages.map { $0.storefronts[index].subscriptions }.reduce(0, +) == whole.storefronts[index].subscriptions)
            #expect(pages.map { $0.storefronts[index].expiredPriceIncrease }.reduce(0, +) == whole.storefronts[index].expiredPriceIncrease)
            #expect(pages.map { $0.storefronts[index].communications }.reduce(0, +) == whole.storefronts[index].communications)
        }
    }

    @Test("R-WIF-5 a bad request is refused naming the field", arguments: [
        ("productId", ""), ("productId", "no.such.product"), ("prices", "none"), ("prices[1].storefront", "US"),
        ("prices[1].storefront", "twice"), ("prices[0].price", "zero"), ("limit", "0"), ("limit", "1001"), ("cursor", "long"),
    ])
    func refusals(field: String, case value: String) throws {
        let (harness, _) = try Self.population()
        var request = try Self.request(rate: 5000)
        switch (field, value) {
        case ("productId", _): request.productId = value
        case ("prices", _): request.prices = []
        case (_, "US"): request.prices[1].storefront = "US"
        case (_, "twice"): request.prices[1].storefront = "USA"
        case (_, "zero"): request.prices[0].price = .zero
        case ("limit", _): request.limit = Int(value) ?? 0
        default: request.cursor = String(repeating: "2", count: 129)
        }
        #expect(throws: EngineRejection.self) {
            try harness.engine.priceChangeWhatIf(request, at: harness.now, store: harness.store)
        }
        do {
            _ = try harness.engine.priceChangeWhatIf(request, at: harness.now, store: harness.store)
        } catch let rejection as EngineRejection {
            #expect(rejection.field == field, "\(rejection)")
        }
    }
}
