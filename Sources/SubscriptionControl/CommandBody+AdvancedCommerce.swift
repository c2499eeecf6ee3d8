import SubscriptionAPI
import SubscriptionMessages
import SubscriptionProducer

extension CommandBody {
    /// The in-app requests (`POST /advancedCommerce/v1/inApp`); the route must match the
    /// body's operation, and CREATE_SUBSCRIPTION needs the customer (`X-Customer-Id`).
    static func inApp(_ request: InAppRequest, route: CommandRoute, customerID: String?) throws -> CommandBody {
        let key = request.requestInfo.referenceKey
        let body: CommandBody
        switch request {
        case .create(let create):
            guard let customerID, !customerID.isEmpty else {
                throw ControlError("CreateSubscription needs --customer-id (the X-Customer-Id header of the HTTP API)")
            }
            body = CommandBody(
                command: .createSubscription(AdvancedCommerceCommands.create(create, customerID: customerID)),
                idempotencyKey: key)
        case .modify(let modify):
            body = CommandBody(
                command: .modifySubscription(AdvancedCommerceCommands.modify(modify)),
                idempotencyKey: key)
        case .reactivate(let reactivate):
            body = CommandBody(
                command: .reactivateSubscription(AdvancedCommerceCommands.reactivate(reactivate)),
                idempotencyKey: key)
        }
        guard CommandRoute(body.command) == route else {
            throw ControlError("the body is a \(CommandRoute(body.command).rawValue) request, not \(route.rawValue)")
        }
        return body
    }

    /// The Advanced Commerce server endpoints (`…/{transactionId}`).
    static func advancedCommerceServer(route: CommandRoute, json: [UInt8], transactionID id: String) throws -> CommandBody {
        switch route {
        case .changePrice:
            let model = try PriceChangeRequest(validating: json)
            return CommandBody(
                command: .changePrice(AdvancedCommerceCommands.changePrice(model, transactionID: id)),
                idempotencyKey: model.requestInfo.referenceKey)
        case .changeMetadata:
            let model = try ChangeMetadataRequest(validating: json)
            return CommandBody(
                command: .changeMetadata(AdvancedCommerceCommands.changeMetadata(model, transactionID: id)),
                idempotencyKey: model.requestInfo.referenceKey)
        case .cancelSubscription:
            let model = try CancelSubscriptionRequest(validating: json)
            return CommandBody(
                command: .cancelSubscription(AdvancedCommerceCommands.cancel(model, transactionID: id)),
                idempotencyKey: model.requestInfo.referenceKey)
        case .revokeSubscription:
            let model = try RevokeSubscriptionRequest(validating: json)
            return CommandBody(
                command: .revokeSubscription(AdvancedCommerceCommands.revoke(model, transactionID: id)),
                idempotencyKey: model.requestInfo.referenceKey)
        case .migrateSubscription:
            let model = try MigrateSubscriptionRequest(validating: json)
            return CommandBody(
                command: .migrateSubscription(AdvancedCommerceCommands.migrate(model, transactionID: id)),
                idempotencyKey: model.requestInfo.referenceKey)
        case .requestRefund:
            let model = try RequestRefundRequest(validating: json)
            return CommandBody(
                command: .requestRefund(AdvancedCommerceCommands.requestRefund(model, transactionID: id)),
                idempotencyKey: model.requestInfo.referenceKey)
        default:
            throw ControlError("\(route.rawValue) is not an Advanced Commerce server request")
        }
    }
}
