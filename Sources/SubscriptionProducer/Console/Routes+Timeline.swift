import Hummingbird
import SubscriptionCommands
import SubscriptionMessages

/// The console's timeline query (Get Subscription History), operator key only: a subscription
/// by any of its transaction ids, or every subscription of a customer.
extension ProducerRoutes {
    static func addTimeline(to router: some RouterMethods<Context>, gateway: CommandGateway) {
        let v1 = router.group("v1")
        addCommand(.get, "subscriptions/{transactionId}/history", on: v1, route: .getSubscriptionHistory, gateway: gateway) {
            request, context in
            RequestParameters(transactionId: pathParameter("transactionId", of: context), query: queryParameters(of: request))
        }
        addCommand(.get, "customers/{customerId}/history", on: v1, route: .getSubscriptionHistory, gateway: gateway) {
            request, context in
            RequestParameters(customerId: pathParameter("customerId", of: context), query: queryParameters(of: request))
        }
    }
}
