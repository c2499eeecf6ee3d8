import CoreMetrics
import Metrics
import Prometheus
import SubscriptionMessages

/// The producer's metrics, through the swift-metrics API like the consumer's (`main` bootstraps
/// the Prometheus backend that `GET /metrics` renders): `command_publish_failures_total{route,reason}`
/// here; every request's through Hummingbird's `MetricsMiddleware`, under the names the Prometheus
/// backend gives them (``prometheusName(_:_:)``): `http_requests_total{route,method,status}`,
/// `http_request_duration_seconds{route,method}`, `http_request_errors_total{route,method,status}`
/// and `http_requests_active{method}`.
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
        factory.nameAndLabelSanitizer = prometheusName
        return factory
    }

    /// Hummingbird's request metrics under the producer's Prometheus names and labels (the
    /// dashboard's, Compose/monitoring): its OpenTelemetry names (`hb.requests`,
    /// `http.server.request.duration`, `http.route`, …) renamed, the route of a request no route
    /// matched (Hummingbird's `Unknown` and `NotFound`) called `unmatched`, and the duration
    /// without the status, as before. Every other metric keeps its name.
    @Sendable static func prometheusName(_ label: String, _ dimensions: [(String, String)]) -> (String, [(String, String)]) {
        let value = { (name: String) in dimensions.first { $0.0 == name }?.1 ?? "" }
        let route = value("http.route").hasPrefix("/") ? value("http.route") : "unmatched"
        let method = ("method", value("http.request.method"))
        switch label {
        case "hb.requests":
            return (Label.requests, [("route", route), method, ("status", value("http.response.status_code"))])
        case "http.server.request.duration":
            return (Label.requestDuration, [("route", route), method])
        case "hb.request.errors":
            return (Label.requestErrors, [("route", route), method, ("status", value("error.type"))])
        case "http.server.active_requests":
            return (Label.activeRequests, [method])
        default:
            return (label, dimensions)
        }
    }

    static let durationBuckets: [Duration] = [
        .milliseconds(5), .milliseconds(10), .milliseconds(25), .milliseconds(50), .milliseconds(100),
        .milliseconds(250), .milliseconds(500), .seconds(1), .milliseconds(2500), .seconds(5), .seconds(10),
        .seconds(30),
    ]

    private enum Label {
        static let requests = "http_requests_total"
        static let requestDuration = "http_request_duration_seconds"
        static let requestErrors = "http_request_errors_total"
        static let activeRequests = "http_requests_active"
        static let publishFailures = "command_publish_failures_total"
    }

    func publishFailed(route: CommandRoute, reason: String) {
        Counter(label: Label.publishFailures, dimensions: [("route", route.methodName), ("reason", reason)], factory: factory)
            .increment()
    }
}
