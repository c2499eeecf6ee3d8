import Foundation
import HeapModule
import Synchronization

/// The requests waiting for their replies, by command id, and their deadlines.
///
/// A reply is routed to its waits by the connection thread itself (``deliver(_:correlationID:)``
/// from the reply consumer's handler): no task wakes between the socket and the request. The
/// deadlines are kept in one heap and swept by one task (``sweep(every:)``), instead of a timer
/// task per request. Several requests may wait for the same command id (a concurrent replay):
/// a reply ends all of them. A reply nobody waits for is dropped.
final class ReplyWaiters: Sendable {
    fileprivate enum Entry {
        case one(CommandWait)
        case several([CommandWait])
    }

    /// A wait in the deadline heap, ordered by its deadline (kept here too: comparing must not
    /// chase a reference).
    fileprivate struct Timed: Comparable {
        var deadline: ContinuousClock.Instant
        var wait: CommandWait
        var budget: Duration

        static func < (lhs: Timed, rhs: Timed) -> Bool { lhs.deadline < rhs.deadline }
        static func == (lhs: Timed, rhs: Timed) -> Bool { lhs.deadline == rhs.deadline }
    }

    fileprivate struct State {
        var waits: [String: Entry] = [:]
        var deadlines = Heap<Timed>()
    }

    private let state = Mutex(State())

    init() {}

    /// Registers `wait` (before its command is published, so that even a reply faster than the
    /// publish's return finds it) with the `budget` its deadline message names.
    func register(_ wait: CommandWait, budget: Duration) {
        state.withLock { state in
            switch state.waits[wait.commandID] {
            case nil: state.waits[wait.commandID] = .one(wait)
            case .one(let other): state.waits[wait.commandID] = .several([other, wait])
            case .several(let others): state.waits[wait.commandID] = .several(others + [wait])
            }
            state.deadlines.insert(Timed(deadline: wait.deadline, wait: wait, budget: budget))
        }
    }

    /// Forgets `wait` (it ended otherwise than by a reply); its deadline entry goes at its
    /// sweep.
    func remove(_ wait: CommandWait) {
        state.withLock { $0.remove(wait) }
    }

    /// Ends every wait for `correlationID` with the reply's `body`; false when nobody waited.
    @discardableResult
    func deliver(_ body: Data, correlationID: String) -> Bool {
        guard let entry = state.withLock({ $0.waits.removeValue(forKey: correlationID) }) else { return false }
        switch entry {
        case .one(let wait):
            wait.end(with: .reply(body))
        case .several(let waits):
            for wait in waits { wait.end(with: .reply(body)) }
        }
        return true
    }

    /// Ends the waits whose deadline is `now` or earlier; returns how many the sweep removed.
    @discardableResult
    func expire(asOf now: ContinuousClock.Instant, notSentReason: @escaping () -> String) -> Int {
        let due: [Timed] = state.withLock { state in
            var due: [Timed] = []
            while let earliest = state.deadlines.min, earliest.deadline <= now {
                let timed = state.deadlines.removeMin()
                if !timed.wait.hasEnded { due.append(timed) }
            }
            for timed in due { state.remove(timed.wait) }
            return due
        }
        for timed in due { timed.wait.expire(budget: timed.budget, notSentReason: notSentReason()) }
        return due.count
    }

    /// Sweeps the deadlines every `interval` until the calling task is cancelled: a wait ends
    /// at most `interval` after its deadline.
    func sweep(every interval: Duration, notSentReason: @escaping @Sendable () -> String) async {
        while !Task.isCancelled {
            do {
                try await Task.sleep(for: interval)
            } catch {
                return
            }
            expire(asOf: .now, notSentReason: notSentReason)
        }
    }

    /// Waits registered and not yet ended by a reply or their deadline (tests, metrics).
    var pendingCount: Int {
        state.withLock { state in
            state.waits.values.reduce(0) { count, entry in
                switch entry {
                case .one: count + 1
                case .several(let waits): count + waits.count
                }
            }
        }
    }
}

extension ReplyWaiters.State {
    fileprivate mutating func remove(_ wait: CommandWait) {
        switch waits[wait.commandID] {
        case .one(let registered) where registered === wait:
            waits[wait.commandID] = nil
        case .several(let registered):
            let rest = registered.filter { $0 !== wait }
            waits[wait.commandID] = rest.count == 1 ? .one(rest[0]) : .several(rest)
        default:
            break
        }
    }
}
