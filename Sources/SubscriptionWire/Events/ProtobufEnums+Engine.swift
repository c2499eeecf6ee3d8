import SubscriptionEngine
import SubscriptionMessages

// Engine enums -> proto enums, by Apple name; nil maps to `…_UNSPECIFIED`.

extension Subscriptions_V1_NotificationType {
    init(_ type: NotificationType) {
        switch type {
        case .subscribed: self = .subscribed
        case .didRenew: self = .didRenew
        case .didChangeRenewalPref: self = .didChangeRenewalPref
        case .didChangeRenewalStatus: self = .didChangeRenewalStatus
        case .offerRedeemed: self = .offerRedeemed
        case .didFailToRenew: self = .didFailToRenew
        case .gracePeriodExpired: self = .gracePeriodExpired
        case .expired: self = .expired
        case .priceIncrease: self = .priceIncrease
        case .priceChange: self = .priceChange
        case .renewalExtended: self = .renewalExtended
        case .renewalExtension: self = .renewalExtension
        case .refund: self = .refund
        case .refundDeclined: self = .refundDeclined
        case .refundReversed: self = .refundReversed
        case .consumptionRequest: self = .consumptionRequest
        case .revoke: self = .revoke
        case .metadataUpdate: self = .metadataUpdate
        case .migration: self = .migration
        case .subscriberCommunication: self = .subscriberCommunication
        case .quarantined: self = .quarantined
        case .retentionMessage: self = .retentionMessage
        }
    }
}

extension Subscriptions_V1_Subtype {
    init(_ subtype: NotificationSubtype?) {
        guard let subtype else {
            self = .unspecified
            return
        }
        switch subtype {
        case .initialBuy: self = .initialBuy
        case .resubscribe: self = .resubscribe
        case .downgrade: self = .downgrade
        case .upgrade: self = .upgrade
        case .autoRenewEnabled: self = .autoRenewEnabled
        case .autoRenewDisabled: self = .autoRenewDisabled
        case .voluntary: self = .voluntary
        case .billingRetry: self = .billingRetry
        case .priceIncrease: self = .priceIncrease
        case .gracePeriod: self = .gracePeriod
        case .pending: self = .pending
        case .accepted: self = .accepted
        case .billingRecovery: self = .billingRecovery
        case .productNotForSale: self = .productNotForSale
        case .summary: self = .summary
        case .failure: self = .failure
        case .consentRequest: self = .consentRequest
        case .consentReminder: self = .consentReminder
        case .notice: self = .notice
        case .retentionRequested: self = .retentionRequested
        case .retentionPresented: self = .retentionPresented
        case .retentionAnswered: self = .retentionAnswered
        }
    }
}

extension Subscriptions_V1_Environment {
    public init(_ environment: Environment) {
        switch environment {
        case .sandbox: self = .sandbox
        case .production: self = .production
        case .xcode: self = .xcode
        case .localTesting: self = .localTesting
        }
    }
}

extension Subscriptions_V1_SubscriptionStatus {
    init(_ status: SubscriptionStatus) {
        switch status {
        case .active: self = .active
        case .expired: self = .expired
        case .billingRetry: self = .billingRetry
        case .billingGracePeriod: self = .billingGracePeriod
        case .revoked: self = .revoked
        }
    }
}

extension Subscriptions_V1_CommunicationChannel {
    init(_ channel: CommunicationChannel) {
        switch channel {
        case .email: self = .email
        case .priceIncreaseSheet: self = .priceIncreaseSheet
        case .push: self = .push
        }
    }
}

extension Subscriptions_V1_CommunicationKind {
    init(_ kind: CommunicationKind) {
        switch kind {
        case .consentRequest: self = .consentRequest
        case .consentReminder: self = .consentReminder
        case .notice: self = .notice
        }
    }
}

extension Subscriptions_V1_OfferType {
    init(_ type: OfferType?) {
        switch type {
        case .introductory: self = .introductory
        case .promotional: self = .promotional
        case .offerCode: self = .offerCode
        case .winBack: self = .winBack
        case nil: self = .unspecified
        }
    }
}

extension Subscriptions_V1_OfferDiscountType {
    init(_ type: OfferDiscountType?) {
        switch type {
        case .freeTrial: self = .freeTrial
        case .payAsYouGo: self = .payAsYouGo
        case .payUpFront: self = .payUpFront
        case .oneTime: self = .oneTime
        case nil: self = .unspecified
        }
    }
}

extension Subscriptions_V1_TransactionReason {
    init(_ reason: TransactionReason) {
        switch reason {
        case .purchase: self = .purchase
        case .renewal: self = .renewal
        }
    }
}

extension Subscriptions_V1_InAppOwnershipType {
    init(_ type: InAppOwnershipType) {
        switch type {
        case .purchased: self = .purchased
        case .familyShared: self = .familyShared
        }
    }
}

extension Subscriptions_V1_RevocationReason {
    /// Apple's 0/1 shifted by one (the proto's 0 means "not revoked").
    init(_ reason: RevocationReason?) {
        switch reason {
        case .other: self = .other
        case .appIssue: self = .appIssue
        case nil: self = .unspecified
        }
    }
}

extension Subscriptions_V1_RevocationType {
    init(_ type: RevocationType?) {
        switch type {
        case .refundFull: self = .refundFull
        case .refundProrated: self = .refundProrated
        case .familyRevoke: self = .familyRevoke
        case nil: self = .unspecified
        }
    }
}

extension Subscriptions_V1_ExpirationIntent {
    init(_ intent: ExpirationIntent?) {
        switch intent {
        case .customerCancelled: self = .customerCancelled
        case .billingError: self = .billingError
        case .priceIncreaseNotConsented: self = .priceIncreaseNotConsented
        case .productUnavailable: self = .productUnavailable
        case .other: self = .other
        case nil: self = .unspecified
        }
    }
}

extension Subscriptions_V1_PriceIncreaseStatus {
    /// Apple's 0/1 shifted by one (the proto's 0 means "no increase pending").
    init(_ status: PriceIncreaseStatus?) {
        switch status {
        case .notResponded: self = .notResponded
        case .accepted: self = .accepted
        case nil: self = .unspecified
        }
    }
}

extension Subscriptions_V1_PriceIncreaseInfoStatus {
    init(_ status: PriceIncreaseInfoStatus?) {
        switch status {
        case .scheduled: self = .scheduled
        case .pending: self = .pending
        case .accepted: self = .accepted
        case nil: self = .unspecified
        }
    }
}

extension Subscriptions_V1_ProductType {
    /// Apple's `type` string; an unknown string is UNSPECIFIED.
    init(appleName: String) {
        switch appleName {
        case "Auto-Renewable Subscription": self = .autoRenewableSubscription
        case "Non-Consumable": self = .nonConsumable
        case "Consumable": self = .consumable
        case "Non-Renewing Subscription": self = .nonRenewingSubscription
        default: self = .unspecified
        }
    }
}
