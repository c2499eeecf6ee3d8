import AppleErrorCatalog
import Testing

@testable import SubscriptionEngine

@Suite struct PriceChangeTests {
    @Test("R-PRC-1 a price change targets one item, starts SCHEDULED, emits PRICE_CHANGE")
    func scheduled() throws {
        var harness = try Harness()
        let id = try harness.createBundle([("NEWS_BASIC", 4990), ("LIVE_SPORTS", 9990)])
        let ids = try harness.changePrice(id, [PriceChangeItem(sku: "LIVE_SPORTS", price: 10990)], reference: "p1")
        #expect(ids.count == 1)
        let event = try #require(harness.events.last)
        #expect(event.notificationType == .priceChange)
        let item = try #require(event.data?.renewalInfo.advancedCommerceInfo?.items.first { $0.sku == "LIVE_SPORTS" })
        #expect(item.priceIncreaseInfo?.status == .scheduled)
        #expect(item.priceIncreaseInfo?.price == 10990)
        #expect(event.data?.renewalInfo.advancedCommerceInfo?.items.first { $0.sku == "NEWS_BASIC" }?.priceIncreaseInfo == nil)
    }

    @Test("R-PRC-2 refused in India, with auto-renew off, in grace or retry, during an offer, for dependent chains; each with its own code", arguments: [
        ("india", AppleError.acaPriceIncreaseIsNotCurrentlySupportedInIndia),
        ("autoRenewOff", .priceChangeAutoRenewOff), ("grace", .priceChangeInGracePeriod),
        ("billingRetry", .priceChangeInBillingRetry), ("offer", .priceChangeInOfferPeriod),
        ("expired", .subscriptionNotEligible), ("chain", .dependentSKUsCannotBeChained),
        ("sharedDependent", .dependentSKUsCannotBeShared), ("unknownSKU", .invalidSKUProvidedMustBeCurrentSKUSetToRenew),
    ])
    func refusals(_ situation: String, expected: AppleError) throws {
        var harness = try Harness()
        var id = ""
        var items = [PriceChangeItem(sku: "sports.monthly", price: 8990)]
        switch situation {
        case "india":
            id = try harness.purchase("news.premium.monthly", storefront: "IND")
            try harness.advance(to: .utc(2026, 2, 2))
            items = [PriceChangeItem(sku: "news.premium.monthly", price: 599000)]
        case "autoRenewOff":
            id = try harness.purchase("news.basic.monthly")
            try harness.ok(.setAutoRenew(SetAutoRenewRequest(originalTransactionId: id, enable: false)))
            items = [PriceChangeItem(sku: "news.basic.monthly", price: 3990)]
        case "grace":
            id = try harness.purchase("news.basic.monthly")
            try harness.ok(.reportBillingOutcome(ReportBillingOutcomeRequest(originalTransactionId: id, outcome: .chargeFailed)))
            try harness.advance(to: .utc(2026, 2, 2))
            items = [PriceChangeItem(sku: "news.basic.monthly", price: 3990)]
        case "billingRetry":
            id = try harness.purchase("news.basic.monthly")
            try harness.ok(.reportBillingOutcome(ReportBillingOutcomeRequest(originalTransactionId: id, outcome: .chargeFailed)))
            try harness.advance(to: .utc(2026, 2, 20))  // the 16 days of grace are over, retry goes on
            items = [PriceChangeItem(sku: "news.basic.monthly", price: 3990)]
        case "expired":
            id = try harness.purchase("news.basic.monthly")
            try harness.ok(.setAutoRenew(SetAutoRenewRequest(originalTransactionId: id, enable: false)))
            try harness.advance(to: .utc(2026, 2, 2))
            items = [PriceChangeItem(sku: "news.basic.monthly", price: 3990)]
        case "offer":
            id = try harness.purchase("sports.monthly")
        case "chain":
            id = try harness.createBundle([("NEWS_BASIC", 4990), ("LIVE_SPORTS", 9990), ("PODCASTS", 1990)])
            items = [
                PriceChangeItem(sku: "NEWS_BASIC", price: 5990, dependentSKUs: ["LIVE_SPORTS"]),
                PriceChangeItem(sku: "LIVE_SPORTS", price: 10990, dependentSKUs: ["PODCASTS"]),
            ]
        case "sharedDependent":
            id = try harness.createBundle([("NEWS_BASIC", 4990), ("LIVE_SPORTS", 9990), ("PODCASTS", 1990)])
            items = [
                PriceChangeItem(sku: "NEWS_BASIC", price: 5990, dependentSKUs: ["PODCASTS"]),
                PriceChangeItem(sku: "LIVE_SPORTS", price: 10990, dependentSKUs: ["PODCASTS"]),
            ]
        default:
            id = try harness.createBundle([("NEWS_BASIC", 4990)])
            items = [PriceChangeItem(sku: "PODCASTS", price: 5990)]
        }
        let rejection = try harness.rejected(.changePrice(ChangePriceRequest(transactionId: id, requestInfo: RequestInfo(requestReferenceId: "x"), items: items)))
        #expect(rejection?.catalogError == expected, "\(String(describing: rejection))")
        #expect(rejection?.appleErrorName == expected.name)
        // Plain words: no internal state names in what the caller reads.
        for internalName in ["gracePeriod", "billingRetry", "autoRenewStatus", "inApp", "advancedCommerce"] {
            #expect(rejection?.message.contains(internalName) == false, "\(String(describing: rejection?.message))")
        }
        #expect(try harness.subscription(id).priceChanges.isEmpty)
    }

