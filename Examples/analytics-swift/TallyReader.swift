import AMQPClient
import Foundation
import SubscriptionMessages
import SubscriptionTopology
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Reads a consumer into an ``EventTally`` until `expect` messages, `idleTimeout` seconds without
/// one, or SIGINT/SIGTERM.
final class TallyReader: Sendable {
    private struct State {
        var tally: EventTally
        var lastActivity = ContinuousClock.now
        var firstDelivery: ContinuousClock.Instant?
        var lastDelivery: ContinuousClock.Instant?
        var read = 0
    }

    private let position: EventLogPosition?
    private let expect: Int
    private let idleTimeout: Double
    private let state: Mutex<State>

    init(position: EventLogPosition?, expect: Int, idleTimeout: Double) {
        self.position = position
        self.expect = expect
        self.idleTimeout = idleTimeout
        state = Mutex(State(tally: EventTally(readsStream: position != nil)))
    }

    var tally: EventTally { state.withLock { $0.tally } }

    /// `tally: read N messages in S s (R/s)`: from the first delivery to the last.
    var rateLine: String {
        state.withLock { state in
            guard let first = state.firstDelivery, let last = state.lastDelivery else { return "tally: read 0 messages\n" }
            let elapsed = (last - first).components
            let seconds = Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18
            let rate = seconds > 0 ? Int(Double(state.read) / seconds) : state.read
            return "tally: read \(state.read) messages in \(String(format: "%.3f", seconds)) s (\(rate)/s)\n"
        }
    }

    /// Reads until a stop condition; returns having counted everything it acknowledged.
    func read(_ consumer: AMQPConsumer) async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await self.consume(consumer) }
            group.addTask { await self.watch() }
            await group.next()
            group.cancelAll()
        }
    }

    /// Reading the stream, an acknowledgement (`multiple`) every this many deliveries: for a
    /// stream it only lets the broker send more, so a quarter of the prefetch keeps it sending.
    /// One per run of deliveries was an await on the connection thread for runs of a message or
    /// two, which held a replay to a quarter of this pace.
    static let streamAckEvery = 250

    private func consume(_ consumer: AMQPConsumer) async {
        var unacknowledged = 0
        for await run in consumer.batches {
            var done = false
            for delivery in run where !done {
                let decodable: Bool
                (decodable, done) = handle(delivery)
                if position == nil {
                    // An own queue: each message settled, an undecodable one dropped (not requeued).
                    if decodable { try? await delivery.ack() } else { try? await delivery.nack(requeue: false) }
                } else {
                    unacknowledged += 1
                    if unacknowledged >= Self.streamAckEvery {
                        try? await delivery.ack(multiple: true)
                        unacknowledged = 0
                    }
                }
            }
            if done || Task.isCancelled { return }
        }
    }

    /// Counts one delivery: whether it decoded, and whether `expect` messages are counted now.
    private func handle(_ delivery: AMQPDelivery) -> (decodable: Bool, done: Bool) {
        let now = ContinuousClock.now
        let properties = delivery.message.properties
        let event = try? Subscriptions_V1_NotificationEvent(serializedBytes: delivery.message.body)
        let done = state.withLock { state in
            state.lastActivity = now
            if state.firstDelivery == nil { state.firstDelivery = now }
            state.lastDelivery = now
            state.read += 1
            if let event {
                guard position?.includes(signedAt: event.signedDate.date) ?? true else { return false }
                state.tally.count(event, messageID: properties.messageId)
            } else {
                guard position?.includes(messageTimestamp: properties.timestamp) ?? true else { return false }
                state.tally.countUndecodable()
            }
            return expect > 0 && state.tally.total >= expect
        }
        return (event != nil, done)
    }

    /// Returns at the idle timeout or a signal.
    private func watch() async {
        let signals = SignalFlag()
        let tick = Duration.milliseconds(idleTimeout > 0 ? min(200, Int64(idleTimeout * 1000)) : 200)
        while !Task.isCancelled {
            try? await Task.sleep(for: tick)
            if signals.raised { return }
            if idleTimeout > 0 {
                let idle = state.withLock { ContinuousClock.now - $0.lastActivity }
                if idle >= .milliseconds(Int64(idleTimeout * 1000)) { return }
            }
        }
    }
}

/// Whether SIGINT or SIGTERM arrived (the tally is printed in every case): the signals are
/// ignored by the process and read from dispatch sources instead. Used by one task.
final class SignalFlag {
    /// Set from the dispatch sources' queue, read by the task.
    private final class Raised: Sendable {
        let value = Atomic<Bool>(false)
    }

    private let raisedFlag = Raised()
    private let sources: [any DispatchSourceSignal]

    init() {
        let flag = raisedFlag
        sources = [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { flag.value.store(true, ordering: .relaxed) }
            source.resume()
            return source
        }
    }

    deinit {
        for source in sources { source.cancel() }
    }

    var raised: Bool { raisedFlag.value.load(ordering: .relaxed) }
}
