import Foundation
import SubscriptionStore
import Testing

@testable import SubscriptionEngine
@testable import SubscriptionHandler
@testable import SubscriptionWire

/// A subscription's clock in its stored compact record (field 40, docs/test-clocks.md), and
/// rows the store wrote before test clocks existed.
@Suite struct TestClockRecordTests {
    @Test("R-CLK-1 a subscription's clock is field 40 of its compact record; a record without it (as store v2 wrote) reads as the consumer's clock")
    func clockIsTheLastRecordField() throws {
        let bench = try Bench()
        let clock = try TestClockObjectTests.createClock(bench, at: TestClockObjectTests.june2030)
        let onClock = try bench.purchase("news.basic.monthly", customer: "alice", testClock: clock)
        let onConsumer = try bench.purchase("news.basic.monthly", customer: "bob")

        let clockBody = try #require(try bench.transaction.subscription(onClock.events[0].subscriptionID))
        let stored = try StoredBody.decode(Subscription.self, from: clockBody)
        #expect(stored.clockId == clock)
        let consumerBody = try #require(try bench.transaction.subscription(onConsumer.events[0].subscriptionID))
        #expect(try StoredBody.decode(Subscription.self, from: consumerBody).clockId == nil)

        // Field 40 is written last: tag (40 << 3 | 2 = 0xC2 0x02), length, the id. Without it the
        // bytes are exactly what the v2 writer (fields 1…39) wrote for the same aggregate.
        let field40 = Data([0xC2, 0x02, UInt8(clock.utf8.count)]) + Data(clock.utf8)
        #expect(clockBody.suffix(field40.count) == field40)
        let withoutClock = try StoredBody.decode(Subscription.self, from: clockBody.dropLast(field40.count))
        #expect(withoutClock.clockId == nil)
        var expected = stored
        expected.clockId = nil
        #expect(withoutClock == expected, "every other field reads as before")
        #expect(StoredBody.encode(withoutClock) == Data(clockBody.dropLast(field40.count)), "a subscription on no clock writes no field 40")
    }
}