    @Test("R-PRC-2 a request's field errors name the item: a SKU twice, a price not above zero, an item of one")
    func itemFieldErrors() throws {
        var harness = try Harness()
        let id = try harness.createBundle([("NEWS_BASIC", 4990), ("LIVE_SPORTS", 9990)])
        let twice = try harness.rejected(.changePrice(ChangePriceRequest(
            transactionId: id, requestInfo: RequestInfo(requestReferenceId: "twice"),
            items: [PriceChangeItem(sku: "NEWS_BASIC", price: 5990), PriceChangeItem(sku: "NEWS_BASIC", price: 6990)])))
        #expect(twice?.catalogError == .itemCannotBeSpecifiedMultipleTimes)
        #expect(twice?.field == "items[1].SKU")
        let free = try harness.rejected(.changePrice(ChangePriceRequest(
            transactionId: id, requestInfo: RequestInfo(requestReferenceId: "free"),
            items: [PriceChangeItem(sku: "LIVE_SPORTS", price: .zero)])))
        #expect(free?.catalogError == .negativePrice)
        #expect(free?.field == "items[0].price")
        #expect(try harness.subscription(id).priceChanges.isEmpty)
    }

    @Test("R-PRC-2 a dependent SKU may have its own increase")
    func dependentWithOwnIncrease() throws {
        var harness = try Harness()
        let id = try harness.createBundle([("NEWS_BASIC", 4990), ("LIVE_SPORTS", 9990)])
        let ids = try harness.changePrice(id, [
            PriceChangeItem(sku: "NEWS_BASIC", price: 5990, dependentSKUs: ["LIVE_SPORTS"]),
            PriceChangeItem(sku: "LIVE_SPORTS", price: 10990),
        ], reference: "p")
        #expect(ids.count == 2)
    }

    @Test("R-PRC-5 decline → the item and its dependent SKUs expire at the end of the period, the rest renews")
    func declineExpiresDependents() throws {
        var harness = try Harness()
        let id = try harness.createBundle([("NEWS_BASIC", 4990), ("LIVE_SPORTS", 9990), ("PODCASTS", 1990)])
        harness.now = .utc(2026, 1, 2)
        try harness.changePrice(id, [PriceChangeItem(sku: "LIVE_SPORTS", price: 19990, dependentSKUs: ["PODCASTS"])], reference: "p")
        try harness.advance(to: .utc(2026, 1, 6))
        #expect(Harness.kinds(harness.events).contains("PRICE_INCREASE/PENDING"))
        try harness.ok(.respondToPriceIncrease(RespondToPriceIncreaseRequest(originalTransactionId: id, response: .decline)))
        #expect(Harness.kinds(harness.events).last == "DID_CHANGE_RENEWAL_PREF/-")
        try harness.advance(to: .utc(2026, 2, 1))
        let subscription = try harness.subscription(id)
        #expect(subscription.items.map(\.sku) == ["NEWS_BASIC"])
        #expect(subscription.latestTransaction?.price == 4990)
        #expect(Harness.kinds(harness.events).last == "DID_RENEW/-")
    }

    @Test("R-PRC-5 consent → ACCEPTED, PRICE_INCREASE/ACCEPTED, the renewal charges the new price")
    func consentCharges() throws {
        var harness = try Harness()
        let id = try harness.purchase("news.basic.monthly")
        try harness.changePrice(id, [PriceChangeItem(sku: "news.basic.monthly", price: 9990)], reference: "p")
        try harness.advance(to: .utc(2026, 1, 6))
        try harness.ok(.respondToPriceIncrease(RespondToPriceIncreaseRequest(originalTransactionId: id, response: .consent)))
        #expect(Harness.kinds(harness.events).last == "PRICE_INCREASE/ACCEPTED")
        #expect(harness.events.last?.data?.renewalInfo.priceIncreaseStatus == .accepted)
        try harness.advance(to: .utc(2026, 2, 1))
        #expect(try harness.subscription(id).latestTransaction?.price == 9990)
    }

