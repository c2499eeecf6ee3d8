import SubscriptionStore
import Testing

@testable import SubscriptionEngine
@testable import SubscriptionHandler
@testable import SubscriptionWire

/// Which ids `AggregateEngineStore` gives new subscriptions (docs/engine.md, "Ids are
/// deterministic").
@Suite struct SubscriptionIdSchemeTests {
    static let start = Timestamp.utc(2026, 1, 1)

    static func id(clock: String?, over transaction: any AggregateTransaction = InMemoryAggregateTransaction()) throws -> String {
        try NewSubscriptionId.make(
            customerId: "alice", groupId: "news", at: start, reserved: nil, in: AggregateEngineStore(transaction, clockId: clock))
    }

    @Test("the consumer's clock over one writer gets time-ordered ids: 3, the millisecond, the hashed id's last two digits")
    func consumerClock() throws {
        #expect(AggregateEngineStore(InMemoryAggregateTransaction()).subscriptionIdScheme == .timeOrdered)
        #expect(try Self.id(clock: nil) == "3176722560000063")
    }

    @Test("R-CLK-1 on a test clock ids stay hashed, with the clock in the hash: two clocks, two ids, neither the consumer clock's")
    func testClocksStayHashed() throws {
        #expect(AggregateEngineStore(InMemoryAggregateTransaction(), clockId: "clock_a").subscriptionIdScheme == .hashed)
        let onA = try Self.id(clock: "clock_a")
        let onB = try Self.id(clock: "clock_b")
        #expect(onA == "2964344931800865")  // SHA-1 of "alice␟news␟0␟clock_a", computed in Python
        #expect(onB.first == "2" && onB.count == 16 && onA != onB)
        #expect(onA != "2692449936161063")
    }
}
