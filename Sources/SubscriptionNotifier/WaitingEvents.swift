import Synchronization

/// The events delivered to the notifier and not taken yet, so that it takes everything waiting
/// at once: the connection hands over a run per read of the socket (often two events), and
/// storing each run in a transaction of its own would sync the file for every couple of events.
final class WaitingEvents<Event: Sendable>: Sendable {
    private struct State {
        var deliveries: [Event] = []
        var taker: CheckedContinuation<[Event]?, Never>?
        var finished = false
    }

    private let state = Mutex(State())

    /// Adds a run, in order; wakes the taker waiting for one.
    func append(_ run: [Event]) {
        let taker = state.withLock { state -> CheckedContinuation<[Event]?, Never>? in
            guard let taker = state.taker else {
                state.deliveries.append(contentsOf: run)
                return nil
            }
            state.taker = nil
            return taker
        }
        taker?.resume(returning: run)
    }

    /// No more runs will come: the taker gets what is waiting, then nil.
    func finish() {
        let taker = state.withLock { state -> CheckedContinuation<[Event]?, Never>? in
            state.finished = true
            defer { state.taker = nil }
            return state.taker
        }
        taker?.resume(returning: nil)
    }

    /// Everything waiting, in arrival order (the consumer's prefetch bounds it); waits for a run
    /// when nothing is; nil once finished and empty. One taker at a time.
    func take() async -> [Event]? {
        await withCheckedContinuation { (continuation: CheckedContinuation<[Event]?, Never>) in
            let ready = state.withLock { state -> [Event]?? in
                if !state.deliveries.isEmpty {
                    defer { state.deliveries = [] }
                    return .some(state.deliveries)
                }
                if state.finished { return .some(nil) }
                state.taker = continuation
                return .none
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }
}
