import Testing

@testable import SubscriptionEngine

@Suite struct PurchaseTests {
    @Test("R-GRP-1 first purchase in a group is SUBSCRIBED/INITIAL_BUY; another product of the group is a switch")
    func oneSubscriptionPerGroup() throws {
        var harness = try Harness()
        let id = try harness.purchase("news.premium.monthly")
        #expect(Harness.kinds(harness.events) == ["SUBSCRIBED/INITIAL_BUY"])
        let again = try harness.purchase("news.standard.monthly")
        #expect(again == id)
        #expect(Harness.kinds(harness.events).last == "DID_CHANGE_RENEWAL_PREF/DOWNGRADE")
        #expect(try harness.store.subscriptionIds(customerId: "alice", groupId: "news") == [id])
        let sports = try harness.purchase("sports.monthly")
        #expect(sports != id)
        _ = try harness.purchase("news.premium.monthly")
        #expect(Harness.kinds(harness.events).last == "DID_CHANGE_RENEWAL_PREF/-")
        let same = try harness.rejected(.purchase(PurchaseRequest(customerId: "alice", productId: "news.premium.monthly", storefront: "USA")))
        #expect(same?.code == .alreadyExists)
    }

    @Test("R-GRP-1 buying again after a lapse is SUBSCRIBED/RESUBSCRIBE on the same subscription")
    func resubscribe() throws {
        var harness = try Harness()
        let id = try harness.purchase("news.basic.monthly")
        try harness.ok(.setAutoRenew(SetAutoRenewRequest(originalTransactionId: id, enable: false)))
        try harness.advance(to: .utc(2026, 3, 1))
        #expect(try harness.subscription(id).state == .expired)
        let again = try harness.purchase("news.premium.monthly")
        #expect(again == id)
        #expect(Harness.kinds(harness.events).last == "SUBSCRIBED/RESUBSCRIBE")
        #expect(try harness.subscription(id).state == .active)
    }

    @Test("R-GRP-1 a lapsed customer resubscribing with a win-back offer: SUBSCRIBED/RESUBSCRIBE with the offer in the transaction")
    func resubscribeWithOffer() throws {
        var harness = try Harness()
        let winBack = PurchaseOffer(offerType: .winBack, offerIdentifier: "comeback")
        #expect(try harness.rejected(.purchase(PurchaseRequest(customerId: "alice", productId: "news.basic.monthly", storefront: "USA", offer: winBack)))?.field == "offer.offerIdentifier")
        let id = try harness.purchase("news.basic.monthly")
        try harness.ok(.setAutoRenew(SetAutoRenewRequest(originalTransactionId: id, enable: false)))
        try harness.advance(to: .utc(2026, 3, 1))
        _ = try harness.purchase("news.basic.monthly", offer: winBack)
        let event = try #require(harness.events.last)
        #expect(event.subtype == .resubscribe)
        #expect(event.data?.transactionInfo?.offerType == .winBack)
        #expect(event.data?.transactionInfo?.offerIdentifier == "comeback")
        #expect(event.data?.transactionInfo?.price == 990)
        try harness.advance(to: .utc(2026, 5, 1))
        #expect(try harness.transactions(id).map(\.price).suffix(3) == [990, 990, 2990])
    }

    @Test("R-INT-1 intro offer only when never redeemed in the group; lapsed redeemers pay the regular price")
    func introEligibility() throws {
        var harness = try Harness()
        let id = try harness.purchase("news.premium.monthly", offer: PurchaseOffer(offerType: .introductory))
        var tx = try #require(try harness.subscription(id).latestTransaction)
        #expect(tx.offerDiscountType == .freeTrial)
        #expect(tx.price == .zero)
        try harness.ok(.setAutoRenew(SetAutoRenewRequest(originalTransactionId: id, enable: false)))
        try harness.advance(to: .utc(2026, 3, 1))
        _ = try harness.purchase("news.standard.monthly", offer: PurchaseOffer(offerType: .introductory))
        tx = try #require(try harness.subscription(id).latestTransaction)
        #expect(tx.offerType == nil)
        #expect(tx.price == 4990)
        // A lapsed customer who never redeemed one is eligible.
        let bob = try harness.purchase("sports.monthly", customer: "bob")
        #expect(try harness.subscription(bob).latestTransaction?.offerDiscountType == .freeTrial)
    }

    @Test("R-INT-1 policy switch: only never-subscribed customers are eligible")
    func introNeverSubscribedPolicy() throws {
        var harness = try Harness { $0.policy.introOfferEligibility = .neverSubscribedInGroup }
        let id = try harness.purchase("news.basic.monthly")
        try harness.ok(.setAutoRenew(SetAutoRenewRequest(originalTransactionId: id, enable: false)))
        try harness.advance(to: .utc(2026, 3, 1))
        _ = try harness.purchase("news.premium.monthly")
        #expect(try harness.subscription(id).latestTransaction?.offerType == nil)
    }

    @Test("R-INT-2 free trial: free for its duration, then billed at the regular price")
    func freeTrial() throws {
        var harness = try Harness()
        let id = try harness.purchase("sports.monthly")
        #expect(try harness.subscription(id).expiresDate == .utc(2026, 1, 8))
        try harness.advance(to: .utc(2026, 2, 8))
        let renewals = try harness.transactions(id).map(\.price)
        #expect(renewals == [0, 7990, 7990])
        #expect(try harness.transactions(id).map(\.expiresDate) == [.utc(2026, 1, 8), .utc(2026, 2, 8), .utc(2026, 3, 8)])
    }

    @Test("R-INT-2 pay as you go: reduced price for N periods, then regular")
    func payAsYouGo() throws {
        var harness = try Harness()
        let id = try harness.purchase("news.standard.monthly")
        try harness.advance(to: .utc(2026, 5, 1))
        #expect(try harness.transactions(id).map(\.price) == [1990, 1990, 1990, 4990, 4990])
        #expect(try harness.transactions(id).first?.offerDiscountType == .payAsYouGo)
    }

    @Test("R-INT-2 pay up front: one price for the whole offer duration")
    func payUpFront() throws {
        var harness = try Harness()
        let id = try harness.purchase("news.premium.annual")
        let first = try #require(try harness.subscription(id).latestTransaction)
        #expect(first.price == 14990)
        #expect(first.expiresDate == .utc(2026, 4, 1))
        #expect(first.offerPeriod == ISOPeriod(count: 3, unit: .month))
        try harness.advance(to: .utc(2026, 4, 1))
        let second = try #require(try harness.subscription(id).latestTransaction)
        #expect(second.price == 99990)
        #expect(second.expiresDate == .utc(2027, 4, 1))
    }
}
