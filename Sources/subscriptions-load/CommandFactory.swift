import Foundation
import SubscriptionMessages
import SwiftProtobuf

/// The command envelopes the load tool sends.
struct CommandFactory: Sendable {
    let run = UUID().uuidString.prefix(8).lowercased()
    var product: String
    var storefront = "USA"

    /// A purchase by customer `index` of this run.
    func purchase(_ index: Int, customerPrefix: String = "load") -> (Subscriptions_V1_CommandEnvelope, CommandRoute) {
        var request = Subscriptions_V1_PurchaseRequest()
        request.customerID = "\(customerPrefix)-\(run)-\(index)"
        request.productID = product
        request.storefront = storefront
        return (envelope(.purchase(request)), .purchase)
    }

    /// A mass renewal-date extension of the product.
    func massExtension(requestIdentifier: String, days: Int32) -> (Subscriptions_V1_CommandEnvelope, CommandRoute) {
        var request = Subscriptions_V1_MassExtendRenewalDateRequest()
        request.productID = product
        request.extendByDays = days
        request.extendReasonCode = Google_Protobuf_Int32Value(1)
        request.requestIdentifier = requestIdentifier
        return (envelope(.massExtendRenewalDate(request)), .massExtendRenewalDate)
    }

    /// The status query of a mass extension.
    func massExtensionStatus(requestIdentifier: String) -> (Subscriptions_V1_CommandEnvelope, CommandRoute) {
        var request = Subscriptions_V1_GetMassExtensionStatusRequest()
        request.productID = product
        request.requestIdentifier = requestIdentifier
        return (envelope(.getMassExtensionStatus(request)), .getMassExtensionStatus)
    }

    private func envelope(_ command: Subscriptions_V1_CommandEnvelope.OneOf_Command) -> Subscriptions_V1_CommandEnvelope {
        var envelope = Subscriptions_V1_CommandEnvelope()
        envelope.commandID = UUID().uuidString.lowercased()
        envelope.schemaVersion = WireContract.schemaVersion
        envelope.issuedAt = Google_Protobuf_Timestamp(date: Date())
        envelope.command = command
        return envelope
    }
}
