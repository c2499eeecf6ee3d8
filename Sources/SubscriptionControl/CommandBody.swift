import SubscriptionAPI
import SubscriptionCommands
import SubscriptionMessages

/// Commands built from the JSON body the HTTP API takes for the same operation, through the
/// producer's own mapping (`PreparedCommand.make`), with the request's idempotency key where
/// it has one.
enum CommandBody {
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
    static func make(route: CommandRoute, json: [UInt8], path: [String], customerID: String?) throws -> PreparedCommand {
        let parameters = try parameters(route: route, path: path, customerID: customerID)
        let prepared: PreparedCommand
        do {
            prepared = try PreparedCommand.make(route: route, body: json, parameters: parameters)
        } catch {
            throw ControlError("invalid \(route.rawValue) body: \(error)")
        }
        // The in-app routes share one HTTP endpoint: the body's `operation` must match the method.
        guard CommandRoute(prepared.command) == route else {
            throw ControlError("the body is a \(CommandRoute(prepared.command).rawValue) request, not \(route.rawValue)")
        }
        return prepared
    }

    /// The HTTP request's other parts: `--path` values by route, and `--customer-id`.
    private static func parameters(route: CommandRoute, path: [String], customerID: String?) throws -> RequestParameters {
        func parameter(_ index: Int, _ name: String) throws -> String {
            guard index < path.count, !path[index].isEmpty else {
                throw ControlError("\(route.rawValue) needs --path <\(name)> (the HTTP route's path parameter)")
            }
            return path[index]
        }
        switch route {
        case .extendRenewalDate, .setAppAccountToken:
            return RequestParameters(transactionId: try parameter(0, "originalTransactionId"))
        case .getMassExtensionStatus:
            return RequestParameters(productId: try parameter(0, "productId"), requestIdentifier: try parameter(1, "requestIdentifier"))
        case .getAllSubscriptionStatuses, .changePrice, .changeMetadata, .cancelSubscription, .revokeSubscription,
             .migrateSubscription, .requestRefund, .getTransactionInfo, .getTransactionHistory, .getRefundHistory,
             .requestCustomerRefund, .sendConsumptionInformation, .decideRefund:
            return RequestParameters(transactionId: try parameter(0, "transactionId"))
        case .lookUpOrderId:
            return RequestParameters(transactionId: try parameter(0, "orderId"))
        case .getAppTransactionInfo, .finishTransaction, .getRetentionOffer:
            return RequestParameters(transactionId: try parameter(0, "transactionId"))
        case .manageRetentionMessaging:
            // --path <operation> (reviewMessage, reviewImage, listMessages, …) then the operation's
            // own path parameters: an image's or message's UUID, a performance test's request id,
            // or a product id and a locale (docs/retention-messaging.md).
            let name = try parameter(0, "operation")
            guard let operation = RetentionOperation(rawValue: name) else {
                throw ControlError(
                    "unknown retention messaging operation '\(name)'; one of \(RetentionOperation.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            switch operation {
            case .configureDefaultMessage, .getDefaultMessage, .deleteDefaultMessage:
                return RequestParameters(productId: try parameter(1, "productId"), locale: try parameter(2, "locale"), retentionOperation: operation)
            case .listImages, .listMessages, .configureRealtimeURL, .getRealtimeURL, .deleteRealtimeURL, .initiatePerformanceTest:
                return RequestParameters(retentionOperation: operation)
            default:
                return RequestParameters(resourceId: try parameter(1, "identifier"), retentionOperation: operation)
            }
        case .getTestNotificationStatus:
            return RequestParameters(transactionId: try parameter(0, "testNotificationToken"))
        case .getTestClock, .deleteTestClock:
            return RequestParameters(testClockId: try parameter(0, "testClockId"))
        case .advanceTestClock:
            return RequestParameters(testClockId: path.first ?? "")
        case .createSubscription:
            guard let customerID, !customerID.isEmpty else {
                throw ControlError("CreateSubscription needs --customer-id (the X-Customer-Id header of the HTTP API)")
            }
            return RequestParameters(customerId: customerID)
        default:
            return RequestParameters(customerId: customerID)
        }
    }
}
