import Testing

@testable import SubscriptionEngine

@Suite struct FamilyTests {
    @Test("R-EXT-3 a family member cannot be extended directly; extending the purchaser extends the members")
    func familyExtension() throws {
        var harness = try Harness()
        try harness.ok(.purchase(PurchaseRequest(customerId: "parent", productId: "news.basic.monthly", storefront: "USA")))
        // news.basic.monthly is not family-shareable: no member access.
        #expect(try harness.store.subscriptionIds(customerId: "kid", groupId: "news").isEmpty)
        try harness.ok(.purchase(PurchaseRequest(customerId: "mum", productId: "news.standard.monthly", storefront: "USA", familyMemberCustomerIds: ["kid"])))
        let purchaser = try #require(try harness.store.subscriptionIds(customerId: "mum", groupId: "news").first)
        let member = try #require(try harness.store.subscriptionIds(customerId: "kid", groupId: "news").first)
        #expect(harness.events.last?.data?.transactionInfo?.inAppOwnershipType == .familyShared)
        #expect(Harness.kinds(harness.events).suffix(2) == ["SUBSCRIBED/INITIAL_BUY", "SUBSCRIBED/INITIAL_BUY"])
        try harness.advance(to: .utc(2026, 2, 10))
        #expect(try harness.subscription(member).expiresDate == .utc(2026, 3, 1))
        #expect(harness.events.filter { $0.subscriptionId == member && $0.notificationType == .didRenew }.count == 1)
        let direct = try harness.rejected(ExtensionTests.extend(member, days: 5, request: "kid"))
        #expect(direct?.appleErrorCode == 4030007)
        let outcome = try harness.ok(ExtensionTests.extend(purchaser, days: 5, request: "mum"))
        #expect(Harness.kinds(outcome.events) == ["RENEWAL_EXTENDED/-", "RENEWAL_EXTENDED/-"])
        #expect(try harness.subscription(member).expiresDate == .utc(2026, 3, 6))
        try harness.ok(.setAutoRenew(SetAutoRenewRequest(originalTransactionId: purchaser, enable: false)))
        try harness.advance(to: .utc(2026, 4, 1))
        #expect(try harness.subscription(member).state == .expired)
    }
}
