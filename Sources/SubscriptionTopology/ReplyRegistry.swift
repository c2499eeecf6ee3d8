import SubscriptionMessages
import Synchronization

/// Requests waiting for their `CommandReply`, by `correlation_id`: the producer, `subscriptionsctl`
/// and `subscriptions-load` all match replies with it.
///
/// A waiter registers before its command is published, so a reply that overtakes the
/// `wait` call is buffered, not lost. Several requests may wait for the same command id (a
/// concurrent replay); a reply resolves all of them. A reply nobody waits for is dropped.
package final class ReplyRegistry: Sendable {
    /// One registration.
    package struct Ticket: Hashable, Sendable {
        package var commandID: String
        package var number: UInt64
    }

    fileprivate enum Waiter {
        case registered(buffered: Subscriptions_V1_CommandReply?)
        case waiting(CheckedContinuation<Subscriptions_V1_CommandReply?, Never>)
    }

    fileprivate struct State {
        var nextNumber: UInt64 = 0
        var waiters: [String: [UInt64: Waiter]] = [:]
    }

    private let state = Mutex(State())

    /// An empty registry.
    package init() {}

    /// Registers interest in the reply to `commandID`.
    package func register(commandID: String) -> Ticket {
        state.withLock { state in
            state.nextNumber += 1
            state.waiters[commandID, default: [:]][state.nextNumber] = .registered(buffered: nil)
            return Ticket(commandID: commandID, number: state.nextNumber)
        }
    }

    /// Waits for the reply of `ticket`; `nil` once ``expire(_:)`` was called for it.
    package func wait(_ ticket: Ticket) async -> Subscriptions_V1_CommandReply? {
        await withCheckedContinuation { continuation in
            let resumeNow: Subscriptions_V1_CommandReply?? = state.withLock { state in
                switch state.waiters[ticket.commandID]?[ticket.number] {
                case .registered(let buffered?):
                    state.remove(ticket)
                    return .some(buffered)
                case .registered(nil):
                    state.waiters[ticket.commandID]?[ticket.number] = .waiting(continuation)
                    return nil
                case .waiting, nil:
                    return .some(nil)
                }
            }
            if let resumeNow { continuation.resume(returning: resumeNow) }
        }
    }

    /// Waits for the reply of `ticket` until `deadline`; `nil` when none came in time.
    package func wait(_ ticket: Ticket, until deadline: ContinuousClock.Instant) async -> Subscriptions_V1_CommandReply? {
        await withTaskGroup(of: Subscriptions_V1_CommandReply?.self) { group in
            group.addTask { await self.wait(ticket) }
            group.addTask {
                try? await Task.sleep(until: deadline)
                self.expire(ticket)
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
    }

    /// Ends the wait of `ticket` without a reply (deadline passed, publish failed, cancelled).
    package func expire(_ ticket: Ticket) {
        let continuation: CheckedContinuation<Subscriptions_V1_CommandReply?, Never>? = state.withLock { state in
            defer { state.remove(ticket) }
            if case .waiting(let continuation) = state.waiters[ticket.commandID]?[ticket.number] { return continuation }
            return nil
        }
        continuation?.resume(returning: nil)
    }

    /// Hands `reply` to everyone waiting for its command id; `false` when nobody was.
    @discardableResult
    package func deliver(_ reply: Subscriptions_V1_CommandReply, correlationID: String) -> Bool {
        let continuations: [CheckedContinuation<Subscriptions_V1_CommandReply?, Never>]? = state.withLock { state in
            guard var waiters = state.waiters[correlationID] else { return nil }
            var ready: [CheckedContinuation<Subscriptions_V1_CommandReply?, Never>] = []
            for (number, waiter) in waiters {
                switch waiter {
                case .waiting(let continuation):
                    ready.append(continuation)
                    waiters[number] = nil
                case .registered:
                    waiters[number] = .registered(buffered: reply)
                }
            }
            state.waiters[correlationID] = waiters.isEmpty ? nil : waiters
            return ready
        }
        guard let continuations else { return false }
        for continuation in continuations { continuation.resume(returning: reply) }
        return true
    }

    /// Number of registrations still open (for tests and metrics).
    package var pendingCount: Int { state.withLock { $0.waiters.values.reduce(0) { $0 + $1.count } } }
}

extension ReplyRegistry.State {
    fileprivate mutating func remove(_ ticket: ReplyRegistry.Ticket) {
        waiters[ticket.commandID]?[ticket.number] = nil
        if waiters[ticket.commandID]?.isEmpty == true { waiters[ticket.commandID] = nil }
    }
}
