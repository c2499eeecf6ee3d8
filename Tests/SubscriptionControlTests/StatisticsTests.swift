import SubscriptionMessages
import Testing
@testable import SubscriptionControl

@Suite struct StatisticsTests {
    private func priced(_ type: Subscriptions_V1_NotificationType, _ subscription: String, _ price: Int64, _ currency: String) -> Subscriptions_V1_NotificationEvent {
        var event = FormattingTests.event(type, type == .subscribed ? .initialBuy : .unspecified, subscription: subscription, sequence: 1, at: 0)
        event.data = .with { $0.transactionInfo = .with { $0.price = price; $0.currency = currency } }
        return event
    }

    @Test func revenueSumsSubscribedAndRenewalPricesPerCurrency() {
        var statistics = EventStatistics()
        for event in [priced(.subscribed, "a", 9_990, "USD"), priced(.didRenew, "a", 9_990, "USD"),
                      priced(.didRenew, "a", 9_990, "USD"), priced(.didRenew, "b", 1_500_000, "JPY"),
                      priced(.refund, "a", 9_990, "USD")] {
            statistics.record(event)
        }
        #expect(statistics.revenueByCurrency == ["USD": 29_970, "JPY": 1_500_000])
        #expect(statistics.renewals == 3)
        #expect(statistics.report().contains("revenue: JPY 1500, USD 29.97"))
    }

    @Test func countsByTypeAndSubtypeAndExpirationsByReason() {
        var statistics = EventStatistics()
        for (type, subtype) in [(Subscriptions_V1_NotificationType.expired, Subscriptions_V1_Subtype.voluntary),
                                (.expired, .billingRetry), (.expired, .voluntary), (.didRenew, .billingRecovery)] {
            statistics.record(FormattingTests.event(type, subtype, subscription: "s", sequence: 1, at: 0))
        }
        #expect(statistics.total == 4)
        #expect(statistics.byType == ["EXPIRED": 3, "DID_RENEW": 1])
        #expect(statistics.byTypeAndSubtype["EXPIRED/VOLUNTARY"] == 2)
        #expect(statistics.expirationsByReason == ["VOLUNTARY": 2, "BILLING_RETRY": 1])
        #expect(statistics.billingRecoveries == 1)
        #expect(statistics.report().contains("expirations: BILLING_RETRY 1, VOLUNTARY 2"))
    }

    @Test func consentFunnelFollowsRequestReminderAndOutcome() {
        var statistics = EventStatistics()
        let events: [(Subscriptions_V1_NotificationType, Subscriptions_V1_Subtype, String, String)] = [
            (.priceIncrease, .pending, "a", ""), (.priceIncrease, .pending, "b", ""), (.priceIncrease, .pending, "c", ""),
            (.subscriberCommunication, .consentReminder, "a", ""), (.subscriberCommunication, .consentReminder, "a", ""),
            (.subscriberCommunication, .consentReminder, "c", ""),
            (.priceIncrease, .accepted, "a", "cmd-1"),
            (.didChangeRenewalStatus, .autoRenewDisabled, "b", "cmd-2"), (.expired, .priceIncrease, "b", ""),
            (.expired, .priceIncrease, "c", ""),
            (.priceIncrease, .accepted, "d", ""),
        ]
        for (type, subtype, subscription, command) in events {
            statistics.record(FormattingTests.event(type, subtype, subscription: subscription, sequence: 1, at: 0, causedBy: command))
        }
        #expect(statistics.consentRequested == 3)
        #expect(statistics.consentReminded.count == 2)
        #expect(statistics.consentAccepted == 1)
        #expect(statistics.consentDeclined == 1)
        #expect(statistics.consentExpired == 1)
        #expect(statistics.noConsentNotices == 1)
        #expect(statistics.report().contains(
            "consent funnel: requested 3 → reminded 2 → accepted 1 / declined 1 / expired 1 (no-consent notices 1)"))
    }
}
