import Hummingbird
import SubscriptionCommands
import SubscriptionMessages

/// App Store Server API: transaction info and history, refund history, notification history
/// and test notifications, at Apple's paths.
extension ProducerRoutes {
    static func addHistory(to router: some RouterMethods<Context>, gateway: CommandGateway) {
        let inApps = router.group("inApps")
        addCommand(.get, "v1/transactions/{transactionId}", on: inApps, route: .getTransactionInfo, gateway: gateway) {
            _, context in RequestParameters(transactionId: pathParameter("transactionId", of: context))
        }
        addCommand(.get, "v2/history/{transactionId}", on: inApps, route: .getTransactionHistory, gateway: gateway) {
            request, context in
            RequestParameters(transactionId: pathParameter("transactionId", of: context), query: queryParameters(of: request))
        }
        addCommand(.get, "v2/refund/lookup/{transactionId}", on: inApps, route: .getRefundHistory, gateway: gateway) {
            request, context in
            RequestParameters(transactionId: pathParameter("transactionId", of: context), query: queryParameters(of: request))
        }
        addCommand(.post, "v1/notifications/history", on: inApps, route: .getNotificationHistory, gateway: gateway) {
            request, _ in RequestParameters(query: queryParameters(of: request))
        }
        addCommand(.post, "v1/notifications/test", on: inApps, route: .requestTestNotification, gateway: gateway)
        addCommand(
            .get, "v1/notifications/test/{testNotificationToken}", on: inApps, route: .getTestNotificationStatus, gateway: gateway
        ) { _, context in
            RequestParameters(transactionId: pathParameter("testNotificationToken", of: context))
        }
    }

    /// Send Consumption Information (v2), Look Up Order ID and Set App Account Token, at Apple's
    /// paths (docs/refunds.md).
    static func addRefundFlow(to router: some RouterMethods<Context>, gateway: CommandGateway) {
        let inApps = router.group("inApps")
        let transaction: @Sendable (Request, Context) -> RequestParameters = { _, context in
            RequestParameters(transactionId: pathParameter("transactionId", of: context))
        }
        addCommand(
            .put, "v2/transactions/consumption/{transactionId}", on: inApps, route: .sendConsumptionInformation,
            gateway: gateway, parameters: transaction)
        addCommand(.get, "v1/lookup/{orderId}", on: inApps, route: .lookUpOrderId, gateway: gateway) { _, context in
            RequestParameters(transactionId: pathParameter("orderId", of: context))
        }
        // Apple names the segment {originalTransactionId}; the router's trie needs one name per
        // position, and Get Transaction Info has {transactionId} there.
        addCommand(
            .put, "v1/transactions/{transactionId}/appAccountToken", on: inApps, route: .setAppAccountToken,
            gateway: gateway, parameters: transaction)
    }

    /// The query string's parameters by name, in order (a name may repeat).
    static func queryParameters(of request: Request) -> [String: [String]] {
        var values: [String: [String]] = [:]
        for (name, value) in request.uri.queryParameters {
            values[String(name), default: []].append(String(value))
        }
        return values
    }
}
