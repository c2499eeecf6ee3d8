import SubscriptionAPI
import SubscriptionMessages
import SwiftProtobuf

/// App Store Server API requests (renewal extensions, statuses) as wire commands.
package enum AppStoreServerAPICommands {
    package static func extendRenewalDate(
        _ request: ExtendRenewalDateRequest, originalTransactionID: String
    ) -> Subscriptions_V1_ExtendRenewalDateRequest {
        var command = Subscriptions_V1_ExtendRenewalDateRequest()
        command.originalTransactionID = originalTransactionID
        command.extendByDays = request.extendByDays
        command.extendReasonCode = Google_Protobuf_Int32Value(request.extendReasonCode.rawValue)
        command.requestIdentifier = request.requestIdentifier
        return command
    }

    package static func massExtendRenewalDate(_ request: MassExtendRenewalDateRequest) -> Subscriptions_V1_MassExtendRenewalDateRequest {
        var command = Subscriptions_V1_MassExtendRenewalDateRequest()
        command.productID = request.productId
        command.storefrontCountryCodes = request.storefrontCountryCodes?.map(\.rawValue) ?? []
        command.extendByDays = request.extendByDays
        command.extendReasonCode = Google_Protobuf_Int32Value(request.extendReasonCode.rawValue)
        command.requestIdentifier = request.requestIdentifier.rawValue
        return command
    }

    package static func massExtensionStatus(productID: String, requestIdentifier: String) -> Subscriptions_V1_GetMassExtensionStatusRequest {
        var command = Subscriptions_V1_GetMassExtensionStatusRequest()
        command.productID = productID
        command.requestIdentifier = requestIdentifier
        return command
    }

    package static func allSubscriptionStatuses(
        transactionID: String, statuses: [SubscriptionAPI.SubscriptionStatus]
    ) -> Subscriptions_V1_GetAllSubscriptionStatusesRequest {
        var command = Subscriptions_V1_GetAllSubscriptionStatusesRequest()
        command.transactionID = transactionID
        command.status = statuses.map { Subscriptions_V1_SubscriptionStatus(rawValue: Int($0.rawValue)) ?? .unspecified }
        return command
    }
}
