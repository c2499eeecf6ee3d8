import Hummingbird
import SubscriptionCommands
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
        // Test clocks as objects (docs/test-clocks.md), Stripe-like resource paths.
        let clock: @Sendable (Request, Context) -> RequestParameters = { _, context in
            RequestParameters(testClockId: pathParameter("testClockId", of: context))
        }
        addCommand(.post, "testClocks", on: v1, route: .createTestClock, gateway: gateway)
        addCommand(.get, "testClocks", on: v1, route: .listTestClocks, gateway: gateway)
        addCommand(.get, "testClocks/:testClockId", on: v1, route: .getTestClock, gateway: gateway, parameters: clock)
        addCommand(.delete, "testClocks/:testClockId", on: v1, route: .deleteTestClock, gateway: gateway, parameters: clock)
        addCommand(.post, "testClocks/:testClockId/advance", on: v1, route: .advanceTestClock, gateway: gateway, parameters: clock)
        // The customer's refund request and the operator's decision (docs/refunds.md).
        let transaction: @Sendable (Request, Context) -> RequestParameters = { _, context in
            RequestParameters(transactionId: pathParameter("transactionId", of: context))
        }
        addCommand(
            .post, "transactions/:transactionId/refundRequest", on: v1, route: .requestCustomerRefund, gateway: gateway,
            parameters: transaction)
        addCommand(
            .post, "transactions/:transactionId/refundDecision", on: v1, route: .decideRefund, gateway: gateway,
            parameters: transaction)
    }
}
