import SubscriptionEngine
import SubscriptionMessages

// Proto enums -> engine enums. `…_UNSPECIFIED` and values unknown to this version map to
// nil, so the engine rejects the command and names the missing field.

extension OfferType {
    init?(_ value: Subscriptions_V1_OfferType) {
        switch value {
        case .introductory: self = .introductory
        case .promotional: self = .promotional
        case .offerCode: self = .offerCode
        case .winBack: self = .winBack
        case .unspecified, .UNRECOGNIZED: return nil
        }
    }
}

extension AdvancedCommerceOperation {
    init?(_ value: Subscriptions_V1_AdvancedCommerceOperation) {
        switch value {
        case .createSubscription: self = .createSubscription
        case .modifySubscription: self = .modifySubscription
        case .reactivateSubscription: self = .reactivateSubscription
        case .createOneTimeCharge: self = .createOneTimeCharge
        case .unspecified, .UNRECOGNIZED: return nil
        }
    }
}

extension Effective {
    init?(_ value: Subscriptions_V1_Effective) {
        switch value {
        case .immediately: self = .immediately
        case .nextBillCycle: self = .nextBillCycle
        case .unspecified, .UNRECOGNIZED: return nil
        }
    }
}

extension OfferReason {
    init?(_ value: Subscriptions_V1_OfferReason) {
        switch value {
        case .acquisition: self = .acquisition
        case .winBack: self = .winBack
        case .retention: self = .retention
        case .unspecified, .UNRECOGNIZED: return nil
        }
    }
}

extension ChangeReason {
    init?(_ value: Subscriptions_V1_ChangeReason) {
        switch value {
        case .upgrade: self = .upgrade
        case .downgrade: self = .downgrade
        case .applyOffer: self = .applyOffer
        case .unspecified, .UNRECOGNIZED: return nil
        }
    }
}

extension RefundType {
    init?(_ value: Subscriptions_V1_RefundType) {
        switch value {
        case .full: self = .full
        case .prorated: self = .prorated
        case .custom: self = .custom
        case .unspecified, .UNRECOGNIZED: return nil
        }
    }
}

extension RefundReason {
    init?(_ value: Subscriptions_V1_RefundReason) {
        switch value {
        case .unintendedPurchase: self = .unintendedPurchase
        case .fulfillmentIssue: self = .fulfillmentIssue
        case .unsatisfiedWithPurchase: self = .unsatisfiedWithPurchase
        case .legal: self = .legal
        case .other: self = .other
        case .modifyItemsRefund: self = .modifyItemsRefund
        case .simulateRefundDecline: self = .simulateRefundDecline
        case .unspecified, .UNRECOGNIZED: return nil
        }
    }
}

extension PriceIncreaseResponse {
    init?(_ value: Subscriptions_V1_PriceIncreaseResponse) {
        switch value {
        case .consent: self = .consent
        case .decline: self = .decline
        case .sheetAcknowledged: self = .sheetAcknowledged
        case .unspecified, .UNRECOGNIZED: return nil
        }
    }
}

extension BillingOutcome {
    init?(_ value: Subscriptions_V1_BillingOutcome) {
        switch value {
        case .chargeSucceeded: self = .chargeSucceeded
        case .chargeFailed: self = .chargeFailed
        case .paymentMethodFixed: self = .paymentMethodFixed
        case .unspecified, .UNRECOGNIZED: return nil
        }
    }
}

extension SubscriptionStatus {
    init?(_ value: Subscriptions_V1_SubscriptionStatus) {
        switch value {
        case .active: self = .active
        case .expired: self = .expired
        case .billingRetry: self = .billingRetry
        case .billingGracePeriod: self = .billingGracePeriod
        case .revoked: self = .revoked
        case .unspecified, .UNRECOGNIZED: return nil
        }
    }
}

extension Bool {
    /// `AutoRenewAction` as the engine's `enable` flag; nil when unset.
    init?(_ action: Subscriptions_V1_AutoRenewAction) {
        switch action {
        case .enable: self = true
        case .disable: self = false
        case .unspecified, .UNRECOGNIZED: return nil
        }
    }
}
