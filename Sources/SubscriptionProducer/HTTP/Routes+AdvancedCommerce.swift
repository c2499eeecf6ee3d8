import Hummingbird
import SubscriptionCommands
import SubscriptionMessages

/// Advanced Commerce API: the server endpoints (apple-domain.md §3.2) and one endpoint of ours
/// for the in-app requests, which Apple receives signed through StoreKit.
extension ProducerRoutes {
    /// Header naming the customer of a CREATE_SUBSCRIPTION (the App Store knows it from the account).
    static let customerIDHeader = HeaderField.Name("X-Customer-Id")!  // a valid header name literal

    static func addAdvancedCommerce(to router: some RouterMethods<Context>, gateway: CommandGateway) {
        let subscription = router.group("advancedCommerce/v1/subscription")
        let transaction = router.group("advancedCommerce/v1/transaction")
        let serverEndpoints: [(any RouterMethods<Context>, String, CommandRoute)] = [
            (subscription, "changePrice", .changePrice),
            (subscription, "changeMetadata", .changeMetadata),
            (subscription, "cancel", .cancelSubscription),
            (subscription, "revoke", .revokeSubscription),
            (subscription, "migrate", .migrateSubscription),
            (transaction, "requestRefund", .requestRefund),
        ]
        for (group, operation, route) in serverEndpoints {
            addCommand(.post, RouterPath("\(operation)/{transactionId}"), on: group, route: route, gateway: gateway) {
                _, context in RequestParameters(transactionId: pathParameter("transactionId", of: context))
            }
        }
        // The body's `operation` decides between create, modify and reactivate.
        addCommand(.post, "advancedCommerce/v1/inApp", on: router, route: .createSubscription, gateway: gateway) {
            request, _ in RequestParameters(customerId: request.headers[customerIDHeader])
        }
    }
}
