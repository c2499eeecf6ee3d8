import Testing

@testable import SubscriptionEngine

/// The engine's checked money and time operations (CONTRIBUTING.md, "Checked arithmetic"): a
/// result that does not fit is a refusal (`OUT_OF_RANGE`, 4009005), never a trap.
@Suite struct CheckedArithmeticTests {
    @Test("Milliunits + and - refuse a result beyond Int64 instead of trapping")
    func milliunitsOverflow() throws {
        #expect(try Milliunits(2) + Milliunits(3) == 5)
        #expect(try Milliunits(2) - Milliunits(3) == -1)
        let overflow = #expect(throws: EngineRejection.self) { try Milliunits(.max) + Milliunits(1) }
        #expect(overflow?.code == .outOfRange)
        #expect(overflow?.appleErrorCode == 4_009_005)
        #expect(throws: EngineRejection.self) { try Milliunits(.min) - Milliunits(1) }
        #expect(throws: EngineRejection.self) { try Milliunits(.max / 2 + 1).doubled() }
        #expect(throws: EngineRejection.self) { try [Milliunits(1 << 62), Milliunits(1 << 62)].sum() }
    }

    @Test("Milliunits.scaled rounds half to even in 128 bits and refuses a quotient that does not fit", arguments: [
        (Int64(2990), Int64(15), Int64(31), Int64(1447)), (Int64(10), Int64(1), Int64(4), Int64(2)), (Int64(30), Int64(1), Int64(4), Int64(8)),
        (Int64(-30), Int64(1), Int64(4), Int64(-8)), (Int64.max, Int64.max, Int64.max, Int64.max), (Int64.min, Int64(1), Int64(1), Int64.min),
    ])
    func scaled(value: Int64, numerator: Int64, denominator: Int64, expected: Int64) throws {
        #expect(try Milliunits(value).scaled(by: numerator, over: denominator) == Milliunits(expected))
    }

    @Test("Milliunits.scaled refuses a zero denominator and a quotient beyond Int64")
    func scaledRefusals() {
        #expect(throws: EngineRejection.self) { try Milliunits(1).scaled(by: 1, over: 0) }
        #expect(throws: EngineRejection.self) { try Milliunits(.max).scaled(by: 2, over: 1) }
        #expect(throws: EngineRejection.self) { try Milliunits(.min).scaled(by: 100_000, over: 1) }
    }

