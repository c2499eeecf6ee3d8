import SubscriptionAPI
import SubscriptionMessages
import SwiftProtobuf

/// Advanced Commerce requests (in-app and server endpoints) as wire commands. Pure functions:
/// the request is already validated; path parameters become fields.
package enum AdvancedCommerceCommands {
    /// CREATE_SUBSCRIPTION for `customerID` (not in Apple's JSON: implied by the App Store account).
    package static func create(_ request: CreateSubscriptionRequest, customerID: String) -> Subscriptions_V1_CreateSubscriptionRequest {
        var command = Subscriptions_V1_CreateSubscriptionRequest()
        command.customerID = customerID
        command.operation = .createSubscription
        command.version = request.version
        command.requestInfo = .init(request.requestInfo)
        command.currency = request.currency.rawValue
        command.descriptors = .init(request.descriptors)
        command.items = request.items.map(Subscriptions_V1_CreateItem.init)
        command.period = request.period.rawValue
        command.taxCode = request.taxCode.rawValue
        command.previousTransactionID = request.previousTransactionId ?? ""
        command.storefront = request.storefront?.rawValue ?? ""
        return command
    }

    package static func modify(_ request: ModifySubscriptionRequest) -> Subscriptions_V1_ModifySubscriptionRequest {
        var command = Subscriptions_V1_ModifySubscriptionRequest()
        command.operation = .modifySubscription
        command.version = request.version
        command.requestInfo = .init(request.requestInfo)
        command.transactionID = request.transactionId
        command.retainBillingCycle = Google_Protobuf_BoolValue(request.retainBillingCycle)
        if let items = request.addItems {
            command.addItems = .with { $0.items = items.map(Subscriptions_V1_ModifyAddItem.init) }
        }
        if let items = request.changeItems {
            command.changeItems = .with { $0.items = items.map(Subscriptions_V1_ModifyChangeItem.init) }
        }
        if let items = request.removeItems {
            command.removeItems = .with { $0.items = items.map { item in .with { $0.sku = item.sku.rawValue } } }
        }
        if let change = request.periodChange {
            command.periodChange = .with {
                $0.effective = .init(change.effective)
                $0.period = change.period.rawValue
            }
        }
        if let descriptors = request.descriptors { command.descriptors = .init(descriptors) }
        command.currency = request.currency?.rawValue ?? ""
        command.storefront = request.storefront?.rawValue ?? ""
        command.taxCode = request.taxCode?.rawValue ?? ""
        return command
    }

    package static func reactivate(_ request: ReactivateSubscriptionRequest) -> Subscriptions_V1_ReactivateSubscriptionRequest {
        var command = Subscriptions_V1_ReactivateSubscriptionRequest()
        command.operation = .reactivateSubscription
        command.version = request.version
        command.requestInfo = .init(request.requestInfo)
        command.transactionID = request.transactionId
        command.items = (request.items ?? []).map { item in .with { $0.sku = item.sku.rawValue } }
        command.storefront = request.storefront?.rawValue ?? ""
        return command
    }

    package static func changePrice(_ request: PriceChangeRequest, transactionID: String) -> Subscriptions_V1_ChangePriceRequest {
        var command = Subscriptions_V1_ChangePriceRequest()
        command.transactionID = transactionID
        command.requestInfo = .init(request.requestInfo)
        command.items = request.items.map(Subscriptions_V1_PriceChangeItem.init)
        command.currency = request.currency?.rawValue ?? ""
        command.storefront = request.storefront?.rawValue ?? ""
        return command
    }

    package static func changeMetadata(_ request: ChangeMetadataRequest, transactionID: String) -> Subscriptions_V1_ChangeMetadataRequest {
        var command = Subscriptions_V1_ChangeMetadataRequest()
        command.transactionID = transactionID
        command.requestInfo = .init(request.requestInfo)
        if let descriptors = request.descriptors { command.descriptors = .init(descriptors) }
        command.items = (request.items ?? []).map(Subscriptions_V1_MetadataItem.init)
        command.storefront = request.storefront?.rawValue ?? ""
        command.taxCode = request.taxCode?.rawValue ?? ""
        return command
    }

    package static func cancel(_ request: CancelSubscriptionRequest, transactionID: String) -> Subscriptions_V1_CancelSubscriptionRequest {
        var command = Subscriptions_V1_CancelSubscriptionRequest()
        command.transactionID = transactionID
        command.requestInfo = .init(request.requestInfo)
        command.storefront = request.storefront?.rawValue ?? ""
        return command
    }

    package static func revoke(_ request: RevokeSubscriptionRequest, transactionID: String) -> Subscriptions_V1_RevokeSubscriptionRequest {
        var command = Subscriptions_V1_RevokeSubscriptionRequest()
        command.transactionID = transactionID
        command.requestInfo = .init(request.requestInfo)
        command.refundReason = .init(request.refundReason)
        command.refundType = .init(request.refundType)
        command.refundRiskingPreference = request.refundRiskingPreference
        command.storefront = request.storefront?.rawValue ?? ""
        return command
    }

    package static func migrate(_ request: MigrateSubscriptionRequest, transactionID: String) -> Subscriptions_V1_MigrateSubscriptionRequest {
        var command = Subscriptions_V1_MigrateSubscriptionRequest()
        command.transactionID = transactionID
        command.requestInfo = .init(request.requestInfo)
        command.descriptors = .init(request.descriptors)
        command.items = request.items.map(Subscriptions_V1_MigrateItem.init)
        command.targetProductID = request.targetProductId
        command.taxCode = request.taxCode.rawValue
        command.renewalItems = (request.renewalItems ?? []).map(Subscriptions_V1_MigrateItem.init)
        command.storefront = request.storefront?.rawValue ?? ""
        return command
    }

    package static func requestRefund(_ request: RequestRefundRequest, transactionID: String) -> Subscriptions_V1_RequestRefundRequest {
        var command = Subscriptions_V1_RequestRefundRequest()
        command.transactionID = transactionID
        command.requestInfo = .init(request.requestInfo)
        command.items = request.items.map(Subscriptions_V1_RefundItem.init)
        command.refundRiskingPreference = request.refundRiskingPreference
        command.currency = request.currency?.rawValue ?? ""
        command.storefront = request.storefront?.rawValue ?? ""
        return command
    }
}
