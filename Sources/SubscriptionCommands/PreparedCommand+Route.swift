import SubscriptionAPI
import SubscriptionMessages

/// What an HTTP request carries besides its body: path parameters, the customer header and the
/// status filter. Only the ones the route uses are read.
package struct RequestParameters: Sendable {
    /// `{transactionId}` or `{originalTransactionId}` of the path.
    package var transactionId: String
    /// `{productId}` of the mass-extension status path.
    package var productId: String
    /// `{requestIdentifier}` of the mass-extension status path.
    package var requestIdentifier: String
    /// `X-Customer-Id` (in-app CREATE_SUBSCRIPTION), or `{customerId}` of the customer history
    /// path; nil when absent.
    package var customerId: String?
    /// `status` query parameters of Get All Subscription Statuses.
    package var statuses: [String]
    /// Every query parameter by name (the history endpoints' filters and page tokens).
    package var query: [String: [String]]
    /// `{testClockId}` of the test clock paths.
    package var testClockId: String
    /// `{imageIdentifier}`, `{messageIdentifier}` or `{requestId}` of the retention messaging paths.
    package var resourceId: String
    /// `{locale}` of the default message paths.
    package var locale: String
    /// Which version of an endpoint Apple has twice (Get Transaction History, Send Consumption
    /// Information): 1 for the `/inApps/v1/...` path, 0 for the current one.
    package var version: UInt32
    /// The request's `Content-Type` (Upload Image sends `image/png`).
    package var contentType: String?
    /// Which operation of the Retention Messaging API (``RetentionOperation``).
    package var retentionOperation: RetentionOperation?

    package init(
        transactionId: String = "", productId: String = "", requestIdentifier: String = "",
        customerId: String? = nil, statuses: [String] = [], query: [String: [String]] = [:], testClockId: String = "",
        resourceId: String = "", locale: String = "", version: UInt32 = 0, contentType: String? = nil,
        retentionOperation: RetentionOperation? = nil
    ) {
        self.retentionOperation = retentionOperation
        self.testClockId = testClockId
        self.resourceId = resourceId
        self.locale = locale
        self.version = version
        self.contentType = contentType
        self.transactionId = transactionId
        self.productId = productId
        self.requestIdentifier = requestIdentifier
        self.customerId = customerId
        self.statuses = statuses
        self.query = query
    }
}

extension PreparedCommand {
    /// The command of `route` from its HTTP request: the JSON body validated with
    /// `SubscriptionAPI` (ignored by the GET routes) and the parameters. The one mapping from
    /// the HTTP API to commands, used by the producer's routes and by `subscriptionsctl publish`.
    /// For the in-app routes the body's `operation` decides the command.
    package static func make(
        route: CommandRoute, body: some Sequence<UInt8>, parameters: RequestParameters
    ) throws(ValidationError) -> PreparedCommand {
        switch route {
        case .purchase:
            return PreparedCommand(.purchase(ServiceCommands.purchase(try PurchaseRequest(validating: body))))
        case .switchProduct:
            return PreparedCommand(.switchProduct(ServiceCommands.switchProduct(try SwitchProductRequest(validating: body))))
        case .respondToPriceIncrease:
            return PreparedCommand(.respondToPriceIncrease(
                ServiceCommands.respondToPriceIncrease(try PriceIncreaseResponseRequest(validating: body))))
        case .setAutoRenew:
            return PreparedCommand(.setAutoRenew(ServiceCommands.setAutoRenew(try AutoRenewRequest(validating: body))))
        case .reportBillingOutcome:
            return PreparedCommand(.reportBillingOutcome(
                ServiceCommands.reportBillingOutcome(try PaymentOutcomeRequest(validating: body))))
        case .advanceTestClock:
            var command = ServiceCommands.advanceTestClock(try ClockAdvanceRequest(validating: body))
            if !parameters.testClockId.isEmpty {
                command.testClockID = try RequestProblem.identifier(parameters.testClockId, name: "testClockId")
            }
            return PreparedCommand(.advanceTestClock(command))
        case .createTestClock:
            return PreparedCommand(.createTestClock(ServiceCommands.createTestClock(try TestClockCreateRequest(validating: body))))
        case .getTestClock:
            let id = try RequestProblem.identifier(parameters.testClockId, name: "testClockId")
            return PreparedCommand(.getTestClock(.with { $0.testClockID = id }))
        case .listTestClocks:
            return PreparedCommand(.listTestClocks(Subscriptions_V1_ListTestClocksRequest()))
        case .deleteTestClock:
            let id = try RequestProblem.identifier(parameters.testClockId, name: "testClockId")
            return PreparedCommand(.deleteTestClock(.with { $0.testClockID = id }))
        case .reloadCatalog:
            return PreparedCommand(.reloadCatalog(ServiceCommands.reloadCatalog(try CatalogReloadRequest(validating: body))))
        case .extendRenewalDate, .massExtendRenewalDate, .getMassExtensionStatus, .getAllSubscriptionStatuses:
            return try appStoreServerAPI(route: route, body: body, parameters: parameters)
        case .createSubscription, .modifySubscription, .reactivateSubscription:
            return try inApp(try InAppRequest(validating: body), customerID: parameters.customerId)
        case .changePrice, .changeMetadata, .cancelSubscription, .revokeSubscription, .migrateSubscription, .requestRefund:
            let id = try RequestProblem.identifier(parameters.transactionId, name: "transactionId", error: .nullTransactionId)
            return try advancedCommerceServer(route: route, body: body, transactionID: id)
        case .getTransactionInfo, .getTransactionHistory, .getRefundHistory, .getNotificationHistory, .requestTestNotification,
            .getTestNotificationStatus:
            return try history(route: route, body: body, parameters: parameters)
        case .getSubscriptionHistory:
            return try subscriptionHistory(parameters: parameters)
        case .requestCustomerRefund, .sendConsumptionInformation, .decideRefund, .setAppAccountToken, .lookUpOrderId:
            return try refundFlow(route: route, body: body, parameters: parameters)
        case .priceChangeWhatIf:
            // Bus only (docs/what-if.md): `subscriptionsctl what-if price-change` builds it.
            throw RequestProblem.invalid(
                "route", "PriceChangeWhatIf has no HTTP body mapping; use subscriptionsctl what-if price-change")
        case .getAppTransactionInfo, .finishTransaction, .manageRetentionMessaging, .answerRetentionMessage, .getRetentionOffer,
            .recordRetentionResponse:
            return try retention(route: route, body: body, parameters: parameters)
        }
    }

