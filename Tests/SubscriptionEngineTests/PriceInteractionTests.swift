import Testing

@testable import SubscriptionEngine

/// Price increases meeting modify, reactivate, metadata and migrate (R-PRC-9..14).
@Suite struct PriceInteractionTests {
    /// A bundle with a consent-required increase on LIVE_SPORTS (9990 → 19990), effective
    /// 2026-02-01, communicated 2026-01-05 when `communicated`.
    static func increased(communicated: Bool) throws -> (Harness, String, String) {
        var harness = try Harness()
        let id = try harness.createBundle([("NEWS_BASIC", 4990), ("LIVE_SPORTS", 9990)])
        harness.now = .utc(2026, 1, 2)
        let ids = try harness.changePrice(id, [PriceChangeItem(sku: "LIVE_SPORTS", price: 19990)], reference: "inc")
        try harness.advance(to: communicated ? .utc(2026, 1, 6) : .utc(2026, 1, 3))
        return (harness, id, ids.first ?? "")
    }

    static func change(_ id: String, reference: String, retain: Bool, from current: String, to sku: String, price: Int64, offer: AdvancedCommerceOffer? = nil) -> EngineCommand {
        ModifyTests.modify(id, reference: reference, retain: retain, change: [
            ModifyChangeItem(currentSKU: current, item: AdvancedCommerceItem(sku: sku, price: Milliunits(price), offer: offer), effective: .immediately, reason: offer == nil ? .upgrade : .applyOffer),
        ])
    }

    static let addPodcasts = [ModifyAddItem(item: AdvancedCommerceItem(sku: "PODCASTS", price: 1990))]

    @Test("R-PRC-9 retain cycle, communicated and pending: the higher price is shown and consent is still required")
    func retainPending() throws {
        var (harness, id, _) = try Self.increased(communicated: true)
        let outcome = try harness.ok(ModifyTests.modify(id, reference: "add", add: Self.addPodcasts))
        let renewal = try #require(outcome.events.last?.data?.renewalInfo.advancedCommerceInfo)
        #expect(renewal.items.first { $0.sku == "LIVE_SPORTS" }?.price == 19990)
        #expect(renewal.items.first { $0.sku == "LIVE_SPORTS" }?.priceIncreaseInfo?.status == .pending)
        try harness.advance(to: .utc(2026, 2, 1))
        #expect(try harness.subscription(id).items.map(\.sku) == ["NEWS_BASIC", "PODCASTS"])
    }

    @Test("R-PRC-9 retain cycle: consented → higher price; declined → not renewed; changed SKU → increase void", arguments: ["consent", "decline", "otherSKU"])
    func retainOutcomes(_ path: String) throws {
        var (harness, id, _) = try Self.increased(communicated: true)
        switch path {
        case "consent":
            try harness.ok(.respondToPriceIncrease(RespondToPriceIncreaseRequest(originalTransactionId: id, response: .consent)))
            try harness.ok(ModifyTests.modify(id, reference: "add", add: Self.addPodcasts))
        case "decline":
            try harness.ok(.respondToPriceIncrease(RespondToPriceIncreaseRequest(originalTransactionId: id, response: .decline)))
            try harness.ok(ModifyTests.modify(id, reference: "add", add: Self.addPodcasts))
        default:
            try harness.ok(Self.change(id, reference: "chg", retain: true, from: "LIVE_SPORTS", to: "NEWS_CHANNELS", price: 12990))
        }
        try harness.advance(to: .utc(2026, 2, 1))
        let subscription = try harness.subscription(id)
        switch path {
        case "consent": #expect(subscription.latestTransaction?.price == Milliunits(4990 + 19990 + 1990))
        case "decline": #expect(subscription.items.map(\.sku) == ["NEWS_BASIC", "PODCASTS"])
        default:
            #expect(subscription.latestTransaction?.price == Milliunits(4990 + 12990))
            #expect(subscription.priceChanges.first?.status == .invalidated)
        }
    }

    @Test("R-PRC-9 an offer on an item under increase moves the increase after the offer period")
    func offerDefersIncrease() throws {
        var (harness, id, _) = try Self.increased(communicated: false)
        let offer = AdvancedCommerceOffer(period: "P1M", periodCount: 2, price: 4990, reason: .retention)
        try harness.ok(Self.change(id, reference: "offer", retain: true, from: "LIVE_SPORTS", to: "LIVE_SPORTS", price: 19990, offer: offer))
        let change = try #require(try harness.subscription(id).priceChanges.first)
        #expect(change.effectiveDate == .utc(2026, 3, 1))
        #expect(change.isOpen)
    }

    @Test("R-PRC-10 reset cycle: uncommunicated increase void; communicated applies only when sent with the higher price; other SKU void", arguments: [
        (false, "LIVE_SPORTS", Int64(9990), PriceChange.Status.invalidated),
        (true, "LIVE_SPORTS", Int64(19990), PriceChange.Status.applied),
        (true, "LIVE_SPORTS", Int64(9990), PriceChange.Status.invalidated),
        (true, "NEWS_CHANNELS", Int64(19990), PriceChange.Status.invalidated),
    ])
    func resetCycle(communicated: Bool, sku: String, price: Int64, status: PriceChange.Status) throws {
        var (harness, id, _) = try Self.increased(communicated: communicated)
        if communicated {
            try harness.ok(.respondToPriceIncrease(RespondToPriceIncreaseRequest(originalTransactionId: id, response: .consent)))
        }
        try harness.ok(Self.change(id, reference: "reset", retain: false, from: "LIVE_SPORTS", to: sku, price: price))
        let subscription = try harness.subscription(id)
        #expect(subscription.priceChanges.first?.status == status)
        #expect(subscription.latestTransaction?.price == Milliunits(4990 + price))
    }

