import CoreMetrics
import Foundation
import Metrics

/// The consumer's metrics (swift-metrics; `main` bootstraps the Prometheus backend served at
/// `/metrics`). Names follow Prometheus conventions; docs/consumer.md lists them.
struct ConsumerMetrics: Sendable {
    private let eventsCounter = Counter(label: "subscriptions_events_published_total")
    private let deadLetteredCounter = Counter(label: "subscriptions_commands_dead_lettered_total")
    private let backlogGauge = Gauge(label: "subscriptions_outbox_backlog")
    private let batchSizeRecorder = Recorder(label: "subscriptions_command_batch_size", aggregate: true)

    /// One command finished with `status` after `duration`.
    func commandProcessed(method: String, status: String, duration: Duration) {
        Counter(label: "subscriptions_commands_total", dimensions: [("method", method), ("status", status)]).increment()
        Metrics.Timer(label: "subscriptions_command_duration_seconds", dimensions: [("method", method)])
            .recordNanoseconds(duration.components.seconds * 1_000_000_000 + duration.components.attoseconds / 1_000_000_000)
    }

    func eventsPublished(_ count: Int) {
        if count > 0 { eventsCounter.increment(by: count) }
    }

    func deadLettered(reason: String) {
        deadLetteredCounter.increment()
        Counter(label: "subscriptions_commands_dead_lettered_by_reason_total", dimensions: [("reason", reason)]).increment()
    }

    func outboxBacklog(_ count: Int) {
        backlogGauge.record(count)
    }

    func batch(size: Int) {
        batchSizeRecorder.record(size)
    }
}
