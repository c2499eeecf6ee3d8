import Hummingbird
import SubscriptionAPI
import SubscriptionMessages

/// Advanced Commerce API: the server endpoints (apple-domain.md §3.2) and one endpoint of ours
/// for the in-app requests, which Apple receives signed through StoreKit.
extension ProducerRoutes {
    /// Header naming the customer of a CREATE_SUBSCRIPTION (the App Store knows it from the account).
    static let customerIDHeader = HeaderField.Name("X-Customer-Id")!

    static func addAdvancedCommerce(to router: Router<Context>, gateway: CommandGateway) {
        let subscription = router.group("advancedCommerce/v1/subscription")
        addServerEndpoint(subscription, "changePrice", gateway) { body, id throws(ValidationError) in
            let model = try PriceChangeRequest(validating: body.readableBytesView)
            return PreparedCommand(
                .changePrice(AdvancedCommerceCommands.changePrice(model, transactionID: id)),
                idempotencyKey: model.requestInfo.referenceKey)
        }
        addServerEndpoint(subscription, "changeMetadata", gateway) { body, id throws(ValidationError) in
            let model = try ChangeMetadataRequest(validating: body.readableBytesView)
            return PreparedCommand(
                .changeMetadata(AdvancedCommerceCommands.changeMetadata(model, transactionID: id)),
                idempotencyKey: model.requestInfo.referenceKey)
        }
        addServerEndpoint(subscription, "cancel", gateway) { body, id throws(ValidationError) in
            let model = try CancelSubscriptionRequest(validating: body.readableBytesView)
            return PreparedCommand(
                .cancelSubscription(AdvancedCommerceCommands.cancel(model, transactionID: id)),
                idempotencyKey: model.requestInfo.referenceKey)
        }
        addServerEndpoint(subscription, "revoke", gateway) { body, id throws(ValidationError) in
            let model = try RevokeSubscriptionRequest(validating: body.readableBytesView)
            return PreparedCommand(
                .revokeSubscription(AdvancedCommerceCommands.revoke(model, transactionID: id)),
                idempotencyKey: model.requestInfo.referenceKey)
        }
        addServerEndpoint(subscription, "migrate", gateway) { body, id throws(ValidationError) in
            let model = try MigrateSubscriptionRequest(validating: body.readableBytesView)
            return PreparedCommand(
                .migrateSubscription(AdvancedCommerceCommands.migrate(model, transactionID: id)),
                idempotencyKey: model.requestInfo.referenceKey)
        }
        addServerEndpoint(router.group("advancedCommerce/v1/transaction"), "requestRefund", gateway) {
            body, id throws(ValidationError) in
            let model = try RequestRefundRequest(validating: body.readableBytesView)
            return PreparedCommand(
                .requestRefund(AdvancedCommerceCommands.requestRefund(model, transactionID: id)),
                idempotencyKey: model.requestInfo.referenceKey)
        }
        router.post("advancedCommerce/v1/inApp") { request, _ in
            let customer = request.headers[customerIDHeader]
            return try await gateway.handle(request) { body throws(ValidationError) in
                try inAppCommand(InAppRequest(validating: body.readableBytesView), customerID: customer)
            }
        }
    }

    /// The command of an in-app request; CREATE_SUBSCRIPTION needs `X-Customer-Id`.
    static func inAppCommand(_ request: InAppRequest, customerID: String?) throws(ValidationError) -> PreparedCommand {
        let key = request.requestInfo.referenceKey
        switch request {
        case .create(let create):
            guard let customerID else {
                throw RequestProblem.missing("X-Customer-Id", "missing; CREATE_SUBSCRIPTION needs the customer's id")
            }
            let id = try RequestProblem.identifier(customerID, name: "X-Customer-Id")
            return PreparedCommand(
                .createSubscription(AdvancedCommerceCommands.create(create, customerID: id)), idempotencyKey: key)
        case .modify(let modify):
            return PreparedCommand(.modifySubscription(AdvancedCommerceCommands.modify(modify)), idempotencyKey: key)
        case .reactivate(let reactivate):
            return PreparedCommand(
                .reactivateSubscription(AdvancedCommerceCommands.reactivate(reactivate)), idempotencyKey: key)
        }
    }

    private static func addServerEndpoint(
        _ group: RouterGroup<Context>, _ operation: String, _ gateway: CommandGateway,
        prepare: @escaping @Sendable (ByteBuffer, String) throws(ValidationError) -> PreparedCommand
    ) {
        group.post("\(operation)/{transactionId}") { request, context in
            let transaction = context.parameters.get("transactionId") ?? ""
            return try await gateway.handle(request) { body throws(ValidationError) in
                let id = try RequestProblem.identifier(transaction, name: "transactionId", error: .nullTransactionId)
                return try prepare(body, id)
            }
        }
    }
}

extension RequestInfo {
    /// Apple's idempotency key, `requestReferenceId`, case-folded (a UUID in either case is the same request).
    package var referenceKey: String { requestReferenceId.rawValue.lowercased() }
}
