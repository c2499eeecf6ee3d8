import Testing

@testable import SubscriptionEngine

@Suite struct ModifyTests {
    static func modify(
        _ transactionId: String, reference: String? = "m1", retain: Bool? = true, operation: AdvancedCommerceOperation? = .modifySubscription,
        version: String = "1", add: [ModifyAddItem]? = nil, change: [ModifyChangeItem]? = nil, remove: [String]? = nil,
        period: ModifyPeriodChange? = nil, currency: CurrencyCode? = nil
    ) -> EngineCommand {
        .modifySubscription(
            ModifySubscriptionRequest(
                operation: operation, version: version, requestInfo: reference.map { RequestInfo(requestReferenceId: $0) },
                transactionId: transactionId, retainBillingCycle: retain, addItems: add, changeItems: change, removeItems: remove,
                periodChange: period, currency: currency))
    }

    static func bundle() throws -> (Harness, String) {
        var harness = try Harness()
        let id = try harness.createBundle([("NEWS_BASIC", 4990), ("LIVE_SPORTS", 9990)])
        return (harness, id)
    }

    @Test("R-MOD-1 missing or malformed required fields are rejected naming the field", arguments: [
        ("operation", 4000172), ("version", 4000083), ("requestInfo", 4000079), ("retainBillingCycle", 4000110), ("transactionId", 4000085),
        ("badVersion", 4000084),
    ])
    func requiredFields(field: String, code: Int) throws {
        var (harness, id) = try Self.bundle()
        let add = [ModifyAddItem(item: AdvancedCommerceItem(sku: "PODCASTS", price: 1990))]
        let command: EngineCommand
        switch field {
        case "operation": command = Self.modify(id, operation: .createSubscription, add: add)
        case "version": command = Self.modify(id, version: "", add: add)
        case "badVersion": command = Self.modify(id, version: "2", add: add)
        case "requestInfo": command = Self.modify(id, reference: nil, add: add)
        case "retainBillingCycle": command = Self.modify(id, retain: nil, add: add)
        default: command = Self.modify("", add: add)
        }
        let rejection = try harness.rejected(command)
        #expect(rejection?.appleErrorCode == code)
        #expect(rejection?.field == (field == "badVersion" ? "version" : field))
    }

    @Test("R-MOD-2 add, change, remove, period change and descriptors with IMMEDIATELY or NEXT_BILL_CYCLE")
    func operations() throws {
        var (harness, id) = try Self.bundle()
        try harness.ok(Self.modify(id, reference: "down", change: [
            ModifyChangeItem(currentSKU: "LIVE_SPORTS", item: AdvancedCommerceItem(sku: "PODCASTS", price: 1990), effective: .nextBillCycle, reason: .downgrade),
        ], remove: ["NEWS_BASIC"]))
        #expect(Harness.kinds(harness.events).last == "DID_CHANGE_RENEWAL_PREF/DOWNGRADE")
        #expect(try harness.subscription(id).items.map(\.sku) == ["NEWS_BASIC", "LIVE_SPORTS"])
        try harness.advance(to: .utc(2026, 2, 1))
        let subscription = try harness.subscription(id)
        #expect(subscription.items.map(\.sku) == ["PODCASTS"])
        #expect(subscription.latestTransaction?.price == 1990)
    }

    @Test("R-MOD-3 retainBillingCycle true: renewal date stays, an added item is charged prorated now and in full next period")
    func retainProrates() throws {
        var (harness, id) = try Self.bundle()
        harness.now = try Timestamp.utc(2026, 1, 1).adding(days: 15)
        let outcome = try harness.ok(Self.modify(id, add: [ModifyAddItem(item: AdvancedCommerceItem(sku: "PODCASTS", price: 3100))]))
        #expect(Harness.kinds(outcome.events) == ["DID_CHANGE_RENEWAL_PREF/UPGRADE"])
        var subscription = try harness.subscription(id)
        #expect(subscription.expiresDate == .utc(2026, 2, 1))
        #expect(subscription.latestTransaction?.price == 1600)
        try harness.advance(to: .utc(2026, 2, 1))
        subscription = try harness.subscription(id)
        #expect(subscription.latestTransaction?.price == Milliunits(4990 + 9990 + 3100))
    }

