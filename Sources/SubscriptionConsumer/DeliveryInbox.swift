import AMQPClient
import DequeModule
import Synchronization

/// Work waiting for the command pipeline, shared by the task that reads the consumer, the
/// timer scheduler and the task that commits: deliveries in arrival order, and whether due
/// timers (renewals, mass-extension batches) should be fired.
final class DeliveryInbox: Sendable {
    /// What to do next.
    enum Work {
        /// Up to the limit of the oldest deliveries.
        case deliveries([AMQPDelivery])
        /// Fire the timers that are due.
        case timers
        /// Nothing is waiting.
        case idle
    }

    private struct State {
        var deliveries = Deque<AMQPDelivery>()
        var timersRequested = false
        var lastWasDeliveries = false
    }

    private let state = Mutex(State())

    /// Appends a run of deliveries (``AMQPConsumer/batches``), in order, under one lock.
    func append(contentsOf deliveries: [AMQPDelivery]) {
        state.withLock { $0.deliveries.append(contentsOf: deliveries) }
    }

    /// Asks for a timer transaction (the scheduler saw something due).
    func requestTimers() {
        state.withLock { $0.timersRequested = true }
    }

    /// The next work: deliveries first, but a requested timer transaction gets every other
    /// turn, so a stream of commands never starves renewals and mass extensions.
    func take(limit: Int) -> Work {
        state.withLock { state in
            if state.timersRequested, state.lastWasDeliveries || state.deliveries.isEmpty {
                state.timersRequested = false
                state.lastWasDeliveries = false
                return .timers
            }
            guard let first = state.deliveries.first else { return .idle }
            // A redelivered command may be the one that crashed the previous process (a poison
            // command): it is committed alone, so the commands ahead of it land instead of
            // sharing its crashes (docs/consumer.md, "Poison commands").
            let count = first.redelivered
                ? 1 : state.deliveries.prefix(limit).firstIndex { $0.redelivered } ?? min(limit, state.deliveries.count)
            let batch = Array(state.deliveries.prefix(count))
            state.deliveries.removeFirst(count)
            state.lastWasDeliveries = true
            return .deliveries(batch)
        }
    }
}
