import Testing

@testable import SubscriptionEngine

@Suite struct SwitchTests {
    @Test("R-GRP-2 prorated refund = price × unused / total, half-even", arguments: [
        (Int64(9990), Int64(30), Int64(15), Int64(4995)),
        (Int64(9990), Int64(31), Int64(10), Int64(3223)),  // 3222.58 → 3223
        (Int64(5), Int64(2), Int64(1), Int64(2)),  // 2.5 → 2 (even)
        (Int64(7), Int64(2), Int64(1), Int64(4)),  // 3.5 → 4 (even)
        (Int64(1990), Int64(7), Int64(7), Int64(1990)),
        (Int64(1990), Int64(7), Int64(0), Int64(0)),
    ])
    func proration(price: Int64, totalDays: Int64, unusedDays: Int64, expected: Int64) throws {
        let purchase = Timestamp.utc(2026, 1, 1)
        let expires = try purchase.adding(days: Int(totalDays))
        let refund = try Proration.refund(price: Milliunits(price), purchase: purchase, expires: expires, switchDate: try expires.adding(days: -Int(unusedDays)))
        #expect(refund == Milliunits(expected))
    }

    @Test("R-GRP-2 upgrade: immediate, prorated refund, old transaction upgraded, new period charged in full")
    func upgrade() throws {
        var harness = try Harness()
        let id = try harness.purchase("news.basic.monthly")
        harness.now = .utc(2026, 1, 16)
        let outcome = try harness.ok(.switchProduct(SwitchProductRequest(originalTransactionId: id, productId: "news.premium.monthly")))
        guard case .switchProduct(_, let immediate, let refund) = outcome.reply else { Issue.record("\(outcome.reply)"); return }
        #expect(immediate)
        #expect(try refund == Proration.refund(price: 2990, purchase: .utc(2026, 1, 1), expires: .utc(2026, 2, 1), switchDate: .utc(2026, 1, 16)))
        #expect(refund == 1543)
        let subscription = try harness.subscription(id)
        let history = try harness.transactions(id)
        #expect(history[0].isUpgraded)
        #expect(history[0].revocationDate == .utc(2026, 1, 16))
        #expect(history.count == subscription.transactionCount)
        #expect(subscription.latestTransaction?.price == 9990)
        #expect(subscription.expiresDate == .utc(2026, 2, 16))
        #expect(Harness.kinds(outcome.events) == ["DID_CHANGE_RENEWAL_PREF/UPGRADE"])
    }

    @Test("R-GRP-3 downgrade waits for the renewal; choosing the current product again cancels it")
    func downgrade() throws {
        var harness = try Harness()
        let id = try harness.purchase("news.premium.bimonthly")
        try harness.ok(.switchProduct(SwitchProductRequest(originalTransactionId: id, productId: "news.basic.monthly")))
        var subscription = try harness.subscription(id)
        #expect(subscription.productId == "news.premium.bimonthly")
        #expect(subscription.renewalInfo(app: harness.engine.catalog.app, at: harness.now).autoRenewProductId == "news.basic.monthly")
        try harness.ok(.switchProduct(SwitchProductRequest(originalTransactionId: id, productId: "news.premium.bimonthly")))
        #expect(Harness.kinds(harness.events).suffix(2) == ["DID_CHANGE_RENEWAL_PREF/DOWNGRADE", "DID_CHANGE_RENEWAL_PREF/-"])
        try harness.ok(.switchProduct(SwitchProductRequest(originalTransactionId: id, productId: "news.basic.monthly")))
        try harness.advance(to: .utc(2026, 3, 1))
        subscription = try harness.subscription(id)
        #expect(subscription.productId == "news.basic.monthly")
        #expect(subscription.latestTransaction?.price == 2990)
        #expect(subscription.expiresDate == .utc(2026, 4, 1))
    }

    @Test("R-GRP-4 crossgrade: same period is immediate, different period waits", arguments: [
        ("news.premium.annual", false), ("news.premium.bimonthly", false),
    ])
    func crossgrade(target: String, immediate: Bool) throws {
        var harness = try Harness()
        let id = try harness.purchase("news.premium.monthly")
        let outcome = try harness.ok(.switchProduct(SwitchProductRequest(originalTransactionId: id, productId: target)))
        guard case .switchProduct(_, let effective, _) = outcome.reply else { Issue.record("\(outcome.reply)"); return }
        #expect(effective == immediate)
        #expect(Harness.kinds(outcome.events) == ["DID_CHANGE_RENEWAL_PREF/DOWNGRADE"])
    }

    @Test("R-GRP-4 crossgrade with the same period behaves as an upgrade")
    func sameLengthCrossgrade() throws {
        var harness = try Harness { catalog in
            if let index = catalog.products.firstIndex(where: { $0.productId == "news.standard.monthly" }) {
                catalog.products[index].level = 1
            }
        }
        let id = try harness.purchase("news.premium.monthly")
        harness.now = .utc(2026, 1, 10)
        let outcome = try harness.ok(.switchProduct(SwitchProductRequest(originalTransactionId: id, productId: "news.standard.monthly")))
        #expect(Harness.kinds(outcome.events) == ["DID_CHANGE_RENEWAL_PREF/UPGRADE"])
        #expect(try harness.subscription(id).productId == "news.standard.monthly")
    }

    @Test("R-GRP-2 offers on an active subscription: same product → OFFER_REDEEMED from the next period; upgrade → OFFER_REDEEMED/UPGRADE")
    func offerRedeemed() throws {
        var harness = try Harness()
        let id = try harness.purchase("news.basic.monthly")
        let thanks = PurchaseOffer(offerType: .promotional, offerIdentifier: "thanks")
        let same = try harness.ok(.switchProduct(SwitchProductRequest(originalTransactionId: id, productId: "news.basic.monthly", offer: thanks)))
        #expect(Harness.kinds(same.events) == ["OFFER_REDEEMED/-"])
        #expect(same.events.first?.data?.renewalInfo.offerIdentifier == "thanks")
        try harness.advance(to: .utc(2026, 3, 1))
        #expect(try harness.transactions(id).map(\.price) == [2990, 0, 2990])
        harness.now = .utc(2026, 3, 10)
        let upgrade = try harness.ok(.switchProduct(SwitchProductRequest(originalTransactionId: id, productId: "news.premium.monthly", offer: PurchaseOffer(offerType: .promotional, offerIdentifier: "upgrade50"))))
        #expect(Harness.kinds(upgrade.events) == ["OFFER_REDEEMED/UPGRADE"])
        #expect(upgrade.events.first?.data?.transactionInfo?.price == 4990)
        #expect(upgrade.events.first?.data?.transactionInfo?.offerType == .promotional)
    }
}
