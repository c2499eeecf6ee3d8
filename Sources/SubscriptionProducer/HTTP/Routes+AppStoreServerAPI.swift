import Hummingbird
import SubscriptionCommands
import SubscriptionMessages

/// App Store Server API: renewal-date extensions and subscription statuses (apple-domain.md §2).
extension ProducerRoutes {
    static func addAppStoreServerAPI(to router: some RouterMethods<Context>, gateway: CommandGateway) {
        let subscriptions = router.group("inApps/v1/subscriptions")
        addCommand(.put, "extend/{originalTransactionId}", on: subscriptions, route: .extendRenewalDate, gateway: gateway) {
            _, context in RequestParameters(transactionId: pathParameter("originalTransactionId", of: context))
        }
        addCommand(.post, "extend/mass", on: subscriptions, route: .massExtendRenewalDate, gateway: gateway)
        addCommand(
            .get, "extend/mass/{productId}/{requestIdentifier}", on: subscriptions, route: .getMassExtensionStatus,
            gateway: gateway
        ) { _, context in
            RequestParameters(
                productId: pathParameter("productId", of: context),
                requestIdentifier: pathParameter("requestIdentifier", of: context))
        }
        addCommand(.get, "{transactionId}", on: subscriptions, route: .getAllSubscriptionStatuses, gateway: gateway) {
            request, context in
            RequestParameters(
                transactionId: pathParameter("transactionId", of: context),
                statuses: request.uri.queryParameters[values: "status"].map(String.init))
        }
    }
}
