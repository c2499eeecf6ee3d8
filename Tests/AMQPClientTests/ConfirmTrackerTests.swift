import Testing
@testable import AMQPClient

@Suite("Publisher confirm tracking")
struct ConfirmTrackerTests {
    @Test("tags count from 1 and a single ack settles only its tag")
    func singleAck() {
        var tracker = ConfirmTracker<String>()
        #expect(tracker.register("a") == 1)
        #expect(tracker.register("b") == 2)
        let settled = tracker.settle(tag: 2, multiple: false, nacked: false)
        #expect(settled.map(\.0) == ["b"])
        #expect(tracker.count == 1)
    }

    @Test("multiple settles every tag up to and including its own")
    func multipleAck() {
        var tracker = ConfirmTracker<Int>()
        for value in 1...5 { _ = tracker.register(value) }
        let settled = tracker.settle(tag: 3, multiple: true, nacked: false)
        #expect(settled.map(\.0) == [1, 2, 3])
        #expect(tracker.count == 2)
    }

    @Test("a return before the ack turns the ack into a returned outcome")
    func returned() {
        var tracker = ConfirmTracker<String>()
        _ = tracker.register("routed")
        let tag = tracker.register("unroutable")
        tracker.markReturned(tag: tag, replyCode: 312, replyText: "NO_ROUTE")
        let outcomes = tracker.settle(tag: tag, multiple: true, nacked: false)
        #expect(outcomes.count == 2)
        guard case .confirmed = outcomes[0].1 else { Issue.record("first should be confirmed"); return }
        guard case .returned(let code, let text) = outcomes[1].1 else { Issue.record("second should be returned"); return }
        #expect(code == 312 && text == "NO_ROUTE")
    }

    @Test("a nack settles as nacked")
    func nacked() {
        var tracker = ConfirmTracker<String>()
        let tag = tracker.register("x")
        let outcomes = tracker.settle(tag: tag, multiple: false, nacked: true)
        guard case .nacked = outcomes.first?.1 else { Issue.record("expected nacked"); return }
    }

    @Test("removeAll returns the unsettled publishes in order and restarts the tags")
    func removeAll() {
        var tracker = ConfirmTracker<Int>()
        for value in 1...3 { _ = tracker.register(value) }
        _ = tracker.settle(tag: 1, multiple: false, nacked: false)
        #expect(tracker.removeAll() == [2, 3])
        #expect(tracker.count == 0)
        #expect(tracker.register(9) == 1)
    }

    @Test("a single ack in the middle, then a multiple ack, settle each publish once, in tag order")
    func outOfOrder() {
        var tracker = ConfirmTracker<Int>()
        for value in 1...6 { _ = tracker.register(value) }
        #expect(tracker.settle(tag: 4, multiple: false, nacked: false).map(\.0) == [4])
        #expect(tracker.settle(tag: 5, multiple: true, nacked: false).map(\.0) == [1, 2, 3, 5])
        #expect(tracker.settle(tag: 5, multiple: true, nacked: false).isEmpty)
        #expect(tracker.count == 1)
        #expect(tracker.removeAll() == [6])
    }

    @Test("a long stream of confirms keeps tags and counts right across compactions")
    func longStream() {
        var tracker = ConfirmTracker<UInt64>()
        var settledValues: [UInt64] = []
        for round in 0..<50 {
            for _ in 0..<100 { _ = tracker.register(tracker.nextTag) }
            // Confirm all but the newest 30, alternating single and multiple acks.
            let upTo = tracker.nextTag - 31
            if round % 2 == 0 {
                settledValues += tracker.settle(tag: upTo, multiple: true, nacked: false).map(\.0)
            } else {
                var tag = upTo
                var singles: [UInt64] = []
                while let (value, _) = tracker.settle(tag: tag, multiple: false, nacked: false).first {
                    singles.append(value)
                    tag -= 1
                }
                settledValues += singles.reversed()
            }
        }
        #expect(settledValues == Array(1...UInt64(settledValues.count)))
        #expect(tracker.count == 5000 - settledValues.count)
        #expect(tracker.removeAll().first == UInt64(settledValues.count + 1))
    }
}

@Suite("Reconnect backoff")
struct ReconnectBackoffTests {
    @Test("doubles from the initial delay and stops at the maximum; reset starts over")
    func doubling() {
        var backoff = ReconnectBackoff(initial: .milliseconds(100), maximum: .milliseconds(700))
        let delays = (0..<5).map { _ in backoff.nextDelay() }
        #expect(delays == [.milliseconds(100), .milliseconds(200), .milliseconds(400), .milliseconds(700), .milliseconds(700)])
        backoff.reset()
        #expect(backoff.nextDelay() == .milliseconds(100))
    }
}
