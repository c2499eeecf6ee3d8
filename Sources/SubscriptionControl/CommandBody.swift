import SubscriptionAPI
import SubscriptionMessages
import SubscriptionProducer

/// A command built from the JSON body the HTTP API takes for the same operation, through the
/// producer's own mapping (`ServiceCommands`, `AppStoreServerAPICommands`,
/// `AdvancedCommerceCommands`), with the request's idempotency key where it has one.
struct CommandBody: Sendable {
    var command: Subscriptions_V1_CommandEnvelope.OneOf_Command
    var idempotencyKey: String?

    /// The route named by `method`: `Purchase`, `purchase`, `switch-product`, `switch_product`
    /// all name `SwitchProduct`/`Purchase` regardless of case and separators.
    static func route(named method: String) throws -> CommandRoute {
        let wanted = method.lowercased().filter { $0 != "-" && $0 != "_" }
        guard let route = CommandRoute.allCases.first(where: { $0.rawValue.lowercased() == wanted }) else {
            let known = CommandRoute.allCases.map(\.rawValue).joined(separator: ", ")
            throw ControlError("unknown method \"\(method)\"; known methods: \(known)")
        }
        return route
    }

    /// Validates `json` as the HTTP body of `route` and maps it; `path` holds the route's path
    /// parameters in URL order (transaction id; product id and request identifier).
    static func make(route: CommandRoute, json: [UInt8], path: [String], customerID: String?) throws -> CommandBody {
        do {
            return try makeValidated(route: route, json: json, path: path, customerID: customerID)
        } catch let error as SubscriptionAPI.ValidationError {
            throw ControlError("invalid \(route.rawValue) body: \(error)")
        }
    }

    private static func makeValidated(
        route: CommandRoute, json: [UInt8], path: [String], customerID: String?
    ) throws -> CommandBody {
        func parameter(_ index: Int, _ name: String) throws -> String {
            guard index < path.count, !path[index].isEmpty else {
                throw ControlError("\(route.rawValue) needs --path <\(name)> (the HTTP route's path parameter)")
            }
            return path[index]
        }
        switch route {
        case .purchase:
            return CommandBody(command: .purchase(ServiceCommands.purchase(try PurchaseRequest(validating: json))))
        case .switchProduct:
            return CommandBody(command: .switchProduct(ServiceCommands.switchProduct(try SwitchProductRequest(validating: json))))
        case .respondToPriceIncrease:
            return CommandBody(command: .respondToPriceIncrease(
                ServiceCommands.respondToPriceIncrease(try PriceIncreaseResponseRequest(validating: json))))
        case .setAutoRenew:
            return CommandBody(command: .setAutoRenew(ServiceCommands.setAutoRenew(try AutoRenewRequest(validating: json))))
        case .reportBillingOutcome:
            return CommandBody(command: .reportBillingOutcome(
                ServiceCommands.reportBillingOutcome(try PaymentOutcomeRequest(validating: json))))
        case .advanceTestClock:
            return CommandBody(command: .advanceTestClock(
                try ServiceCommands.advanceTestClock(try ClockAdvanceRequest(validating: json))))
        case .reloadCatalog:
            return CommandBody(command: .reloadCatalog(ServiceCommands.reloadCatalog(try CatalogReloadRequest(validating: json))))
        case .extendRenewalDate:
            let model = try ExtendRenewalDateRequest(validating: json)
            return CommandBody(
                command: .extendRenewalDate(AppStoreServerAPICommands.extendRenewalDate(
                    model, originalTransactionID: try parameter(0, "originalTransactionId"))),
                idempotencyKey: model.requestIdentifier)
        case .massExtendRenewalDate:
            let model = try MassExtendRenewalDateRequest(validating: json)
            return CommandBody(
                command: .massExtendRenewalDate(AppStoreServerAPICommands.massExtendRenewalDate(model)),
                idempotencyKey: model.requestIdentifier.rawValue.lowercased())
        case .getMassExtensionStatus:
            return CommandBody(command: .getMassExtensionStatus(AppStoreServerAPICommands.massExtensionStatus(
                productID: try parameter(0, "productId"), requestIdentifier: try parameter(1, "requestIdentifier"))))
        case .getAllSubscriptionStatuses:
            return CommandBody(command: .getAllSubscriptionStatuses(AppStoreServerAPICommands.allSubscriptionStatuses(
                transactionID: try parameter(0, "transactionId"), statuses: [])))
        case .createSubscription, .modifySubscription, .reactivateSubscription:
            return try inApp(try InAppRequest(validating: json), route: route, customerID: customerID)
        case .changePrice, .changeMetadata, .cancelSubscription, .revokeSubscription, .migrateSubscription, .requestRefund:
            return try advancedCommerceServer(route: route, json: json, transactionID: try parameter(0, "transactionId"))
        }
    }
}
