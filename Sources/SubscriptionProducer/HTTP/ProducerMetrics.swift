import CoreMetrics
import Metrics
import Prometheus
import SubscriptionMessages

/// The producer's metrics, through the swift-metrics API like the consumer's (`main` bootstraps
/// the Prometheus backend that `GET /metrics` renders): `http_requests_total{route,method,status}`,
/// `http_request_duration_seconds{route,method}`, `command_publish_failures_total{route,reason}`.
public struct ProducerMetrics: Sendable {
    private let factory: any MetricsFactory

    /// Metrics recorded through `factory`; by default the one `main` bootstrapped.
    public init(factory: any MetricsFactory = MetricsSystem.factory) {
        self.factory = factory
    }

    /// The Prometheus backend for these metrics, writing into `registry`, with the latency
    /// buckets of `http_request_duration_seconds`; `main` bootstraps it.
    public static func prometheusFactory(registry: PrometheusCollectorRegistry) -> PrometheusMetricsFactory {
        var factory = PrometheusMetricsFactory(registry: registry)
        factory.durationHistogramBuckets[Label.requestDuration] = durationBuckets
        return factory
    }

    static let durationBuckets: [Duration] = [
        .milliseconds(5), .milliseconds(10), .milliseconds(25), .milliseconds(50), .milliseconds(100),
        .milliseconds(250), .milliseconds(500), .seconds(1), .milliseconds(2500), .seconds(5), .seconds(10),
        .seconds(30),
    ]

    private enum Label {
        static let requests = "http_requests_total"
        static let requestDuration = "http_request_duration_seconds"
        static let publishFailures = "command_publish_failures_total"
    }

    func requestCompleted(route: String, method: String, status: Int, duration: Duration) {
        Counter(
            label: Label.requests, dimensions: [("route", route), ("method", method), ("status", String(status))],
            factory: factory
        ).increment()
        Metrics.Timer(label: Label.requestDuration, dimensions: [("route", route), ("method", method)], factory: factory)
            .record(duration: duration)
    }

    func publishFailed(route: CommandRoute, reason: String) {
        Counter(label: Label.publishFailures, dimensions: [("route", route.methodName), ("reason", reason)], factory: factory)
            .increment()
    }
}
