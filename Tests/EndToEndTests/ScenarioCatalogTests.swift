import Foundation
import ServiceTestSupport
import SubscriptionMessages
import Testing

/// More SPEC sections end to end over HTTP: introductory offers, price changes with and
/// without consent on the test clock, Advanced Commerce create and modify, and every
/// malformed modify example of seed 001.
@Suite("SPEC scenarios end to end", .serialized, .requiresBroker)
struct ScenarioCatalogTests {
    typealias Harness = ProducerScenarioTests.Harness

    @Test("R-INT-1 R-INT-2 a free trial is applied once, then the subscription renews at the regular price")
    func introductoryOffer() async throws {
        let harness = try await Harness.start()
        let purchase = try await harness.http.post("v1/purchases", ["customerId": harness.stack.unique("int-1"), "productId": E2ECatalog.premiumMonthly, "storefront": "USA"])
        #expect(purchase.status == 200, "\(purchase)")
        #expect(purchase.transaction["price"] as? Int == 0, "the free trial is free: \(purchase.transaction)")
        #expect(purchase.transaction["offerType"] as? Int == 1, "introductory offer type: \(purchase.transaction)")
        let subscription = purchase.originalTransactionId
        try await harness.advance("P32D")
        let events = try await harness.events.waitUntil("the first paid renewal") { events in
            events.contains { $0.subscriptionID == subscription && $0.notificationType == .didRenew }
        }
        let renewal = try #require(events.first { $0.subscriptionID == subscription && $0.notificationType == .didRenew })
        #expect(renewal.data.transactionInfo.price == 9990)
        #expect(renewal.data.transactionInfo.offerType == .unspecified)
        await harness.finish()
    }

    static func changePrice(_ harness: Harness, _ subscription: String, sku: String, to price: Int) async throws -> ProducerClient.Response {
        try await harness.http.post("advancedCommerce/v1/subscription/changePrice/\(subscription)", [
            "requestInfo": ["requestReferenceId": UUID().uuidString.lowercased()],
            "items": [["SKU": sku, "price": price]],
            "currency": "USD", "storefront": "USA",
        ])
    }

    @Test("R-PRC-1 R-PRC-3 R-PRC-5 an increase that needs consent: asked before the renewal, consented, renewed at the new price")
    func priceIncreaseWithConsent() async throws {
        let harness = try await Harness.start()
        let subscription = try await harness.purchase("prc-consent")
        let change = try await Self.changePrice(harness, subscription, sku: E2ECatalog.monthly, to: 9990)
        #expect(change.status == 200, "\(change)")
        try await harness.advance("P5D")
        try await harness.events.waitUntil("the consent request") { events in
            events.contains { $0.subscriptionID == subscription && $0.notificationType == .priceIncrease && $0.subtype == .pending }
                && events.contains { $0.subscriptionID == subscription && $0.notificationType == .subscriberCommunication }
        }
        let consent = try await harness.http.post("v1/subscriptions/priceIncreaseResponse", ["originalTransactionId": subscription, "response": "CONSENT"])
        #expect(consent.status == 200, "\(consent)")
        try await harness.advance("P30D")
        let events = try await harness.events.waitUntil("the renewal at the new price") { events in
            events.contains { $0.subscriptionID == subscription && $0.notificationType == .didRenew }
        }
        let mine = events.filter { $0.subscriptionID == subscription }
        #expect(mine.contains { $0.notificationType == .priceChange })
        #expect(mine.contains { $0.notificationType == .priceIncrease && $0.subtype == .accepted })
        #expect(mine.first { $0.notificationType == .didRenew }?.data.transactionInfo.price == 9990)
        await harness.finish()
    }

    @Test("R-PRC-5 an increase that needs consent and is declined expires the subscription at the renewal")
    func priceIncreaseDeclined() async throws {
        let harness = try await Harness.start()
        let subscription = try await harness.purchase("prc-decline")
        #expect(try await Self.changePrice(harness, subscription, sku: E2ECatalog.monthly, to: 9990).status == 200)
        try await harness.advance("P5D")
        let decline = try await harness.http.post("v1/subscriptions/priceIncreaseResponse", ["originalTransactionId": subscription, "response": "DECLINE"])
        #expect(decline.status == 200, "\(decline)")
        try await harness.advance("P30D")
        try await harness.events.waitUntil("EXPIRED/PRICE_INCREASE") { events in
            events.contains { $0.subscriptionID == subscription && $0.notificationType == .expired && $0.subtype == .priceIncrease }
        }
        #expect(!harness.events.events(of: subscription).contains { $0.notificationType == .didRenew })
        await harness.finish()
    }

