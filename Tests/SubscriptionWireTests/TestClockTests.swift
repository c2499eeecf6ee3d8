import Foundation
import SubscriptionMessages
import SubscriptionWire
import SwiftProtobuf
import Testing

@Suite struct TestClockTests {
    /// Whole milliseconds since 1970 (the clock's own resolution).
    static func milliseconds(_ date: Date) -> Int64 { Int64((date.timeIntervalSince1970 * 1000).rounded(.down)) }

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
        #expect(events.map(\.message.kind) == ["DID_RENEW.NONE"])
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

    @Test("advance_test_clock by zero or without a target is INVALID_ARGUMENT", arguments: [
        ("advanceBy", Subscriptions_V1_AdvanceTestClockRequest.with { $0.advanceBy = Google_Protobuf_Duration(seconds: 0) }),
        ("advanceBy", Subscriptions_V1_AdvanceTestClockRequest.with { $0.advanceBy = Google_Protobuf_Duration(seconds: -5) }),
        ("target", Subscriptions_V1_AdvanceTestClockRequest()),
    ])
    func invalidTargets(field: String, request: Subscriptions_V1_AdvanceTestClockRequest) throws {
        let bench = try Bench()
        let outcome = try bench.send(.advanceTestClock(request))
        #expect(outcome.reply.status == .invalidArgument)
        #expect(outcome.reply.error.field == field)
        #expect(outcome.manualClockAdvancedTo == nil)
    }

    @Test("advance_test_clock into the past or beyond 9999 conflicts with the clock: 409 with its own code, nothing moves, nothing overflows", arguments: [
        (Subscriptions_V1_AdvanceTestClockRequest.with { $0.advanceTo = Google_Protobuf_Timestamp(date: newYear.adding(days: -1)) }, Int64(4_099_001)),
        (.with { $0.advanceTo = Google_Protobuf_Timestamp(seconds: -9_000_000_000_000_000_000) }, 4_099_001),
        (.with { $0.advanceTo = Google_Protobuf_Timestamp(seconds: 9_000_000_000_000_000_000) }, 4_099_002),
        (.with { $0.advanceTo = Google_Protobuf_Timestamp(seconds: 253_402_300_800) }, 4_099_002),
        (.with { $0.advanceBy = Google_Protobuf_Duration(seconds: 9_000_000_000_000_000_000) }, 4_099_002),
        (.with { $0.advanceBy = Google_Protobuf_Duration(seconds: 8_000 * 366 * 86_400) }, 4_099_002),
        (.with { $0.advanceByCalendar.months = 2_000_000_000 }, 4_099_002),
        (.with { $0.advanceByCalendar.months = 12 * 7_974 }, 4_099_002),
    ])
    func conflictingTargets(request: Subscriptions_V1_AdvanceTestClockRequest, code: Int64) throws {
        let bench = try Bench()
        let outcome = try bench.send(.advanceTestClock(request))
        #expect(outcome.reply.status == .failedPrecondition)
        #expect(outcome.reply.error.appleErrorCode == code)
        #expect(outcome.reply.error.httpStatus == 409)
        #expect(outcome.manualClockAdvancedTo == nil)
    }

    @Test("advance_test_clock to the last instant of 9999 is allowed")
    func advanceToTheEnd() throws {
        let bench = try Bench()
        let outcome = try bench.send(.advanceTestClock(.with {
            $0.advanceTo = Google_Protobuf_Timestamp(seconds: 253_402_300_799, nanos: 999_000_000)
        }))
        #expect(outcome.reply.status == .ok)
        #expect(outcome.manualClockAdvancedTo.map { Int64(($0.timeIntervalSince1970 * 1000).rounded(.down)) } == 253_402_300_799_999)
    }

    @Test("advance_test_clock to exactly now is allowed and fires nothing")
    func advanceToNow() throws {
        let bench = try Bench()
        let outcome = try bench.send(.advanceTestClock(.with { $0.advanceTo = Google_Protobuf_Timestamp(date: newYear) }))
        #expect(outcome.reply.status == .ok)
        #expect(outcome.events.isEmpty)
    }

    @Test("advance_by_calendar adds calendar months in UTC (31 January + 1 month = 28 February), then the fixed rest, and fires the monthly renewal")
    func calendarAdvance() throws {
        let january31 = Date(timeIntervalSince1970: 1_769_817_600)  // 2026-01-31T00:00:00Z
        let bench = try Bench(now: january31)
        _ = try bench.purchase("news.basic.monthly")
        let outcome = try bench.send(.advanceTestClock(.with { $0.advanceByCalendar.months = 1 }))
        #expect(outcome.reply.status == .ok, "\(outcome.reply)")
        let february28 = Date(timeIntervalSince1970: 1_772_236_800)  // 2026-02-28T00:00:00Z
        #expect(outcome.manualClockAdvancedTo.map(Self.milliseconds) == Self.milliseconds(february28))
        #expect(outcome.events.map(\.kind) == ["DID_RENEW.NONE"], "the renewal of 31 January falls on 28 February")
        let year = try bench.send(.advanceTestClock(.with {
            $0.advanceByCalendar.months = 12
            $0.advanceByCalendar.plus = Google_Protobuf_Duration(seconds: 86_400)
        }))
        let march2027 = Date(timeIntervalSince1970: 1_803_859_200)  // 2027-03-01T00:00:00Z
        #expect(year.manualClockAdvancedTo.map(Self.milliseconds) == Self.milliseconds(march2027))
    }

    @Test("advance_by_calendar of zero or a negative amount is INVALID_ARGUMENT naming advanceBy", arguments: [
        (Int32(0), Int64(0)), (-1, 0), (1, -60),
    ])
    func calendarAdvanceRefused(months: Int32, seconds: Int64) throws {
        let bench = try Bench()
        let outcome = try bench.send(.advanceTestClock(.with {
            $0.advanceByCalendar.months = months
            $0.advanceByCalendar.plus = Google_Protobuf_Duration(seconds: seconds)
        }))
        #expect(outcome.reply.status == .invalidArgument)
        #expect(outcome.reply.error.field == "advanceBy")
        #expect(outcome.manualClockAdvancedTo == nil)
    }
}
