import Hummingbird
import Prometheus
import SubscriptionTrust

/// Every HTTP route of the producer (docs/producer.md; `GET /openapi.yaml`).
///
/// Apple's routes need a bearer token of any configured key, our `/v1` routes (operations)
/// one of an operator key; `/health`, `/metrics` and `/openapi.yaml` are open
/// (docs/signing-and-auth.md, "Routes").
enum ProducerRoutes {
    typealias Context = BasicRequestContext

    /// A router with every route, the metrics middleware, bearer-token authentication and JSON
    /// error bodies everywhere (404 for an unknown path, 405 with `Allow` for a known path and
    /// another method).
    static func makeRouter(
        dispatcher: CommandDispatcher, gateway: CommandGateway, metrics: ProducerMetrics, registry: PrometheusCollectorRegistry,
        authentication: BearerTokenVerifier = BearerTokenVerifier(keys: APIKeySet())
    ) -> Router<Context> {
        let router = Router(context: Context.self)
        router.add(middleware: MetricsMiddleware(metrics: metrics))
        router.add(middleware: ErrorBodyMiddleware())
        let apple = router.group().add(middleware: BearerAuthMiddleware(verifier: authentication, requiredRole: .app))
        addAppStoreServerAPI(to: apple, gateway: gateway)
        addAdvancedCommerce(to: apple, gateway: gateway)
        addHistory(to: apple, gateway: gateway)
        let operations = router.group().add(middleware: BearerAuthMiddleware(verifier: authentication, requiredRole: .operator))
        addService(to: operations, gateway: gateway)
        addOperations(to: router, dispatcher: dispatcher, registry: registry)
        // Last: after every route, so it only runs where no route matched.
        router.add(middleware: UnmatchedRouteMiddleware(table: RouteTable(router)))
        return router
    }
}