    @Test("Timestamp operations stay within 0001-01-01…9999-12-31 or refuse")
    func timestampRange() throws {
        let start = Timestamp.utc(2026, 1, 31)
        #expect(try start.adding(months: 1) == .utc(2026, 2, 28))
        #expect(throws: EngineRejection.self) { try Timestamp.latest.adding(milliseconds: 1) }
        #expect(throws: EngineRejection.self) { try Timestamp.earliest.adding(days: -1) }
        #expect(throws: EngineRejection.self) { try start.adding(days: .max) }
        #expect(throws: EngineRejection.self) { try start.adding(months: .min) }
        #expect(throws: EngineRejection.self) { try start.adding(ISOPeriod(count: .max, unit: .year), times: 2) }
        #expect(throws: EngineRejection.self) { try Timestamp(millisecondsSince1970: .max).adding(months: 1) }
        #expect(throws: EngineRejection.self) {
            try Timestamp(millisecondsSince1970: .min).milliseconds(to: Timestamp(millisecondsSince1970: .max))
        }
        #expect(try start.adding(ISOPeriod(count: 1, unit: .year), times: 7_972) == .utc(9998, 1, 31))
    }

    @Test("Change Subscription Price with a price of Int64.max on an in-app purchase is refused naming the price; nothing changes")
    func changePriceAtInt64Max() throws {
        var harness = try Harness()
        let id = try harness.purchase("news.basic.monthly")
        let before = try harness.subscription(id)
        let rejection = try harness.rejected(.changePrice(ChangePriceRequest(
            transactionId: id, requestInfo: RequestInfo(requestReferenceId: "p"),
            items: [PriceChangeItem(sku: "news.basic.monthly", price: Milliunits(.max))])))
        #expect(rejection?.code == .outOfRange)
        #expect(rejection?.appleErrorCode == 4_009_005)
        #expect(rejection?.field == "items[0].price")
        #expect(try harness.subscription(id) == before)
    }

    @Test("Create Subscription with two items priced 2^62 is refused before their sum is computed")
    func createWithHugePrices() throws {
        var harness = try Harness()
        let rejection = try harness.rejected(.createSubscription(CreateSubscriptionRequest(
            customerId: "mallory", requestInfo: RequestInfo(requestReferenceId: "c"), currency: .usd,
            descriptors: SubscriptionDescriptors(displayName: "Bundle", description: "Two items"),
            items: [
                AdvancedCommerceItem(sku: "NEWS_BASIC", displayName: "A", description: "A", price: Milliunits(1 << 62)),
                AdvancedCommerceItem(sku: "LIVE_SPORTS", displayName: "B", description: "B", price: Milliunits(1 << 62)),
            ],
            period: "P1M", storefront: .unitedStates)))
        #expect(rejection?.appleErrorCode == 4_009_005)
        #expect(rejection?.field == "items[0].price")
        #expect(harness.store.subscriptions.isEmpty)
    }

    @Test("Modify with a prorated price of Int64.max is refused naming it")
    func modifyWithHugeProratedPrice() throws {
        var (harness, id) = try ModifyTests.bundle()
        let rejection = try harness.rejected(ModifyTests.modify(id, add: [
            ModifyAddItem(item: AdvancedCommerceItem(sku: "PODCASTS", price: 1990), proratedPrice: Milliunits(.max)),
        ]))
        #expect(rejection?.appleErrorCode == 4_009_005)
        #expect(rejection?.field == "addItems[0].proratedPrice")
    }

    @Test("A refund with refundAmount Int64.min is refused, not computed")
    func refundWithInt64Min() throws {
        var (harness, id) = try ModifyTests.bundle()
        let rejection = try harness.rejected(.requestRefund(RequestRefundRequest(
            transactionId: id, requestInfo: RequestInfo(requestReferenceId: "r"), refundType: .custom, refundReason: .other,
            refundAmount: Milliunits(.min))))
        #expect(rejection?.field == "items[0].refundAmount")
        #expect(try harness.subscription(id).latestTransaction?.revocationDate == nil)
    }

    @Test("A preview's horizon refuses more events than its cap")
    func eventCap() throws {
        var harness = try Harness()
        for customer in ["a", "b", "c"] { _ = try harness.purchase("news.basic.monthly", customer: customer) }
        let refusal = #expect(throws: EngineRejection.self) {
            _ = try harness.engine.advance(to: .utc(2027, 1, 1), in: &harness.store, eventLimit: 5)
        }
        #expect(refusal?.appleErrorCode == 4_009_006)
    }

    @Test("an advance toward a far target stops after its event cap at an instant everything before fired, and continues from there")
    func advanceStopsAtTheCap() throws {
        var stepped = try Harness()
        var whole = try Harness()
        for customer in ["a", "b", "c"] {
            _ = try stepped.purchase("news.standard.weekly", customer: customer)
            _ = try whole.purchase("news.standard.weekly", customer: customer)
        }
        let target = Timestamp.utc(2030, 1, 1)
        let (first, reached) = try stepped.engine.advance(toward: target, in: &stepped.store, eventLimit: 10)
        #expect(first.count > 10 && first.count < 20)
        #expect(reached < target)
        #expect(first.allSatisfy { $0.signedDate <= reached })
        let (rest, end) = try stepped.engine.advance(toward: target, in: &stepped.store, eventLimit: 100_000)
        #expect(end == target)
        // The same events as one advance without a cap: every one once, in order.
        let all = try whole.engine.advance(to: target, in: &whole.store)
        #expect(Harness.kinds(first + rest) == Harness.kinds(all))
        #expect((first + rest).map(\.notificationUUID) == all.map(\.notificationUUID))
    }
}