    @Test("R-PRC-6 no-consent increase: notice by email and sheet, push only when the sheet was not acknowledged; one per channel for a bundle")
    func noticePath() throws {
        for acknowledge in [false, true] {
            var harness = try Harness()
            let id = try harness.createBundle([("NEWS_BASIC", 4990), ("LIVE_SPORTS", 9990)])
            harness.now = .utc(2026, 1, 2)
            let ids = try harness.changePrice(id, [PriceChangeItem(sku: "NEWS_BASIC", price: 5490), PriceChangeItem(sku: "LIVE_SPORTS", price: 10990)], reference: "p")
            var fired = try harness.advance(to: .utc(2026, 1, 6))
            #expect(Harness.kinds(fired) == ["PRICE_INCREASE/ACCEPTED", "SUBSCRIBER_COMMUNICATION/NOTICE", "SUBSCRIBER_COMMUNICATION/NOTICE"])
            #expect(fired.compactMap(\.communication).map(\.channel) == [.email, .priceIncreaseSheet])
            #expect(fired.compactMap(\.communication).allSatisfy { $0.priceChangeIds == ids && !$0.consentRequired })
            if acknowledge {
                try harness.ok(.respondToPriceIncrease(RespondToPriceIncreaseRequest(originalTransactionId: id, response: .sheetAcknowledged)))
            }
            fired = try harness.advance(to: .utc(2026, 2, 1))
            let pushes = fired.compactMap(\.communication).filter { $0.channel == .push }
            #expect(pushes.count == (acknowledge ? 0 : 1))
            #expect(Harness.kinds(fired).last == "DID_RENEW/-")
            #expect(try harness.subscription(id).latestTransaction?.price == 16480)
        }
    }

    @Test("R-PRC-7 decrease: PRICE_CHANGE, no consent, no lead; the next renewal charges less")
    func decrease() throws {
        var harness = try Harness()
        let id = try harness.purchase("news.basic.monthly")
        harness.now = .utc(2026, 1, 31)
        try harness.changePrice(id, [PriceChangeItem(sku: "news.basic.monthly", price: 1990)], reference: "p")
        let fired = try harness.advance(to: .utc(2026, 2, 1))
        #expect(Harness.kinds(fired) == ["DID_RENEW/-"])
        #expect(fired.first?.data?.transactionInfo?.price == 1990)
        #expect(harness.events.allSatisfy { $0.notificationType != .subscriberCommunication })
    }

    @Test("R-PRC-8 South Korea trial conversion: consent asked in the 30 days before the payment date, not on it")
    func koreaWindow() throws {
        var harness = try Harness(start: .utc(2026, 3, 1)) { catalog in
            if let index = catalog.products.firstIndex(where: { $0.productId == "news.premium.monthly" }) {
                catalog.products[index].introductoryOffer = IntroductoryOffer(type: .freeTrial, period: .twoMonths, periodCount: 1)
            }
        }
        let id = try harness.purchase("news.premium.monthly", storefront: "KOR")
        #expect(try harness.subscription(id).expiresDate == .utc(2026, 5, 1))
        try harness.advance(to: .utc(2026, 5, 2))
        let communications = harness.events.filter { $0.notificationType == .subscriberCommunication }
        let dates = Set(communications.map(\.signedDate))
        #expect(dates.min() == .utc(2026, 4, 1))
        #expect(dates.allSatisfy { $0 >= .utc(2026, 4, 1) && $0 < .utc(2026, 5, 1) })
        #expect(Harness.kinds(harness.events).last == "EXPIRED/PRICE_INCREASE")
        #expect(harness.events.last?.data?.renewalInfo.expirationIntent == .priceIncreaseNotConsented)
    }

    @Test("R-PRC-8 South Korea conversion with consent renews at the regular price")
    func koreaConsent() throws {
        var harness = try Harness(start: .utc(2026, 3, 1))
        let id = try harness.purchase("news.premium.monthly", storefront: "KOR")
        try harness.advance(to: .utc(2026, 3, 10))
        try harness.ok(.respondToPriceIncrease(RespondToPriceIncreaseRequest(originalTransactionId: id, response: .consent)))
        try harness.advance(to: .utc(2026, 4, 1))
        #expect(try harness.subscription(id).latestTransaction?.price == 14_900_000)
    }
}
