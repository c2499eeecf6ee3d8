import Metrics
import Prometheus
import SubscriptionProducer

/// The test process's metrics backend: Hummingbird's `MetricsMiddleware` records through the
/// process-wide `MetricsSystem`, bootstrapped once, on first use, as the producer's `main` does.
enum TestMetrics {
    static let registry: PrometheusCollectorRegistry = {
        let registry = PrometheusCollectorRegistry()
        MetricsSystem.bootstrap(ProducerMetrics.prometheusFactory(registry: registry))
        return registry
    }()
}
