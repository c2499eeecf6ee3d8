import Hummingbird
import SubscriptionAPI
import SubscriptionMessages

/// App Store Server API: renewal-date extensions and subscription statuses (apple-domain.md §2).
extension ProducerRoutes {
    static func addAppStoreServerAPI(to router: Router<Context>, gateway: CommandGateway) {
        let subscriptions = router.group("inApps/v1/subscriptions")
        subscriptions.put("extend/{originalTransactionId}") { request, context in
            let original = context.parameters.get("originalTransactionId") ?? ""
            return try await gateway.handle(request) { body throws(ValidationError) in
                let model = try ExtendRenewalDateRequest(validating: body.readableBytesView)
                let id = try RequestProblem.identifier(
                    original, name: "originalTransactionId", error: .invalidOriginalTransactionId)
                return PreparedCommand(
                    .extendRenewalDate(AppStoreServerAPICommands.extendRenewalDate(model, originalTransactionID: id)),
                    idempotencyKey: model.requestIdentifier)
            }
        }
        subscriptions.post("extend/mass") { request, _ in
            try await gateway.handle(request) { body throws(ValidationError) in
                let model = try MassExtendRenewalDateRequest(validating: body.readableBytesView)
                return PreparedCommand(
                    .massExtendRenewalDate(AppStoreServerAPICommands.massExtendRenewalDate(model)),
                    idempotencyKey: model.requestIdentifier.rawValue.lowercased())
            }
        }
        subscriptions.get("extend/mass/{productId}/{requestIdentifier}") { request, context in
            let product = context.parameters.get("productId") ?? ""
            let identifier = context.parameters.get("requestIdentifier") ?? ""
            return try await gateway.handle(request, readsBody: false) { _ throws(ValidationError) in
                let productID = try RequestProblem.identifier(product, name: "productId", error: .invalidProductId)
                let requestID = try RequestProblem.identifier(
                    identifier, name: "requestIdentifier", error: .invalidRequestIdentifier)
                return PreparedCommand(.getMassExtensionStatus(
                    AppStoreServerAPICommands.massExtensionStatus(productID: productID, requestIdentifier: requestID)))
            }
        }
        subscriptions.get("{transactionId}") { request, context in
            let transaction = context.parameters.get("transactionId") ?? ""
            let statuses = request.uri.queryParameters[values: "status"].map(String.init)
            return try await gateway.handle(request, readsBody: false) { _ throws(ValidationError) in
                let id = try RequestProblem.identifier(transaction, name: "transactionId")
                let filter = try statuses.map { text throws(ValidationError) in
                    guard let number = Int32(text), let status = SubscriptionAPI.SubscriptionStatus(rawValue: number) else {
                        throw RequestProblem.invalid("status", "must be one of 1, 2, 3, 4, 5, got \"\(text.prefix(20))\"")
                    }
                    return status
                }
                return PreparedCommand(.getAllSubscriptionStatuses(
                    AppStoreServerAPICommands.allSubscriptionStatuses(transactionID: id, statuses: filter)))
            }
        }
    }
}
