import Hummingbird
import Prometheus

/// Every HTTP route of the producer (docs/producer.md; `GET /openapi.yaml`).
enum ProducerRoutes {
    typealias Context = BasicRequestContext

    /// A router with every route and the metrics middleware.
    static func makeRouter(
        dispatcher: CommandDispatcher, gateway: CommandGateway, metrics: ProducerMetrics, registry: PrometheusCollectorRegistry
    ) -> Router<Context> {
        let router = Router(context: Context.self)
        router.add(middleware: MetricsMiddleware(metrics: metrics))
        addAppStoreServerAPI(to: router, gateway: gateway)
        addAdvancedCommerce(to: router, gateway: gateway)
        addService(to: router, gateway: gateway)
        addOperations(to: router, dispatcher: dispatcher, registry: registry)
        return router
    }
}