    /// The command of an in-app request; CREATE_SUBSCRIPTION needs `X-Customer-Id`.
    package static func inApp(_ request: InAppRequest, customerID: String?) throws(ValidationError) -> PreparedCommand {
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

    private static func appStoreServerAPI(
        route: CommandRoute, body: some Sequence<UInt8>, parameters: RequestParameters
    ) throws(ValidationError) -> PreparedCommand {
        switch route {
        case .extendRenewalDate:
            let model = try ExtendRenewalDateRequest(validating: body)
            let id = try RequestProblem.identifier(
                parameters.transactionId, name: "originalTransactionId", error: .invalidOriginalTransactionId)
            return PreparedCommand(
                .extendRenewalDate(AppStoreServerAPICommands.extendRenewalDate(model, originalTransactionID: id)),
                idempotencyKey: model.requestIdentifier)
        case .massExtendRenewalDate:
            let model = try MassExtendRenewalDateRequest(validating: body)
            return PreparedCommand(
                .massExtendRenewalDate(AppStoreServerAPICommands.massExtendRenewalDate(model)),
                idempotencyKey: model.requestIdentifier.rawValue.lowercased())
        case .getMassExtensionStatus:
            let productID = try RequestProblem.identifier(parameters.productId, name: "productId", error: .invalidProductId)
            let requestID = try RequestProblem.identifier(
                parameters.requestIdentifier, name: "requestIdentifier", error: .invalidRequestIdentifier)
            return PreparedCommand(.getMassExtensionStatus(
                AppStoreServerAPICommands.massExtensionStatus(productID: productID, requestIdentifier: requestID)))
        default:
            let id = try RequestProblem.identifier(parameters.transactionId, name: "transactionId")
            let filter = try parameters.statuses.map { text throws(ValidationError) in
                guard let number = Int32(text), let status = SubscriptionAPI.SubscriptionStatus(rawValue: number) else {
                    throw RequestProblem.invalid("status", "must be one of 1, 2, 3, 4, 5, got \"\(text.prefix(20))\"")
                }
                return status
            }
            return PreparedCommand(.getAllSubscriptionStatuses(
                AppStoreServerAPICommands.allSubscriptionStatuses(transactionID: id, statuses: filter)))
        }
    }

    private static func advancedCommerceServer(
        route: CommandRoute, body: some Sequence<UInt8>, transactionID id: String
    ) throws(ValidationError) -> PreparedCommand {
        switch route {
        case .changePrice:
            let model = try PriceChangeRequest(validating: body)
            return PreparedCommand(
                .changePrice(AdvancedCommerceCommands.changePrice(model, transactionID: id)),
                idempotencyKey: model.requestInfo.referenceKey)
        case .changeMetadata:
            let model = try ChangeMetadataRequest(validating: body)
            return PreparedCommand(
                .changeMetadata(AdvancedCommerceCommands.changeMetadata(model, transactionID: id)),
                idempotencyKey: model.requestInfo.referenceKey)
        case .cancelSubscription:
            let model = try CancelSubscriptionRequest(validating: body)
            return PreparedCommand(
                .cancelSubscription(AdvancedCommerceCommands.cancel(model, transactionID: id)),
                idempotencyKey: model.requestInfo.referenceKey)
        case .revokeSubscription:
            let model = try RevokeSubscriptionRequest(validating: body)
            return PreparedCommand(
                .revokeSubscription(AdvancedCommerceCommands.revoke(model, transactionID: id)),
                idempotencyKey: model.requestInfo.referenceKey)
        case .migrateSubscription:
            let model = try MigrateSubscriptionRequest(validating: body)
            return PreparedCommand(
                .migrateSubscription(AdvancedCommerceCommands.migrate(model, transactionID: id)),
                idempotencyKey: model.requestInfo.referenceKey)
        default:
            let model = try RequestRefundRequest(validating: body)
            return PreparedCommand(
                .requestRefund(AdvancedCommerceCommands.requestRefund(model, transactionID: id)),
                idempotencyKey: model.requestInfo.referenceKey)
        }
    }
}

extension RequestInfo {
    /// Apple's idempotency key, `requestReferenceId`, case-folded (a UUID in either case is the same request).
    package var referenceKey: String { requestReferenceId.rawValue.lowercased() }
}
