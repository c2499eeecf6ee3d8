import Foundation
import SubscriptionMessages
import SubscriptionStore
import SubscriptionWire
import SwiftProtobuf
import Testing

@testable import SubscriptionHandler

/// Test clocks as objects (docs/test-clocks.md) through `EngineCommandHandler`.
@Suite struct TestClockObjectTests {
    /// 2030-06-01T00:00:00Z, far from the consumer's clock (`newYear`).
    static let june2030 = Date(timeIntervalSince1970: 1_906_502_400)

    /// Creates a clock at `date` and returns its id.
    static func createClock(_ bench: Bench, at date: Date, name: String = "") throws -> String {
        let outcome = try bench.send(.createTestClock(.with {
            $0.frozenTime = Google_Protobuf_Timestamp(date: date)
            $0.name = name
        }))
        guard case .createTestClock(let created)? = outcome.reply.result else {
            Issue.record("expected a clock, got \(outcome.reply)")
            return ""
        }
        return created.clock.id
    }

    static func advance(_ bench: Bench, clock: String, days: Int64) throws -> CommandOutcome {
        try bench.send(.advanceTestClock(.with {
            $0.advanceBy = Google_Protobuf_Duration(seconds: days * 86_400)
            $0.testClockID = clock
        }))
    }

    @Test("R-CLK-1 a purchase on a test clock runs at the clock's now, and the same customer id on two clocks is two customers")
    func purchaseRunsOnTheClock() throws {
        let bench = try Bench()
        let a = try Self.createClock(bench, at: Self.june2030, name: "suite A")
        let b = try Self.createClock(bench, at: Self.june2030.adding(days: 10))
        #expect(a.hasPrefix("clock_") && a.count == 30)
        #expect(a != b)
        let onA = try bench.purchase("news.basic.monthly", customer: "alice", testClock: a)
        let onB = try bench.purchase("news.basic.monthly", customer: "alice", testClock: b)
        let onConsumer = try bench.purchase("news.basic.monthly", customer: "alice")
        #expect(onA.reply.status == .ok && onB.reply.status == .ok && onConsumer.reply.status == .ok)
        #expect(onA.events.map(\.kind) == ["SUBSCRIBED.INITIAL_BUY"])
        #expect(onB.events.map(\.kind) == ["SUBSCRIBED.INITIAL_BUY"])
        #expect(onConsumer.events.map(\.kind) == ["SUBSCRIBED.INITIAL_BUY"])
        #expect(onA.events[0].signedDate == Google_Protobuf_Timestamp(date: Self.june2030))
        #expect(onB.events[0].signedDate == Google_Protobuf_Timestamp(date: Self.june2030.adding(days: 10)))
        #expect(onConsumer.events[0].signedDate == Google_Protobuf_Timestamp(date: newYear))
        let ids = Set([onA, onB, onConsumer].map { $0.events[0].subscriptionID })
        #expect(ids.count == 3)
        // A command naming a subscription runs on its clock without naming it.
        let later = try bench.send(.setAutoRenew(.with {
            $0.originalTransactionID = onA.events[0].subscriptionID
            $0.action = .disable
        }))
        #expect(later.reply.repliedAt == Google_Protobuf_Timestamp(date: Self.june2030))
        #expect(later.events.map(\.signedDate) == [Google_Protobuf_Timestamp(date: Self.june2030)])
    }

