import Hummingbird
import Prometheus

/// Every HTTP route of the producer (docs/producer.md; `GET /openapi.yaml`).
enum ProducerRoutes {
    typealias Context = BasicRequestContext

    /// A router with every route, the metrics middleware and JSON error bodies everywhere
    /// (404 for an unknown path, 405 with `Allow` for a known path and another method).
    static func makeRouter(
        dispatcher: CommandDispatcher, gateway: CommandGateway, metrics: ProducerMetrics, registry: PrometheusCollectorRegistry
    ) -> Router<Context> {
        let router = Router(context: Context.self)
        router.add(middleware: MetricsMiddleware(metrics: metrics))
        router.add(middleware: ErrorBodyMiddleware())
        addAppStoreServerAPI(to: router, gateway: gateway)
        addAdvancedCommerce(to: router, gateway: gateway)
        addService(to: router, gateway: gateway)
        addOperations(to: router, dispatcher: dispatcher, registry: registry)
        // Last: after every route, so it only runs where no route matched.
        router.add(middleware: UnmatchedRouteMiddleware(table: RouteTable(router)))
        return router
    }
}
