import SubscriptionAPI
import SubscriptionMessages

extension ResponseBodyV2DecodedPayload {
    /// Apple's notification payload for `event`, or nil for an event Apple does not send
    /// (our `SUBSCRIBER_COMMUNICATION` extension, an unset or unknown type).
    package init?(_ event: Subscriptions_V1_NotificationEvent) {
        guard event.notificationType.isApple else { return nil }
        let data: NotificationData?
        let summary: NotificationSummary?
        switch event.payload {
        case .data(let value):
            data = NotificationData(value, type: event.notificationType)
            summary = nil
        case .summary(let value):
            data = nil
            summary = NotificationSummary(
                requestIdentifier: value.requestIdentifier, environment: value.environment.appleValue ?? "Sandbox",
                appAppleId: value.appAppleID == 0 ? nil : value.appAppleID, bundleId: value.bundleID,
                productId: value.productID,
                storefrontCountryCodes: value.storefrontCountryCodes.isEmpty ? nil : value.storefrontCountryCodes,
                failedCount: value.failedCount, succeededCount: value.succeededCount)
        case .communication, .retention, .performanceTest, nil:
            return nil
        }
        self.init(
            notificationType: event.notificationType.routingSegment,
            subtype: event.subtype == .unspecified ? nil : event.subtype.routingSegment,
            notificationUUID: event.notificationUuid, data: data, summary: summary,
            version: event.version.isEmpty ? "2.0" : event.version,
            signedDate: event.hasSignedDate ? event.signedDate.milliseconds : 0)
    }
}

extension NotificationData {
    init(_ data: Subscriptions_V1_NotificationData, type: Subscriptions_V1_NotificationType) {
        let isTest = type == .test
        self.init(
            appAppleId: data.appAppleID == 0 ? nil : data.appAppleID, bundleId: data.bundleID,
            bundleVersion: data.bundleVersion.nonEmpty, environment: data.environment.appleValue ?? "Sandbox",
            signedTransactionInfo: isTest || !data.hasTransactionInfo
                ? nil : SignedPayload(JWSTransactionDecodedPayload(data.transactionInfo)),
            signedRenewalInfo: isTest || !data.hasRenewalInfo ? nil : SignedPayload(JWSRenewalInfoDecodedPayload(data.renewalInfo)),
            status: data.status.rawValue == 0 ? nil : Int32(data.status.rawValue),
            consumptionRequestReason: data.consumptionRequestReason.appleValue)
    }
}

extension Subscriptions_V1_NotificationType {
    /// Whether Apple sends this type (every value below our extensions, which start at 1000).
    package var isApple: Bool { rawValue > 0 && rawValue < 1000 }
}

extension Subscriptions_V1_ConsumptionRequestReason {
    package var appleValue: String? {
        switch self {
        case .unintendedPurchase: "UNINTENDED_PURCHASE"
        case .fulfillmentIssue: "FULFILLMENT_ISSUE"
        case .unsatisfiedWithPurchase: "UNSATISFIED_WITH_PURCHASE"
        case .legal: "LEGAL"
        case .other: "OTHER"
        case .unspecified, .UNRECOGNIZED: nil
        }
    }
}
