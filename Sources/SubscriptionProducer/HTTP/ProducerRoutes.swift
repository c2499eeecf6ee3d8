import Hummingbird
import Logging
import Prometheus
import SubscriptionCommands
import SubscriptionTrust

/// Every HTTP route of the producer (docs/producer.md; `GET /openapi.yaml`).
///
/// Apple's routes need a bearer token of any configured key, our `/v1` routes (operations,
/// the console's data among them) one of an operator key; `/health`, `/metrics`,
/// `/openapi.yaml` and the console's page (`/console`) are open (docs/signing-and-auth.md,
/// "Routes"; docs/console.md).
enum ProducerRoutes {
    typealias Context = BasicRequestContext

    /// A router with every route, Hummingbird's metrics middleware (named for Prometheus by
    /// ``ProducerMetrics/prometheusName(_:_:)``), bearer-token authentication and JSON
    /// error bodies everywhere (404 for an unknown path, 405 with `Allow` for a known path and
    /// another method).
    static func makeRouter(
        dispatcher: CommandDispatcher, gateway: CommandGateway, registry: PrometheusCollectorRegistry,
        authentication: BearerTokenVerifier = BearerTokenVerifier(keys: APIKeySet()), console: ConsoleBackend? = nil
    ) -> Router<Context> {
        let console = console ?? ConsoleBackend(dispatcher: dispatcher, logger: Logger(label: "subscriptions-producer.console"))
        let router = Router(context: Context.self)
        router.add(middleware: MetricsMiddleware())
        router.add(middleware: ErrorBodyMiddleware())
        let apple = router.group().add(middleware: BearerAuthMiddleware(verifier: authentication, requiredRole: .app))
        addAppStoreServerAPI(to: apple, gateway: gateway)
        addAdvancedCommerce(to: apple, gateway: gateway)
        addHistory(to: apple, gateway: gateway)
        addRefundFlow(to: apple, gateway: gateway)
        addRetention(to: apple, gateway: gateway)
        let operations = router.group().add(middleware: BearerAuthMiddleware(verifier: authentication, requiredRole: .operator))
        addService(to: operations, gateway: gateway)
        addRetentionOperations(to: operations, gateway: gateway)
        addTimeline(to: operations, gateway: gateway)
        addLiveEvents(to: operations, hub: console.liveEvents)
        addStatus(to: operations, console: console)
        addDeadLetters(to: operations, console: console)
        addOperations(to: router, dispatcher: dispatcher, registry: registry)
        addConsolePage(to: router)
        // Last: after every route, so it only runs where no route matched.
        router.add(middleware: UnmatchedRouteMiddleware(table: RouteTable(router)))
        return router
    }
}
