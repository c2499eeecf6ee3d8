import Testing

@testable import SubscriptionEngine

@Suite struct RenewalTests {
    @Test("R-REN-1 success renews with a new transaction (DID_RENEW)")
    func renews() throws {
        var harness = try Harness()
        let id = try harness.purchase("news.basic.monthly")
        let fired = try harness.advance(to: .utc(2026, 3, 1))
        #expect(Harness.kinds(fired) == ["DID_RENEW/-", "DID_RENEW/-"])
        let subscription = try harness.subscription(id)
        #expect(Set(try harness.transactions(id).map(\.transactionId)).count == 3)
        #expect(subscription.latestTransaction?.reason == .renewal)
        #expect(fired.last?.data?.transactionInfo?.purchaseDate == .utc(2026, 3, 1))
    }

    @Test("R-REN-1 failure with grace: DID_FAIL_TO_RENEW/GRACE_PERIOD, GRACE_PERIOD_EXPIRED, then EXPIRED/BILLING_RETRY after 60 days")
    func graceThenRetryThenExpiry() throws {
        var harness = try Harness()
        let id = try harness.purchase("news.basic.monthly")
        try harness.ok(.reportBillingOutcome(ReportBillingOutcomeRequest(originalTransactionId: id, outcome: .chargeFailed)))
        var fired = try harness.advance(to: .utc(2026, 2, 1))
        #expect(Harness.kinds(fired) == ["DID_FAIL_TO_RENEW/GRACE_PERIOD"])
        #expect(fired.first?.data?.status == .billingGracePeriod)
        #expect(fired.first?.data?.renewalInfo.gracePeriodExpiresDate == .utc(2026, 2, 17))
        #expect(fired.first?.data?.renewalInfo.isInBillingRetryPeriod == true)
        fired = try harness.advance(to: .utc(2026, 2, 17))
        #expect(Harness.kinds(fired) == ["GRACE_PERIOD_EXPIRED/-"])
        #expect(fired.first?.data?.status == .billingRetry)
        fired = try harness.advance(to: Timestamp.utc(2026, 2, 1).adding(days: 60))
        #expect(Harness.kinds(fired) == ["EXPIRED/BILLING_RETRY"])
        #expect(fired.first?.data?.renewalInfo.expirationIntent == .billingError)
        #expect(try harness.advance(to: .utc(2026, 12, 1)).isEmpty)
    }

    @Test("R-REN-1 failure without grace: DID_FAIL_TO_RENEW without subtype, recovery → DID_RENEW/BILLING_RECOVERY")
    func retryRecovery() throws {
        var harness = try Harness { $0.policy.gracePeriodDays = nil }
        let id = try harness.purchase("news.basic.monthly")
        try harness.ok(.reportBillingOutcome(ReportBillingOutcomeRequest(originalTransactionId: id, outcome: .chargeFailed)))
        #expect(Harness.kinds(try harness.advance(to: .utc(2026, 2, 1))) == ["DID_FAIL_TO_RENEW/-"])
        #expect(try harness.subscription(id).status == .billingRetry)
        harness.now = .utc(2026, 2, 10)
        let outcome = try harness.ok(.reportBillingOutcome(ReportBillingOutcomeRequest(originalTransactionId: id, outcome: .paymentMethodFixed)))
        #expect(Harness.kinds(outcome.events) == ["DID_RENEW/BILLING_RECOVERY"])
        let subscription = try harness.subscription(id)
        #expect(subscription.state == .active)
        #expect(subscription.expiresDate == .utc(2026, 3, 10))
    }

