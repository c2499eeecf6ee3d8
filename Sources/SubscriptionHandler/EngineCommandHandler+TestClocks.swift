import Foundation
import Logging
import StableIdentifiers
import SubscriptionEngine
import SubscriptionMessages
import SubscriptionStore
import SubscriptionWire

/// Test clocks as objects (docs/test-clocks.md, R-CLK-1…3): create, read, list, advance, delete.
/// They run whatever the consumer's clock mode is; each has its own now, which only an
/// `AdvanceTestClock` naming it moves.
extension EngineCommandHandler {
    /// The longest clock name.
    static let maximumClockNameLength = 100

    func createTestClock(
        _ request: Subscriptions_V1_CreateTestClockRequest, of envelope: Subscriptions_V1_CommandEnvelope, at now: Timestamp,
        in transaction: any AggregateTransaction
    ) throws -> CommandOutcome {
        guard request.hasFrozenTime else {
            return try refuse(envelope, EngineRejection(.invalidArgument, error: .missingField, field: "frozenTime", "frozenTime is required"), at: now, firesDueTransitions: false, in: transaction)
        }
        let seconds = request.frozenTime.seconds
        guard seconds >= 0, seconds <= TestClockTarget.latest.millisecondsSince1970 / 1000 else {
            return try refuse(
                envelope,
                EngineRejection(
                    .invalidArgument, error: .invalidValue, field: "frozenTime",
                    "frozenTime must be between 1970-01-01T00:00:00Z and 9999-12-31T23:59:59Z, got \(seconds) s since 1970"),
                at: now, firesDueTransitions: false, in: transaction)
        }
        guard request.name.count <= Self.maximumClockNameLength,
            !request.name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        else {
            return try refuse(
                envelope,
                EngineRejection(
                    .invalidArgument, error: .invalidValue, field: "name",
                    "name must be at most \(Self.maximumClockNameLength) characters without control characters, got \(request.name.count)"),
                at: now, firesDueTransitions: false, in: transaction)
        }
        let start = seconds * 1000 + Int64(request.frozenTime.nanos / 1_000_000)
        let clock = StoredTestClock(id: Self.testClockId(commandId: envelope.commandID), name: request.name, now: start, createdAt: start)
        try transaction.putTestClock(clock)
        return CommandOutcome(
            reply: Subscriptions_V1_CommandReply(
                commandId: envelope.commandID,
                result: .createTestClock(.with { $0.clock = Self.message(clock, subscriptions: 0) }),
                repliedAt: Timestamp(millisecondsSince1970: start)),
            events: [])
    }

    func getTestClock(
        _ request: Subscriptions_V1_GetTestClockRequest, of envelope: Subscriptions_V1_CommandEnvelope, at now: Timestamp,
        in transaction: any AggregateTransaction
    ) throws -> CommandOutcome {
        guard let clock = try transaction.testClock(request.testClockID) else {
            return try refuse(envelope, CommandClock.notFound(request.testClockID), at: now, firesDueTransitions: false, in: transaction)
        }
        let message = Self.message(clock, subscriptions: try transaction.subscriptionCount(onClock: clock.id))
        return CommandOutcome(
            reply: Subscriptions_V1_CommandReply(
                commandId: envelope.commandID, result: .getTestClock(.with { $0.clock = message }),
                repliedAt: Timestamp(millisecondsSince1970: clock.now)),
            events: [])
    }

    func listTestClocks(
        of envelope: Subscriptions_V1_CommandEnvelope, at now: Timestamp, in transaction: any AggregateTransaction
    ) throws -> CommandOutcome {
        let clocks = try transaction.testClocks().map { Self.message($0, subscriptions: try transaction.subscriptionCount(onClock: $0.id)) }
        return CommandOutcome(
            reply: Subscriptions_V1_CommandReply(
                commandId: envelope.commandID, result: .listTestClocks(.with { $0.clocks = clocks }), repliedAt: now),
            events: [])
    }

