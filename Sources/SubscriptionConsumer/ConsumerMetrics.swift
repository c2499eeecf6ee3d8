import CoreMetrics
import Foundation
import Metrics
import Synchronization

/// The consumer's metrics (swift-metrics; `main` bootstraps the Prometheus backend served at
/// `/metrics`). Names follow Prometheus conventions; docs/consumer.md lists them.
///
/// Labelled metrics are made once per label set and kept: making one goes through the
/// backend's registry (a lock and a lookup), too much for every command.
final class ConsumerMetrics: Sendable {
    private struct Labels: Hashable {
        var method: String
        var status: String
    }

    private let eventsCounter = Counter(label: "subscriptions_events_published_total")
    private let deadLetteredCounter = Counter(label: "subscriptions_commands_dead_lettered_total")
    private let prunedCounter = Counter(label: "subscriptions_processed_commands_pruned_total")
    private let backlogGauge = Gauge(label: "subscriptions_outbox_backlog")
    private let batchSizeRecorder = Recorder(label: "subscriptions_command_batch_size", aggregate: true)
    private let commandCounters = Mutex<[Labels: Counter]>([:])
    private let durationTimers = Mutex<[String: Metrics.Timer]>([:])

    /// One command finished with `status` after `duration`.
    func commandProcessed(method: String, status: String, duration: Duration) {
        commandsProcessed(method: method, status: status, count: 1, duration: duration)
    }

    /// `count` commands of `method` finished with `status`, each after `duration`.
    func commandsProcessed(method: String, status: String, count: Int, duration: Duration) {
        let labels = Labels(method: method, status: status)
        let counter = commandCounters.withLock { counters in
            if let counter = counters[labels] { return counter }
            let counter = Counter(label: "subscriptions_commands_total", dimensions: [("method", method), ("status", status)])
            counters[labels] = counter
            return counter
        }
        counter.increment(by: count)
        let timer = durationTimers.withLock { timers in
            if let timer = timers[method] { return timer }
            let timer = Metrics.Timer(label: "subscriptions_command_duration_seconds", dimensions: [("method", method)])
            timers[method] = timer
            return timer
        }
        let nanoseconds = duration.components.seconds * 1_000_000_000 + duration.components.attoseconds / 1_000_000_000
        for _ in 0..<count { timer.recordNanoseconds(nanoseconds) }
    }

    func eventsPublished(_ count: Int) {
        if count > 0 { eventsCounter.increment(by: count) }
    }

    func deadLettered(reason: String) {
        deadLetteredCounter.increment()
        Counter(label: "subscriptions_commands_dead_lettered_by_reason_total", dimensions: [("reason", reason)]).increment()
    }

    func processedCommandsPruned(_ count: Int) {
        if count > 0 { prunedCounter.increment(by: count) }
    }

    func outboxBacklog(_ count: Int) {
        backlogGauge.record(count)
    }

    func batch(size: Int) {
        batchSizeRecorder.record(size)
    }
}
