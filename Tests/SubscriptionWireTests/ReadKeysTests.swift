import SubscriptionEngine
import SubscriptionMessages
import SubscriptionStore
import SubscriptionWire
import Testing

@testable import SubscriptionHandler

/// What a batch names for the store to load up front (`EngineCommandHandler.readKeys`,
/// docs/scale-out.md, "A batch in a handful of statements").
@Suite struct ReadKeysTests {
    static func envelope(_ id: String, _ command: Subscriptions_V1_CommandEnvelope.OneOf_Command, testClock: String = "") -> Subscriptions_V1_CommandEnvelope {
        .with {
            $0.commandID = id
            $0.testClockID = testClock
            $0.command = command
        }
    }

    @Test("a purchase names its customer on its clock and the id its new subscription gets: the one the purchase then makes (hashed ids, a test clock)")
    func purchaseNamesTheNewId() throws {
        let bench = try Bench()
        let clock = try TestClockObjectTests.createClock(bench, at: newYear)
        let purchase = Self.envelope("p1", .purchase(.with {
            $0.customerID = "alice"
            $0.productID = "news.basic.monthly"
            $0.storefront = "USA"
        }), testClock: clock)
        let keys = bench.handler.readKeys(for: [purchase])
        #expect(keys.commandIds == ["p1"])
        #expect(keys.customers == [StoreReadKeys.Customer(clockId: clock, customerId: "alice")])
        #expect(keys.testClockIds == [clock])
        let outcome = try bench.purchase("news.basic.monthly", customer: "alice", testClock: clock)
        guard case .purchase(let result)? = outcome.reply.result else {
            Issue.record("expected a purchase, got \(outcome.reply)")
            return
        }
        #expect(keys.subscriptionIds == [result.subscription.transactionInfo.originalTransactionID])
    }

    @Test("a command on a subscription names it by any of its transaction ids; an unknown product names no new id; clock changes name no clock")
    func otherCommands() throws {
        let bench = try Bench()
        let keys = bench.handler.readKeys(for: [
            Self.envelope("a", .setAutoRenew(.with { $0.originalTransactionID = "2000000000000042" })),
            Self.envelope("b", .purchase(.with {
                $0.customerID = "bob"
                $0.productID = "no.such.product"
            })),
            Self.envelope("c", .advanceTestClock(.with { $0.testClockID = "clock_x" }), testClock: "clock_x"),
        ])
        #expect(keys.commandIds == ["a", "b", "c"])
        #expect(keys.subscriptionIds == [Subscription.originalTransactionId(fromTransactionId: "2000000000000042")])
        #expect(keys.customers == [StoreReadKeys.Customer(clockId: nil, customerId: "bob")])
        #expect(keys.testClockIds.isEmpty)
    }
}
