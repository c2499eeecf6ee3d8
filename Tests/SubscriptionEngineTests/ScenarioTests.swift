import Testing

@testable import SubscriptionEngine

/// A year of one monthly US subscription: free trial → paid → a 60 % / USD 6 increase that
/// needs consent, asked 27 days before the renewal, reminded weekly.
@Suite struct ScenarioTests {
    static func firstYear(consent: Bool) throws -> (Harness, String) {
        var harness = try Harness(catalogPrice: 10000)
        let id = try harness.purchase("news.premium.monthly")
        try harness.advance(to: .utc(2026, 3, 10))
        // +60 % and +USD 6 on a monthly price: consent needed (R-PRC-3).
        try harness.changePrice(id, [PriceChangeItem(sku: "news.premium.monthly", price: 16000)], reference: "increase")
        let change = try #require(try harness.subscription(id).priceChanges.first)
        #expect(change.consentRequired)
        #expect(change.effectiveDate == .utc(2026, 5, 1))
        #expect(change.communicationDate == .utc(2026, 4, 4))
        if consent {
            try harness.advance(to: .utc(2026, 4, 20))
            try harness.ok(.respondToPriceIncrease(RespondToPriceIncreaseRequest(originalTransactionId: id, response: .consent)))
        }
        try harness.advance(to: .utc(2027, 1, 1))
        return (harness, id)
    }

    @Test("R-PRC-5 scenario: a year without an answer ends EXPIRED/PRICE_INCREASE after weekly reminders")
    func withoutConsent() throws {
        let (harness, id) = try Self.firstYear(consent: false)
        #expect(Harness.kinds(harness.events.filter { $0.notificationType != .subscriberCommunication }) == [
            "SUBSCRIBED/INITIAL_BUY", "DID_RENEW/-", "DID_RENEW/-", "PRICE_CHANGE/-", "DID_RENEW/-", "PRICE_INCREASE/PENDING",
            "EXPIRED/PRICE_INCREASE",
        ])
        let communications = harness.events.filter { $0.notificationType == .subscriberCommunication }
        #expect(communications.filter { $0.subtype == .consentRequest }.count == 3)
        #expect(Set(communications.filter { $0.subtype == .consentReminder }.map(\.signedDate)) == [
            .utc(2026, 4, 11), .utc(2026, 4, 18), .utc(2026, 4, 25),
        ])
        #expect(communications.first?.signedDate == .utc(2026, 4, 4))
        let subscription = try harness.subscription(id)
        #expect(subscription.state == .expired)
        #expect(subscription.expirationIntent == .priceIncreaseNotConsented)
        #expect(try harness.transactions(id).map(\.price) == [0, 10000, 10000, 10000])
        #expect(harness.events.last?.signedDate == .utc(2026, 5, 1))
    }

    @Test("R-PRC-5 scenario: a year with consent renews at the new price every month")
    func withConsent() throws {
        let (harness, id) = try Self.firstYear(consent: true)
        let kinds = Harness.kinds(harness.events.filter { $0.notificationType != .subscriberCommunication })
        #expect(kinds.prefix(7) == [
            "SUBSCRIBED/INITIAL_BUY", "DID_RENEW/-", "DID_RENEW/-", "PRICE_CHANGE/-", "DID_RENEW/-", "PRICE_INCREASE/PENDING",
            "PRICE_INCREASE/ACCEPTED",
        ])
        #expect(kinds.filter { $0 == "DID_RENEW/-" }.count == 12)
        let communications = harness.events.filter { $0.notificationType == .subscriberCommunication }
        #expect(communications.allSatisfy { $0.signedDate < .utc(2026, 4, 20) })
        let subscription = try harness.subscription(id)
        #expect(try harness.transactions(id).map(\.price) == [0, 10000, 10000, 10000] + Array(repeating: 16000, count: 9))
        #expect(subscription.state == .active)
        #expect(subscription.priceIncreaseEffectiveDates == [.utc(2026, 5, 1)])
    }
}

extension Harness {
    /// A harness whose `news.premium.monthly` costs `catalogPrice` in the USA.
    init(catalogPrice: Int64) throws {
        try self.init { catalog in
            if let index = catalog.products.firstIndex(where: { $0.productId == "news.premium.monthly" }) {
                catalog.products[index].prices["USA"] = StorefrontPrice(currency: "USD", price: Milliunits(catalogPrice))
            }
        }
    }
}