    @Test("R-PRC-11 reactivation: communicated → named items take the higher price, unnamed do not")
    func reactivateCommunicated() throws {
        var harness = try Harness()
        let id = try harness.createBundle([("NEWS_BASIC", 4990), ("LIVE_SPORTS", 9990)])
        harness.now = .utc(2026, 1, 2)
        try harness.changePrice(id, [PriceChangeItem(sku: "NEWS_BASIC", price: 10990), PriceChangeItem(sku: "LIVE_SPORTS", price: 19990)], reference: "inc")
        try harness.advance(to: .utc(2026, 1, 6))
        try harness.ok(.cancelSubscription(CancelSubscriptionRequest(transactionId: id, requestInfo: RequestInfo(requestReferenceId: "c"))))
        try harness.ok(.reactivateSubscription(ReactivateSubscriptionRequest(requestInfo: RequestInfo(requestReferenceId: "r"), transactionId: id, items: ["LIVE_SPORTS"])))
        #expect(Harness.kinds(harness.events).last == "DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_ENABLED")
        try harness.advance(to: .utc(2026, 2, 1))
        let subscription = try harness.subscription(id)
        #expect(subscription.items.map(\.sku) == ["LIVE_SPORTS"])
        #expect(subscription.latestTransaction?.price == 19990)
    }

    @Test("R-PRC-11 reactivation: not communicated → communications scheduled for the next eligible date")
    func reactivateUncommunicated() throws {
        var (harness, id, _) = try Self.increased(communicated: false)
        try harness.ok(.cancelSubscription(CancelSubscriptionRequest(transactionId: id, requestInfo: RequestInfo(requestReferenceId: "c"))))
        harness.now = .utc(2026, 1, 10)
        try harness.ok(.reactivateSubscription(ReactivateSubscriptionRequest(requestInfo: RequestInfo(requestReferenceId: "r"), transactionId: id)))
        let change = try #require(try harness.subscription(id).priceChanges.first)
        #expect(change.effectiveDate == .utc(2026, 3, 1))
        #expect(change.communicationDate == .utc(2026, 2, 2))
    }

    @Test("R-PRC-12 a metadata-only rename keeps the increase")
    func metadataKeeps() throws {
        var (harness, id, _) = try Self.increased(communicated: true)
        try harness.ok(.respondToPriceIncrease(RespondToPriceIncreaseRequest(originalTransactionId: id, response: .consent)))
        try harness.ok(.changeMetadata(ChangeMetadataRequest(transactionId: id, requestInfo: RequestInfo(requestReferenceId: "meta"), items: [MetadataItem(currentSKU: "LIVE_SPORTS", sku: "NEWS_CHANNELS")])))
        #expect(Harness.kinds(harness.events).last == "METADATA_UPDATE/-")
        try harness.advance(to: .utc(2026, 2, 1))
        #expect(try harness.subscription(id).latestTransaction?.price == Milliunits(4990 + 19990))
    }

    @Test("R-PRC-13 migration refused once an increase was communicated; an uncommunicated one migrates with it")
    func migration() throws {
        for communicated in [true, false] {
            var harness = try Harness()
            let id = try harness.purchase("news.basic.monthly")
            harness.now = .utc(2026, 1, 2)
            try harness.changePrice(id, [PriceChangeItem(sku: "news.basic.monthly", price: 3490)], reference: "inc")
            try harness.advance(to: communicated ? .utc(2026, 1, 6) : .utc(2026, 1, 3))
            let command = EngineCommand.migrateSubscription(MigrateSubscriptionRequest(transactionId: id, requestInfo: RequestInfo(requestReferenceId: "mig"), descriptors: SubscriptionDescriptors(displayName: "News", description: "News"), items: [AdvancedCommerceItem(sku: "NEWS_BASIC", price: 0)], targetProductId: "com.example.bundle"))
            if communicated {
                #expect(try harness.rejected(command)?.appleErrorCode == 4030027)
            } else {
                try harness.ok(command)
                #expect(Harness.kinds(harness.events).last == "MIGRATION/-")
                try harness.advance(to: .utc(2026, 2, 1))
                let subscription = try harness.subscription(id)
                #expect(subscription.kind == .advancedCommerce)
                #expect(subscription.latestTransaction?.price == 3490)
            }
        }
    }

    @Test("R-PRC-14 adding or removing items during the increase window renews at the increased price")
    func windowChanges() throws {
        var (harness, id, _) = try Self.increased(communicated: true)
        try harness.ok(.respondToPriceIncrease(RespondToPriceIncreaseRequest(originalTransactionId: id, response: .consent)))
        try harness.ok(ModifyTests.modify(id, reference: "add", add: Self.addPodcasts, remove: ["NEWS_BASIC"]))
        try harness.advance(to: .utc(2026, 2, 1))
        #expect(try harness.subscription(id).latestTransaction?.price == Milliunits(19990 + 1990))
    }
}
