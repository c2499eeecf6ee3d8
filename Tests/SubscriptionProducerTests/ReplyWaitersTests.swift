import AMQPClient
import Foundation
import Testing

@testable import SubscriptionProducer

/// The requests' waits without a broker: one suspension each, ended by the reply, the publish's
/// failure, the deadline sweep or cancellation, whichever comes first, exactly once.
@Suite("Reply waits and their deadlines")
struct ReplyWaitersTests {
    static func body(_ text: String) -> Data { Data(text.utf8) }

    static func reply(of outcome: CommandWait.Outcome) -> String? {
        if case .reply(let body) = outcome { return String(decoding: body, as: UTF8.self) }
        return nil
    }

    static func failure(of outcome: CommandWait.Outcome) -> CommandFailure? {
        if case .failure(let failure) = outcome { return failure }
        return nil
    }

    @Test("a reply ends its wait, also one that came before the wait began; a second reply is dropped")
    func replyEndsTheWait() async {
        let waiters = ReplyWaiters()
        let early = CommandWait(commandID: "a", deadline: .now + .seconds(10))
        waiters.register(early, budget: .seconds(10))
        #expect(waiters.deliver(Self.body("first"), correlationID: "a"))
        #expect(!waiters.deliver(Self.body("second"), correlationID: "a"))
        #expect(Self.reply(of: await early.outcome()) == "first")
        #expect(waiters.pendingCount == 0)

        let late = CommandWait(commandID: "b", deadline: .now + .seconds(10))
        waiters.register(late, budget: .seconds(10))
        async let outcome = late.outcome()
        try? await Task.sleep(for: .milliseconds(20))
        waiters.deliver(Self.body("reply"), correlationID: "b")
        #expect(Self.reply(of: await outcome) == "reply")
    }

    @Test("two requests with the same command id (a concurrent replay) both get the reply")
    func replayWaitsShareTheReply() async {
        let waiters = ReplyWaiters()
        let first = CommandWait(commandID: "same", deadline: .now + .seconds(10))
        let second = CommandWait(commandID: "same", deadline: .now + .seconds(10))
        waiters.register(first, budget: .seconds(10))
        waiters.register(second, budget: .seconds(10))
        #expect(waiters.pendingCount == 2)
        waiters.deliver(Self.body("one reply"), correlationID: "same")
        #expect(Self.reply(of: await first.outcome()) == "one reply")
        #expect(Self.reply(of: await second.outcome()) == "one reply")
    }

    @Test("the sweep ends a wait at its deadline, saying whether the broker had confirmed the command")
    func deadlines() async {
        let waiters = ReplyWaiters()
        let now = ContinuousClock.now
        let unsent = CommandWait(commandID: "unsent", deadline: now + .milliseconds(100))
        let sent = CommandWait(commandID: "sent", deadline: now + .milliseconds(200))
        let confirmed = CommandWait(commandID: "confirmed", deadline: now + .milliseconds(300))
        let later = CommandWait(commandID: "later", deadline: now + .seconds(60))
        for wait in [later, confirmed, unsent, sent] { waiters.register(wait, budget: .milliseconds(250)) }
        #expect(sent.claimForSending())
        #expect(confirmed.claimForSending())
        confirmed.publishSettled(.success(()))

        #expect(waiters.expire(asOf: now + .milliseconds(50), notSentReason: { "not connected" }) == 0)
        #expect(waiters.expire(asOf: now + .milliseconds(300), notSentReason: { "not connected" }) == 3)
        let unsentFailure = Self.failure(of: await unsent.outcome())
        #expect(unsentFailure?.code == .deadlineExceeded)
        #expect(unsentFailure?.message.contains("did not accept the command within 250 ms") == true)
        #expect(unsentFailure?.message.contains("it was not sent by the deadline (not connected) and will not be") == true)
        #expect(unsentFailure?.publishReason == "timeout")
        #expect(Self.failure(of: await sent.outcome())?.message.contains("it was sent and may still be delivered") == true)
        let confirmedFailure = Self.failure(of: await confirmed.outcome())
        #expect(confirmedFailure?.message == "no reply from the subscription service within 250 ms")
        #expect(confirmedFailure?.publishReason == nil)
        // An ended wait is not sent any more, nor sent again after a reconnection.
        #expect(!unsent.claimForSending())
        #expect(unsent.hasEnded && !later.hasEnded)
        #expect(waiters.pendingCount == 1)
        // A reply after the deadline finds nobody.
        #expect(!waiters.deliver(Self.body("late"), correlationID: "sent"))
    }

    @Test("a refused publish ends the wait with 503's failure; a later reply changes nothing")
    func refusedPublish() async {
        let waiters = ReplyWaiters()
        let wait = CommandWait(commandID: "refused", deadline: .now + .seconds(10))
        waiters.register(wait, budget: .seconds(10))
        wait.publishSettled(.failure(AMQPError(.publishReturned, "unroutable")))
        waiters.deliver(Self.body("too late"), correlationID: "refused")
        let failure = Self.failure(of: await wait.outcome())
        #expect(failure?.code == .publishFailed)
        #expect(failure?.publishReason == "publishReturned")
    }

    @Test("cancelling the request ends its wait at once")
    func cancellation() async {
        let wait = CommandWait(commandID: "cancelled", deadline: .now + .seconds(60))
        let task = Task { await wait.outcome() }
        try? await Task.sleep(for: .milliseconds(20))
        task.cancel()
        let failure = Self.failure(of: await task.value)
        #expect(failure?.code == .cancelled)
        #expect(failure?.publishReason == "cancelled")
        #expect(wait.hasEnded)
    }

    @Test("the sweep task ends waits within its interval and stops when cancelled")
    func sweepTask() async {
        let waiters = ReplyWaiters()
        let wait = CommandWait(commandID: "swept", deadline: .now + .milliseconds(50))
        waiters.register(wait, budget: .milliseconds(50))
        let sweep = Task { await waiters.sweep(every: .milliseconds(10), notSentReason: { "test" }) }
        let started = ContinuousClock.now
        let failure = Self.failure(of: await wait.outcome())
        #expect(failure?.code == .deadlineExceeded)
        // A guard against a wait only its own 60 s fallback would end, not a speed claim: a
        // loaded machine may take seconds to schedule the sweep.
        #expect(ContinuousClock.now - started < .seconds(30))
        sweep.cancel()
        await sweep.value
    }
}
