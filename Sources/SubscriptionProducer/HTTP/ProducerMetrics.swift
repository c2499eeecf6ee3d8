import Prometheus
import SubscriptionMessages

/// The producer's Prometheus metrics, kept in a registry passed in (no global state):
/// `http_requests_total{route,method,status}`, `http_request_duration_seconds{route,method}`,
/// `command_publish_failures_total{route,reason}`.
public struct ProducerMetrics: Sendable {
    /// The registry rendered by `GET /metrics`.
    public let registry: PrometheusCollectorRegistry

    /// Metrics recorded into `registry`.
    public init(registry: PrometheusCollectorRegistry = PrometheusCollectorRegistry()) {
        self.registry = registry
    }

    static let durationBuckets: [Duration] = [
        .milliseconds(5), .milliseconds(10), .milliseconds(25), .milliseconds(50), .milliseconds(100),
        .milliseconds(250), .milliseconds(500), .seconds(1), .milliseconds(2500), .seconds(5), .seconds(10),
        .seconds(30),
    ]

    func requestCompleted(route: String, method: String, status: Int, duration: Duration) {
        registry.makeCounter(
            descriptor: MetricNameDescriptor(
                metricName: "http_requests", unitName: "total", helpText: "HTTP requests by route, method and status."),
            labels: [("route", route), ("method", method), ("status", String(status))]
        ).increment()
        registry.makeDurationHistogram(
            descriptor: MetricNameDescriptor(
                metricName: "http_request_duration", unitName: "seconds", helpText: "HTTP request latency."),
            labels: [("route", route), ("method", method)],
            buckets: Self.durationBuckets
        ).record(duration)
    }

    func publishFailed(route: CommandRoute, reason: String) {
        registry.makeCounter(
            descriptor: MetricNameDescriptor(
                metricName: "command_publish_failures", unitName: "total",
                helpText: "Commands the broker did not confirm, by route and reason."),
            labels: [("route", route.methodName), ("reason", reason)]
        ).increment()
    }

    /// The Prometheus text exposition of every metric.
    func render() -> String { registry.emitToString() }
}