    /// Deletes the clock and everything on it; events already published stay.
    func deleteTestClock(
        _ request: Subscriptions_V1_DeleteTestClockRequest, of envelope: Subscriptions_V1_CommandEnvelope, at now: Timestamp,
        in transaction: any AggregateTransaction, logger: Logger
    ) throws -> CommandOutcome {
        guard let clock = try transaction.testClockToChange(request.testClockID) else {
            return try refuse(envelope, CommandClock.notFound(request.testClockID), at: now, firesDueTransitions: false, in: transaction)
        }
        let message = Self.message(clock, subscriptions: try transaction.subscriptionCount(onClock: clock.id))
        let deleted = try transaction.deleteTestClock(clock.id)
        logger.debug("test clock deleted", metadata: ["clock.id": "\(clock.id)", "subscriptions": "\(deleted)"])
        return CommandOutcome(
            reply: Subscriptions_V1_CommandReply(
                commandId: envelope.commandID,
                result: .deleteTestClock(.with {
                    $0.clock = message
                    $0.subscriptionsDeleted = Int64(deleted)
                }),
                repliedAt: Timestamp(millisecondsSince1970: clock.now)),
            events: [])
    }

    /// `advance_test_clock` naming a test clock: fires that clock's transitions (and only its)
    /// up to the target, in time order, and moves its now (R-CLK-2).
    func advanceTestClock(
        _ request: Subscriptions_V1_AdvanceTestClockRequest, clockId: String, of envelope: Subscriptions_V1_CommandEnvelope,
        at consumerNow: Timestamp, in transaction: any AggregateTransaction, logger: Logger
    ) throws -> CommandOutcome {
        guard var clock = try transaction.testClockToChange(clockId) else {
            return try refuse(envelope, CommandClock.notFound(clockId), at: consumerNow, firesDueTransitions: false, in: transaction)
        }
        let now = Timestamp(millisecondsSince1970: clock.now)
        let target: Timestamp
        switch TestClockTarget.resolve(request.target, from: now) {
        case .success(let instant): target = instant
        case .failure(let rejection): return try refuse(envelope, rejection, at: now, firesDueTransitions: false, in: transaction)
        }
        var store = AggregateEngineStore(transaction, clockId: clockId)
        let (fired, reached) = try engine.advance(toward: target, in: &store, eventLimit: CommandPreview.maximumAdvanceEvents)
        clock.now = reached.millisecondsSince1970
        try transaction.putTestClock(clock)
        logger.debug("test clock advanced", metadata: ["clock.id": "\(clockId)", "clock.now": "\(reached)", "events": "\(fired.count)"])
        return CommandOutcome(
            reply: OutgoingReply(Subscriptions_V1_CommandReply(
                commandId: envelope.commandID, result: .advanceTestClock(Self.advanceReply(from: now, to: reached, fired: fired)),
                repliedAt: reached)),
            events: fired.map { OutgoingEvent($0) })
    }

    /// The reply of an advance: `transitions_fired` counts distinct (subscription, instant)
    /// pairs among the events (one renewal or one consent request on three channels is one).
    static func advanceReply(from now: Timestamp, to target: Timestamp, fired: [EngineEvent]) -> Subscriptions_V1_AdvanceTestClockReply {
        let transitions = Set(fired.map { "\($0.subscriptionId)\u{1F}\($0.signedDate.millisecondsSince1970)" }).count
        return .with {
            $0.clock.previousNow = now.protobuf
            $0.clock.now = target.protobuf
            $0.clock.transitionsFired = Int64(transitions)
            $0.clock.eventsPublished = Int64(fired.count)
        }
    }

    /// `clock_` and 24 hex digits of SHA-1 over the creating command's id: a replay of the
    /// command (or a golden replay into a fresh deployment) names the same clock.
    static func testClockId(commandId: String) -> String {
        let digest = SHA1.digest("test-clock\u{1F}\(commandId)".utf8)
        return "clock_" + digest.prefix(12).map { String($0, radix: 16).leftPadded(to: 2) }.joined()
    }

    static func message(_ clock: StoredTestClock, subscriptions: Int) -> Subscriptions_V1_TestClock {
        .with {
            $0.id = clock.id
            $0.name = clock.name
            $0.now = Timestamp(millisecondsSince1970: clock.now).protobuf
            $0.frozenTimeAtCreation = Timestamp(millisecondsSince1970: clock.createdAt).protobuf
            $0.subscriptionCount = Int64(subscriptions)
        }
    }
}

extension String {
    fileprivate func leftPadded(to length: Int) -> String {
        count >= length ? self : String(repeating: "0", count: length - count) + self
    }
}