    @Test("R-REN-1 recovery inside grace keeps the original renewal date")
    func graceRecovery() throws {
        var harness = try Harness()
        let id = try harness.purchase("news.basic.monthly")
        try harness.ok(.reportBillingOutcome(ReportBillingOutcomeRequest(originalTransactionId: id, outcome: .chargeFailed)))
        try harness.advance(to: .utc(2026, 2, 5))
        let outcome = try harness.ok(.reportBillingOutcome(ReportBillingOutcomeRequest(originalTransactionId: id, outcome: .chargeSucceeded)))
        #expect(Harness.kinds(outcome.events) == ["DID_RENEW/BILLING_RECOVERY"])
        #expect(try harness.subscription(id).expiresDate == .utc(2026, 3, 1))
    }

    @Test("R-REN-1 a pending downgrade applies at the renewal before the charge")
    func downgradeBeforeCharge() throws {
        var harness = try Harness()
        let id = try harness.purchase("news.basic.monthly", customer: "carol", storefront: "USA")
        _ = id
        let premium = try harness.purchase("news.premium.annual", customer: "dave")
        try harness.ok(.switchProduct(SwitchProductRequest(originalTransactionId: premium, productId: "news.standard.monthly")))
        try harness.advance(to: .utc(2026, 4, 1))
        let subscription = try harness.subscription(premium)
        #expect(subscription.productId == "news.standard.monthly")
        #expect(subscription.latestTransaction?.price == 4990)
    }

    @Test("R-REN-1 a product removed from the catalog by a reload expires at renewal (EXPIRED/PRODUCT_NOT_FOR_SALE)")
    func productNotForSale() throws {
        var harness = try Harness()
        let id = try harness.purchase("news.basic.monthly")
        var catalog = harness.engine.catalog
        catalog.products.removeAll { $0.productId == "news.basic.monthly" }
        harness.engine = SubscriptionEngine(catalog: catalog)
        let fired = try harness.advance(to: .utc(2026, 2, 1))
        #expect(Harness.kinds(fired) == ["EXPIRED/PRODUCT_NOT_FOR_SALE"])
        #expect(try harness.subscription(id).expirationIntent == .productUnavailable)
    }

    @Test("R-REN-2 auto-renew off → EXPIRED/VOLUNTARY at the renewal date; back on before it → AUTO_RENEW_ENABLED")
    func autoRenew() throws {
        var harness = try Harness()
        let id = try harness.purchase("news.basic.monthly")
        try harness.ok(.setAutoRenew(SetAutoRenewRequest(originalTransactionId: id, enable: false)))
        try harness.ok(.setAutoRenew(SetAutoRenewRequest(originalTransactionId: id, enable: true)))
        try harness.ok(.setAutoRenew(SetAutoRenewRequest(originalTransactionId: id, enable: false)))
        let fired = try harness.advance(to: .utc(2026, 6, 1))
        #expect(Harness.kinds(harness.events) == [
            "SUBSCRIBED/INITIAL_BUY", "DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_DISABLED",
            "DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_ENABLED", "DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_DISABLED", "EXPIRED/VOLUNTARY",
        ])
        #expect(fired.first?.signedDate == .utc(2026, 2, 1))
        #expect(fired.first?.data?.renewalInfo.expirationIntent == .customerCancelled)
        #expect(try harness.rejected(.setAutoRenew(SetAutoRenewRequest(originalTransactionId: id, enable: nil)))?.field == "action")
    }

    @Test("R-REN-3 time is explicit: a year of renewals fires in order in milliseconds, across subscriptions")
    func yearReplay() throws {
        var harness = try Harness()
        let a = try harness.purchase("news.basic.monthly", customer: "a")
        harness.now = .utc(2026, 1, 15)
        let b = try harness.purchase("news.standard.weekly", customer: "b")
        let fired = try harness.advance(to: .utc(2027, 1, 1))
        #expect(fired.filter { $0.subscriptionId == a }.count == 12)
        #expect(fired.filter { $0.subscriptionId == b }.count == 50)
        let times = fired.map(\.signedDate)
        #expect(times == times.sorted())
        #expect(try harness.engine.advance(to: .utc(2027, 1, 1), in: &harness.store).isEmpty)
    }
}