    @Test("R-CLK-2 advancing one test clock fires only its subscriptions' timers; the consumer's clock and other clocks stay put")
    func advanceFiresOnlyItsOwnTimers() throws {
        let bench = try Bench()
        let a = try Self.createClock(bench, at: newYear)
        let b = try Self.createClock(bench, at: newYear)
        let onA = try bench.purchase("news.basic.monthly", customer: "ann", testClock: a).events[0].subscriptionID
        _ = try bench.purchase("news.basic.monthly", customer: "bob", testClock: b)
        _ = try bench.purchase("news.basic.monthly", customer: "cid")

        let advanced = try Self.advance(bench, clock: a, days: 31)
        #expect(advanced.reply.status == .ok)
        #expect(advanced.manualClockAdvancedTo == nil)
        #expect(advanced.events.map(\.kind) == ["DID_RENEW.NONE"])
        #expect(advanced.events.map(\.subscriptionID) == [onA])
        guard case .advanceTestClock(let result)? = advanced.reply.result else {
            Issue.record("expected an advance result, got \(advanced.reply)")
            return
        }
        #expect(result.clock.now == Google_Protobuf_Timestamp(date: newYear.adding(days: 31)))
        #expect(result.clock.transitionsFired == 1)

        // The consumer's manual clock did not move, and firing it finds nothing of clock A or B.
        #expect(bench.now == newYear)
        #expect(try bench.handler.advance(to: newYear.adding(days: 40), massExtensionBatches: 1, in: bench.transaction).map(\.message.kind)
            == ["DID_RENEW.NONE"])
        // Clock B is still at new year: its now did not move.
        let readB = try bench.send(.getTestClock(.with { $0.testClockID = b }))
        guard case .getTestClock(let clockB)? = readB.reply.result else {
            Issue.record("expected clock B, got \(readB.reply)")
            return
        }
        #expect(clockB.clock.now == Google_Protobuf_Timestamp(date: newYear))
        #expect(clockB.clock.subscriptionCount == 1)
    }

    @Test("R-CLK-2 a test clock advances on a consumer that runs on the system clock")
    func advancesUnderTheSystemClock() throws {
        let bench = try Bench(clock: .system)
        let a = try Self.createClock(bench, at: newYear)
        _ = try bench.purchase("news.basic.monthly", customer: "ann", testClock: a)
        let outcome = try Self.advance(bench, clock: a, days: 31)
        #expect(outcome.reply.status == .ok)
        #expect(outcome.events.map(\.kind) == ["DID_RENEW.NONE"])
    }

    @Test("R-CLK-1 naming another clock than the subscription's is 409, an unknown clock 404; nothing changes")
    func mismatchAndUnknownClock() throws {
        let bench = try Bench()
        let a = try Self.createClock(bench, at: newYear)
        let id = try bench.purchase("news.basic.monthly", customer: "ann", testClock: a).events[0].subscriptionID
        let mismatch = try bench.send(
            .setAutoRenew(.with {
                $0.originalTransactionID = id
                $0.action = .disable
            }), testClock: "clock_000000000000000000000000")
        #expect(mismatch.reply.status == .alreadyExists)
        #expect(mismatch.reply.error.appleErrorCode == 4_099_003)
        #expect(mismatch.reply.error.httpStatus == 409)
        #expect(mismatch.reply.error.field == "testClockId")
        let unknown = try bench.purchase("news.basic.monthly", customer: "zoe", testClock: "clock_000000000000000000000000")
        #expect(unknown.reply.status == .notFound)
        #expect(unknown.reply.error.appleErrorCode == 4_049_001)
        #expect(try bench.transaction.subscriptionIds(customerId: "zoe").isEmpty)
        let noClock = try bench.send(.getTestClock(.with { $0.testClockID = "clock_missing" }))
        #expect(noClock.reply.error.appleErrorCode == 4_049_001)
        let advanceUnknown = try Self.advance(bench, clock: "clock_missing", days: 1)
        #expect(advanceUnknown.reply.error.appleErrorCode == 4_049_001)
    }

    @Test("R-CLK-3 deleting a clock deletes everything on it; the customer id starts afresh with new ids on a new clock")
    func deleteClock() throws {
        let bench = try Bench()
        let a = try Self.createClock(bench, at: newYear)
        let first = try bench.purchase("news.basic.monthly", customer: "ann", testClock: a).events[0].subscriptionID
        _ = try Self.advance(bench, clock: a, days: 31)
        _ = try bench.purchase("news.basic.monthly", customer: "keep")

        let deleted = try bench.send(.deleteTestClock(.with { $0.testClockID = a }))
        guard case .deleteTestClock(let result)? = deleted.reply.result else {
            Issue.record("expected a deletion, got \(deleted.reply)")
            return
        }
        #expect(result.subscriptionsDeleted == 1)
        #expect(result.clock.id == a)
        #expect(try bench.transaction.subscription(first) == nil)
        #expect(try bench.transaction.transactions(subscriptionId: first).isEmpty)
        #expect(try bench.transaction.testClock(a) == nil)
        #expect(try bench.transaction.subscriptionIds(customerId: "keep").count == 1)
        let gone = try bench.send(.getTransactionInfo(.with { $0.transactionID = first }))
        #expect(gone.reply.status == .notFound)
        let again = try bench.send(.deleteTestClock(.with { $0.testClockID = a }))
        #expect(again.reply.error.appleErrorCode == 4_049_001)

        let b = try Self.createClock(bench, at: newYear)
        let second = try bench.purchase("news.basic.monthly", customer: "ann", testClock: b).events[0]
        #expect(second.subscriptionID != first)
        #expect(second.sequence == 1)
    }

    @Test("R-CLK-1 a clock's id comes from the creating command, its name and start are checked")
    func createChecks() throws {
        let first = EngineCommandHandlerClockIds.id(commandId: "command-1")
        #expect(first.hasPrefix("clock_") && first == EngineCommandHandlerClockIds.id(commandId: "command-1"))
        #expect(first != EngineCommandHandlerClockIds.id(commandId: "command-2"))
        let bench = try Bench()
        let noTime = try bench.send(.createTestClock(.with { $0.name = "x" }))
        #expect(noTime.reply.status == .invalidArgument)
        #expect(noTime.reply.error.field == "frozenTime")
        let past = try bench.send(.createTestClock(.with { $0.frozenTime = Google_Protobuf_Timestamp(seconds: -1) }))
        #expect(past.reply.error.field == "frozenTime")
        let longName = try bench.send(.createTestClock(.with {
            $0.frozenTime = Google_Protobuf_Timestamp(date: newYear)
            $0.name = String(repeating: "n", count: 101)
        }))
        #expect(longName.reply.error.field == "name")
        let list = try bench.send(.listTestClocks(.init()))
        guard case .listTestClocks(let clocks)? = list.reply.result else {
            Issue.record("expected a list, got \(list.reply)")
            return
        }
        #expect(clocks.clocks.isEmpty)
    }
}

/// The clock id derivation, seen from the tests.
enum EngineCommandHandlerClockIds {
    static func id(commandId: String) -> String {
        let bench = try? Bench()
        var envelope = Subscriptions_V1_CommandEnvelope()
        envelope.commandID = commandId
        envelope.command = .createTestClock(.with { $0.frozenTime = Google_Protobuf_Timestamp(date: newYear) })
        guard let bench,
            let outcome = try? bench.handler.handle(envelope, context: CommandContext(now: newYear, clock: .manual), in: bench.transaction),
            case .createTestClock(let created)? = outcome.reply.result
        else { return "" }
        return created.clock.id
    }
}
