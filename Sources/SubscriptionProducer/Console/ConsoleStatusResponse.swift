import AMQPClient
import Foundation
import SubscriptionMessages

/// Our answer to `GET /v1/status`, the console's health panel: this producer's broker
/// connection, the depth of the commands queue (the consumers' lag) and of the dead-letter
/// queue, and every consumer's latest status report with its metrics read back from the
/// Prometheus text it published (the same numbers as its `/metrics`). Instants in ms since 1970.
struct ConsoleStatusResponse: Encodable {
    struct Producer: Encodable {
        /// Connected and consuming its reply queue: commands can be sent.
        var ready: Bool
        var brokerConnected: Bool
    }

    struct Queue: Encodable {
        var name: String
        /// Ready messages; nil when the broker could not be asked.
        var messages: Int?
        var consumers: Int?
        /// Why the broker could not be asked.
        var error: String?
    }

    struct Queues: Encodable {
        var commands: Queue
        var deadLetter: Queue
    }

    /// Commands of one method and status since the consumer started.
    struct CommandCount: Encodable {
        var method: String
        var status: String
        var count: Double
    }

    struct Consumer: Encodable {
        var instanceId: String
        var host: String
        var startedAt: Int64
        var reportedAt: Int64
        /// Seconds since this producer received the report.
        var secondsSinceReport: Double
        /// No report for three intervals: the process may be gone.
        var stale: Bool
        var clock: Clock
        var storeReady: Bool
        var commandsTotal: Double
        /// Between the last two reports; nil after the first.
        var commandsPerSecond: Double?
        var eventsPublishedTotal: Double
        var eventsPerSecond: Double?
        var outboxBacklog: Double
        var deadLetteredTotal: Double
        var commands: [CommandCount]
    }

    struct Clock: Encodable {
        /// `system` or `manual`.
        var mode: String
        var now: Int64
    }

    var now: Int64
    var producer: Producer
    var queues: Queues
    var consumers: [Consumer]
}

extension ConsoleStatusResponse.Consumer {
    /// A consumer's entry from its last two reports; `staleAfter` seconds without a report make it stale.
    init(_ reports: ConsumerStatusBoard.Reports, now: Date, staleAfter: TimeInterval) {
        let status = reports.latest
        let metrics = PrometheusSamples(status.metrics)
        instanceId = status.instanceID
        host = status.host
        startedAt = status.startedAt.milliseconds
        reportedAt = status.reportedAt.milliseconds
        secondsSinceReport = max(0, now.timeIntervalSince(reports.receivedAt))
        stale = secondsSinceReport > staleAfter
        clock = ConsoleStatusResponse.Clock(mode: status.clockMode, now: status.clockNow.milliseconds)
        storeReady = status.storeReady
        commandsTotal = metrics.total(Metric.commands)
        eventsPublishedTotal = metrics.total(Metric.events)
        outboxBacklog = metrics.total(Metric.backlog)
        deadLetteredTotal = metrics.total(Metric.deadLettered)
        commands = metrics.all(Metric.commands)
            .map { ConsoleStatusResponse.CommandCount(method: $0.labels["method"] ?? "", status: $0.labels["status"] ?? "", count: $0.value) }
            .sorted { ($0.method, $0.status) < ($1.method, $1.status) }
        if let previous = reports.previous {
            // In Double: forged reports may hold any 64-bit times.
            let seconds = (Double(status.reportedAt.milliseconds) - Double(previous.reportedAt.milliseconds)) / 1000
            let before = PrometheusSamples(previous.metrics)
            if seconds > 0 {
                commandsPerSecond = max(0, commandsTotal - before.total(Metric.commands)) / seconds
                eventsPerSecond = max(0, eventsPublishedTotal - before.total(Metric.events)) / seconds
            }
        }
    }

    /// The consumer's metric names (docs/consumer.md, "Health and metrics").
    enum Metric {
        static let commands = "subscriptions_commands_total"
        static let events = "subscriptions_events_published_total"
        static let backlog = "subscriptions_outbox_backlog"
        static let deadLettered = "subscriptions_commands_dead_lettered_total"
    }
}
