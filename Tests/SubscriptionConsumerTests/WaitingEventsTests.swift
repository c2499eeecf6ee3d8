import Testing

@testable import SubscriptionNotifier

/// The notifier takes every event waiting at once (one transaction for all), in arrival order.
@Suite("Notifier: events waiting are taken together")
struct WaitingEventsTests {
    @Test("runs appended before a take come out as one, in order; a take with nothing waiting gets the next run")
    func merges() async {
        let waiting = WaitingEvents<Int>()
        waiting.append([1, 2])
        waiting.append([3])
        waiting.append([4, 5])
        #expect(await waiting.take() == [1, 2, 3, 4, 5])
        async let next = waiting.take()
        try? await Task.sleep(for: .milliseconds(50))
        waiting.append([6])
        #expect(await next == [6])
    }

    @Test("finish: what waits is still taken, then nil; a waiting taker gets nil")
    func finishes() async {
        let waiting = WaitingEvents<Int>()
        waiting.append([1])
        waiting.finish()
        #expect(await waiting.take() == [1])
        #expect(await waiting.take() == nil)
        let idle = WaitingEvents<Int>()
        async let next = idle.take()
        try? await Task.sleep(for: .milliseconds(50))
        idle.finish()
        #expect(await next == nil)
    }
}
