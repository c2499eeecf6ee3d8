import Foundation
import SubscriptionMessages
import SubscriptionWire
import SwiftProtobuf
import Testing

@Suite struct TestClockTests {
    @Test("advancing the manual clock a month fires DID_RENEW caused by time")
    func advanceFiresRenewal() throws {
        let bench = try Bench()
        let id = try bench.purchase("news.basic.monthly").events[0].subscriptionID
        let outcome = try bench.advance(days: 31)

        #expect(outcome.reply.status == .ok)
        #expect(outcome.manualClockAdvancedTo.map { Int64($0.timeIntervalSince1970) } == Int64(newYear.adding(days: 31).timeIntervalSince1970))
        guard case .advanceTestClock(let result)? = outcome.reply.result else {
            Issue.record("expected an advance_test_clock result, got \(outcome.reply)")
            return
        }
        #expect(result.clock.previousNow == Google_Protobuf_Timestamp(date: newYear))
        #expect(result.clock.now == Google_Protobuf_Timestamp(date: newYear.adding(days: 31)))
        #expect(result.clock.eventsPublished == 1)
        #expect(result.clock.transitionsFired == 1)
        let event = try #require(outcome.events.only)
        #expect(event.kind == "DID_RENEW.NONE")
        #expect(event.subscriptionID == id)
        #expect(event.causedByCommandID.isEmpty)
        #expect(event.sequence == 2)
        #expect(event.data.transactionInfo.transactionReason == .renewal)
        #expect(event.signedDate == Google_Protobuf_Timestamp(date: newYear.adding(days: 31)))
    }

    @Test("the handler's advance fires what is due, as the timer scheduler calls it")
    func advanceFromScheduler() throws {
        let bench = try Bench(clock: .system)
        _ = try bench.purchase("news.basic.monthly")
        #expect(try bench.handler.advance(to: newYear.adding(days: 30), massExtensionBatches: 1, in: bench.transaction).isEmpty)
        let events = try bench.handler.advance(to: newYear.adding(days: 31), massExtensionBatches: 1, in: bench.transaction)
        #expect(events.map(\.kind) == ["DID_RENEW.NONE"])
    }

    @Test("advance_test_clock on the system clock is refused with FAILED_PRECONDITION naming clock")
    func systemClockRefuses() throws {
        let bench = try Bench(clock: .system)
        let outcome = try bench.advance(days: 1)
        #expect(outcome.reply.status == .failedPrecondition)
        #expect(outcome.reply.error.field == "clock")
        #expect(outcome.manualClockAdvancedTo == nil)
        #expect(outcome.events.isEmpty)
    }

    @Test("advance_test_clock to the past, by zero or without a target is INVALID_ARGUMENT", arguments: [
        ("advanceTo", Subscriptions_V1_AdvanceTestClockRequest.with { $0.advanceTo = Google_Protobuf_Timestamp(date: newYear.adding(days: -1)) }),
        ("advanceBy", Subscriptions_V1_AdvanceTestClockRequest.with { $0.advanceBy = Google_Protobuf_Duration(seconds: 0) }),
        ("target", Subscriptions_V1_AdvanceTestClockRequest()),
    ])
    func invalidTargets(field: String, request: Subscriptions_V1_AdvanceTestClockRequest) throws {
        let bench = try Bench()
        let outcome = try bench.send(.advanceTestClock(request))
        #expect(outcome.reply.status == .invalidArgument)
        #expect(outcome.reply.error.field == field)
        #expect(outcome.manualClockAdvancedTo == nil)
    }

    @Test("advance_test_clock to exactly now is allowed and fires nothing")
    func advanceToNow() throws {
        let bench = try Bench()
        let outcome = try bench.send(.advanceTestClock(.with { $0.advanceTo = Google_Protobuf_Timestamp(date: newYear) }))
        #expect(outcome.reply.status == .ok)
        #expect(outcome.events.isEmpty)
    }
}
