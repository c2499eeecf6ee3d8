import Hummingbird
import SubscriptionCommands
import SubscriptionMessages

/// Get Transaction History V1, Get App Transaction Info, Finish Transaction, Send Consumption
/// Information V1 and the Retention Messaging API at Apple's paths; the operator's review and
/// the subscriber's retention offer at ours (docs/retention-messaging.md).
extension ProducerRoutes {
    static func addRetention(to router: some RouterMethods<Context>, gateway: CommandGateway) {
        let inApps = router.group("inApps")
        addCommand(.get, "v1/history/{transactionId}", on: inApps, route: .getTransactionHistory, gateway: gateway) {
            request, context in
            RequestParameters(
                transactionId: pathParameter("transactionId", of: context), query: queryParameters(of: request), version: 1)
        }
        addCommand(
            .get, "v1/transactions/appTransactions/{transactionId}", on: inApps, route: .getAppTransactionInfo, gateway: gateway
        ) { _, context in
            RequestParameters(transactionId: pathParameter("transactionId", of: context))
        }
        addCommand(.post, "v1/transactions/{transactionId}/finish", on: inApps, route: .finishTransaction, gateway: gateway) {
            _, context in RequestParameters(transactionId: pathParameter("transactionId", of: context))
        }
        addCommand(
            .put, "v1/transactions/consumption/{transactionId}", on: inApps, route: .sendConsumptionInformation, gateway: gateway
        ) { _, context in
            RequestParameters(transactionId: pathParameter("transactionId", of: context), version: 1)
        }
        let messaging = inApps.group("v1/messaging")
        func operation(_ method: HTTPRequest.Method, _ path: RouterPath, _ operation: RetentionOperation, id: String? = nil) {
            addCommand(method, path, on: messaging, route: .manageRetentionMessaging, gateway: gateway) { request, context in
                RequestParameters(
                    productId: pathParameter("productId", of: context), query: queryParameters(of: request),
                    resourceId: id.map { pathParameter($0, of: context) } ?? "", locale: pathParameter("locale", of: context),
                    contentType: request.headers[.contentType], retentionOperation: operation)
            }
        }
        operation(.put, "image/{imageIdentifier}", .uploadImage, id: "imageIdentifier")
        operation(.delete, "image/{imageIdentifier}", .deleteImage, id: "imageIdentifier")
        operation(.get, "image/list", .listImages)
        operation(.put, "message/{messageIdentifier}", .uploadMessage, id: "messageIdentifier")
        operation(.delete, "message/{messageIdentifier}", .deleteMessage, id: "messageIdentifier")
        operation(.get, "message/list", .listMessages)
        operation(.put, "default/{productId}/{locale}", .configureDefaultMessage)
        operation(.get, "default/{productId}/{locale}", .getDefaultMessage)
        operation(.delete, "default/{productId}/{locale}", .deleteDefaultMessage)
        operation(.put, "realtime/url", .configureRealtimeURL)
        operation(.get, "realtime/url", .getRealtimeURL)
        operation(.delete, "realtime/url", .deleteRealtimeURL)
        operation(.post, "performanceTest", .initiatePerformanceTest)
        operation(.get, "performanceTest/result/{requestId}", .getPerformanceTestResults, id: "requestId")
    }

    /// Ours: the operator's review of images and messages, and the subscriber's retention offer.
    static func addRetentionOperations(to router: some RouterMethods<Context>, gateway: CommandGateway) {
        let v1 = router.group("v1")
        addCommand(.put, "retention/images/:imageIdentifier/review", on: v1, route: .manageRetentionMessaging, gateway: gateway) {
            _, context in RequestParameters(resourceId: pathParameter("imageIdentifier", of: context), retentionOperation: .reviewImage)
        }
        addCommand(.put, "retention/messages/:messageIdentifier/review", on: v1, route: .manageRetentionMessaging, gateway: gateway) {
            _, context in RequestParameters(resourceId: pathParameter("messageIdentifier", of: context), retentionOperation: .reviewMessage)
        }
        addCommand(.post, "subscriptions/retentionAnswer", on: v1, route: .answerRetentionMessage, gateway: gateway)
        addCommand(.get, "subscriptions/:transactionId/retention", on: v1, route: .getRetentionOffer, gateway: gateway) {
            _, context in RequestParameters(transactionId: pathParameter("transactionId", of: context))
        }
    }
}
