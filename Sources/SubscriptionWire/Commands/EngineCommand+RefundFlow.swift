import SubscriptionEngine
import SubscriptionMessages

// The refund flow and Set App Account Token: proto request -> engine request; unset enums
// become nil, which the engine refuses naming the field.

extension CustomerRefundRequest {
    init(_ request: Subscriptions_V1_RequestCustomerRefundRequest) {
        self.init(transactionId: request.transactionID, reason: ConsumptionRequestReason(request.reason))
    }
}

extension SendConsumptionInformationRequest {
    init(_ request: Subscriptions_V1_SendConsumptionInformationRequest) {
        self.init(
            transactionId: request.transactionID,
            information: ConsumptionInformation(
                customerConsented: request.customerConsented, sampleContentProvided: request.sampleContentProvided,
                deliveryStatus: DeliveryStatus(request.deliveryStatus),
                consumptionPercentage: request.hasConsumptionPercentage ? Int(request.consumptionPercentage.value) : nil,
                refundPreference: RefundPreference(request.refundPreference)))
    }
}

extension DecideRefundRequest {
    init(_ request: Subscriptions_V1_DecideRefundRequest) {
        self.init(transactionId: request.transactionID, decision: RefundDecision(request.decision))
    }
}

extension SetAppAccountTokenRequest {
    init(_ request: Subscriptions_V1_SetAppAccountTokenRequest) {
        self.init(originalTransactionId: request.originalTransactionID, appAccountToken: request.appAccountToken)
    }
}

extension ConsumptionRequestReason {
    init?(_ value: Subscriptions_V1_ConsumptionRequestReason) {
        switch value {
        case .unintendedPurchase: self = .unintendedPurchase
        case .fulfillmentIssue: self = .fulfillmentIssue
        case .unsatisfiedWithPurchase: self = .unsatisfiedWithPurchase
        case .legal: self = .legal
        case .other: self = .other
        case .unspecified, .UNRECOGNIZED: return nil
        }
    }
}

extension Subscriptions_V1_ConsumptionRequestReason {
    init(_ reason: ConsumptionRequestReason) {
        switch reason {
        case .unintendedPurchase: self = .unintendedPurchase
        case .fulfillmentIssue: self = .fulfillmentIssue
        case .unsatisfiedWithPurchase: self = .unsatisfiedWithPurchase
        case .legal: self = .legal
        case .other: self = .other
        }
    }
}

extension DeliveryStatus {
    init?(_ value: Subscriptions_V1_DeliveryStatus) {
        switch value {
        case .delivered: self = .delivered
        case .undeliveredQualityIssue: self = .undeliveredQualityIssue
        case .undeliveredWrongItem: self = .undeliveredWrongItem
        case .undeliveredServerOutage: self = .undeliveredServerOutage
        case .undeliveredOther: self = .undeliveredOther
        case .unspecified, .UNRECOGNIZED: return nil
        }
    }
}

extension RefundPreference {
    init?(_ value: Subscriptions_V1_RefundPreference) {
        switch value {
        case .decline: self = .decline
        case .grantFull: self = .grantFull
        case .grantProrated: self = .grantProrated
        case .unspecified, .UNRECOGNIZED: return nil
        }
    }
}

extension RefundDecision {
    init?(_ value: Subscriptions_V1_RefundDecision) {
        switch value {
        case .grantFull: self = .grantFull
        case .grantProrated: self = .grantProrated
        case .decline: self = .decline
        case .reverse: self = .reverse
        case .unspecified, .UNRECOGNIZED: return nil
        }
    }
}