    @Test("R-PRC-6 a small increase needs no consent: the subscriber is told, and the renewal charges the new price")
    func priceIncreaseWithoutConsent() async throws {
        let harness = try await Harness.start()
        let subscription = try await harness.purchase("prc-notice")
        let change = try await Self.changePrice(harness, subscription, sku: E2ECatalog.monthly, to: 3990)
        #expect(change.status == 200, "\(change)")
        try await harness.advance("P35D")
        let events = try await harness.events.waitUntil("the notice and the renewal") { events in
            events.contains { $0.subscriptionID == subscription && $0.notificationType == .didRenew }
        }
        let mine = events.filter { $0.subscriptionID == subscription }
        #expect(mine.contains { $0.notificationType == .priceIncrease && $0.subtype == .accepted })
        #expect(!mine.contains { $0.notificationType == .priceIncrease && $0.subtype == .pending })
        #expect(mine.contains { $0.notificationType == .subscriberCommunication })
        #expect(mine.first { $0.notificationType == .didRenew }?.data.transactionInfo.price == 3990)
        await harness.finish()
    }

    @Test("R-MOD-2 R-MOD-3 an Advanced Commerce subscription is created in-app and modified: an item added immediately")
    func advancedCommerceModify() async throws {
        let harness = try await Harness.start()
        let create: [String: Any] = [
            "operation": "CREATE_SUBSCRIPTION", "version": "1",
            "requestInfo": ["requestReferenceId": UUID().uuidString.lowercased()],
            "currency": "USD", "storefront": "USA", "taxCode": "C003-00-1", "period": "P1M",
            "descriptors": ["displayName": "Streaming Pass", "description": "Streaming pass with multiple items"],
            "items": [["SKU": "NEWS_BASIC", "displayName": "News", "description": "Daily news", "price": 4990]],
        ]
        let created = try await harness.http.post("advancedCommerce/v1/inApp", create, headers: ["X-Customer-Id": harness.stack.unique("ac-1")])
        #expect(created.status == 200, "\(created)")
        let transactionId = created.transaction["transactionId"] as? String ?? ""
        let subscription = created.originalTransactionId
        #expect(!transactionId.isEmpty)
        let modify: [String: Any] = [
            "operation": "MODIFY_SUBSCRIPTION", "version": "1", "transactionId": transactionId,
            "requestInfo": ["requestReferenceId": UUID().uuidString.lowercased()],
            "currency": "USD", "storefront": "USA", "retainBillingCycle": true,
            "addItems": [["SKU": "NEWS_CHANNELS", "displayName": "News channels", "description": "Live TV news", "price": 2990]],
        ]
        let modified = try await harness.http.post("advancedCommerce/v1/inApp", modify)
        #expect(modified.status == 200, "\(modified)")
        let events = try await harness.events.waitUntil("subscribe and modify events") { events in
            events.filter { $0.subscriptionID == subscription }.count >= 2
        }
        let mine = events.filter { $0.subscriptionID == subscription }.sorted { $0.sequence < $1.sequence }
        #expect(mine.first?.notificationType == .subscribed)
        let items = mine.last?.data.renewalInfo.advancedCommerceInfo.items.map(\.sku) ?? []
        #expect(Set(items) == ["NEWS_BASIC", "NEWS_CHANNELS"], "\(mine.map { "\($0.notificationType)/\($0.subtype)" })")
        let unknownSKU = try await harness.http.post("advancedCommerce/v1/inApp", modify.merging([
            "requestInfo": ["requestReferenceId": UUID().uuidString.lowercased()],
            "addItems": [["SKU": "NO_SUCH_SKU", "displayName": "x", "description": "y", "price": 100]],
        ]) { _, new in new })
        #expect((400..<500).contains(unknownSKU.status), "R-MOD-4 unknown SKU: \(unknownSKU)")
        await harness.finish()
    }

    /// Seed 001's example blocks, as fixtures of the SubscriptionAPI tests.
    static func seedBlock(_ name: String) throws -> String {
        try String(contentsOf: Stack.repositoryRoot.appending(path: "Tests/SubscriptionAPITests/Fixtures/seed001/\(name)"), encoding: .utf8)
    }

    static let seed001Malformed: [(fixture: String, named: String)] = [
        ("upgrade.part1.json", "malformed JSON at line 4 column 1"),
        ("upgrade.part2.json", "malformed JSON at line 1 column 16"),
        ("remove-item.part1.json", "requestInfo"),
        ("remove-item.part2.json", "malformed JSON at line 1 column 14"),
        ("downgrade.part1.json", "requestInfo"),
        ("downgrade.part2.json", "malformed JSON at line 1 column 21"),
    ]

    @Test("R-MOD-1 every malformed modify example of seed 001 is answered 400 naming the problem; the valid one reaches the engine")
    func seed001Examples() async throws {
        let harness = try await Harness.start()
        for (fixture, named) in Self.seed001Malformed {
            let response = try await harness.http.postRaw("advancedCommerce/v1/inApp", body: try Self.seedBlock(fixture))
            #expect(response.status == 400, "\(fixture): \(response)")
            #expect((response.json["errorMessage"] as? String ?? "").contains(named), "\(fixture): \(response)")
        }
        let valid = try await harness.http.postRaw("advancedCommerce/v1/inApp", body: try Self.seedBlock("add-item.json"))
        #expect(valid.status == 404, "the valid example reaches the engine, which knows no transaction 12345: \(valid)")
        #expect(harness.events.received.isEmpty)
        await harness.finish()
    }
}