    @Test("R-MOD-3 retainBillingCycle false: the billing cycle restarts now")
    func resetCycle() throws {
        var (harness, id) = try Self.bundle()
        harness.now = .utc(2026, 1, 20)
        try harness.ok(Self.modify(id, retain: false, change: [
            ModifyChangeItem(currentSKU: "NEWS_BASIC", item: AdvancedCommerceItem(sku: "NEWS_PREMIUM", price: 7990), effective: .immediately, reason: .upgrade),
        ], period: ModifyPeriodChange(effective: .immediately, period: "P1Y")))
        let subscription = try harness.subscription(id)
        #expect(subscription.currentPeriodStart == .utc(2026, 1, 20))
        #expect(subscription.expiresDate == .utc(2027, 1, 20))
        #expect(subscription.latestTransaction?.price == Milliunits(7990 + 9990))
    }

    @Test("R-MOD-4 unknown SKU, removing the last item, changing a missing SKU, bad price or currency are rejected", arguments: [
        "unknownSKU", "removeAll", "missingCurrent", "zeroPrice", "currency", "duplicate",
    ])
    func invalid(_ situation: String) throws {
        var (harness, id) = try Self.bundle()
        let command: EngineCommand
        switch situation {
        case "unknownSKU": command = Self.modify(id, add: [ModifyAddItem(item: AdvancedCommerceItem(sku: "NOPE", price: 990))])
        case "removeAll": command = Self.modify(id, remove: ["NEWS_BASIC", "LIVE_SPORTS"])
        case "missingCurrent": command = Self.modify(id, change: [ModifyChangeItem(currentSKU: "PODCASTS", item: AdvancedCommerceItem(sku: "NEWS_PREMIUM", price: 990), effective: .immediately, reason: .upgrade)])
        case "zeroPrice": command = Self.modify(id, add: [ModifyAddItem(item: AdvancedCommerceItem(sku: "PODCASTS", price: 0))])
        case "currency": command = Self.modify(id, add: [ModifyAddItem(item: AdvancedCommerceItem(sku: "PODCASTS", price: 990))], currency: "EUR")
        default: command = Self.modify(id, add: [ModifyAddItem(item: AdvancedCommerceItem(sku: "PODCASTS", price: 990))], remove: ["PODCASTS"])
        }
        let before = try harness.subscription(id)
        let rejection = try harness.rejected(command)
        #expect(rejection?.field != nil)
        #expect(rejection?.message.isEmpty == false)
        #expect(try harness.subscription(id) == before)
    }

    @Test("R-MOD-5 replaying a requestReferenceId returns the first result and changes nothing")
    func idempotent() throws {
        var (harness, id) = try Self.bundle()
        let command = Self.modify(id, reference: "same", add: [ModifyAddItem(item: AdvancedCommerceItem(sku: "PODCASTS", price: 1990))])
        let first = try harness.ok(command)
        let state = try harness.subscription(id)
        let second = try harness.ok(command)
        #expect(second.reply == first.reply)
        #expect(second.events.isEmpty)
        #expect(try harness.subscription(id) == state)
    }

    @Test("R-MOD-5 a subscription remembers each requestReferenceId's result: after other requests, replaying the first returns its first result")
    func idempotentAmongOthers() throws {
        var (harness, id) = try Self.bundle()
        let first = Self.modify(id, reference: "first", add: [ModifyAddItem(item: AdvancedCommerceItem(sku: "PODCASTS", price: 1990))])
        let second = Self.modify(id, reference: "second", remove: ["PODCASTS"])
        let firstOutcome = try harness.ok(first)
        let secondOutcome = try harness.ok(second)
        #expect(secondOutcome.reply != firstOutcome.reply)
        let state = try harness.subscription(id)
        let firstAgain = try harness.ok(first)
        let secondAgain = try harness.ok(second)
        #expect(firstAgain.reply == firstOutcome.reply)
        #expect(secondAgain.reply == secondOutcome.reply)
        #expect(firstAgain.events.isEmpty && secondAgain.events.isEmpty)
        #expect(try harness.subscription(id) == state)
    }
}
