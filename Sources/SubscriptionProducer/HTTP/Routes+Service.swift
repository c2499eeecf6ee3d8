import Hummingbird
import SubscriptionMessages

/// Our own endpoints under `/v1` for what Apple has no endpoint for; replays are recognised by
/// the `Idempotency-Key` header.
extension ProducerRoutes {
    static func addService(to router: some RouterMethods<Context>, gateway: CommandGateway) {
        let v1 = router.group("v1")
        let routes: [(RouterPath, CommandRoute)] = [
            ("purchases", .purchase),
            ("subscriptions/switchProduct", .switchProduct),
            ("subscriptions/priceIncreaseResponse", .respondToPriceIncrease),
            ("subscriptions/autoRenew", .setAutoRenew),
            ("subscriptions/paymentOutcome", .reportBillingOutcome),
            ("testClock/advance", .advanceTestClock),
            ("catalog/reload", .reloadCatalog),
        ]
        for (path, route) in routes {
            addCommand(.post, path, on: v1, route: route, gateway: gateway)
        }
    }
}
