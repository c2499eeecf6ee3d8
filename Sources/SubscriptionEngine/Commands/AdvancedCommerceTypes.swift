/// Apple's `requestInfo`.
public struct RequestInfo: Codable, Sendable, Hashable {
    /// Idempotency key (R-MOD-5); empty = missing.
    public var requestReferenceId: String
    public var appAccountToken: String
    public var consistencyToken: String

    public init(requestReferenceId: String, appAccountToken: String = "", consistencyToken: String = "") {
        self.requestReferenceId = requestReferenceId
        self.appAccountToken = appAccountToken
        self.consistencyToken = consistencyToken
    }
}

/// Apple's `operation` literal.
public enum AdvancedCommerceOperation: String, Codable, Sendable, Hashable {
    case createSubscription = "CREATE_SUBSCRIPTION"
    case modifySubscription = "MODIFY_SUBSCRIPTION"
    case reactivateSubscription = "REACTIVATE_SUBSCRIPTION"
    case createOneTimeCharge = "CREATE_ONE_TIME_CHARGE"
}

/// Apple's `effective`.
public enum Effective: String, Codable, Sendable, Hashable {
    case immediately = "IMMEDIATELY"
    case nextBillCycle = "NEXT_BILL_CYCLE"
}

/// Apple's change-item `reason`.
public enum ChangeReason: String, Codable, Sendable, Hashable {
    case upgrade = "UPGRADE"
    case downgrade = "DOWNGRADE"
    case applyOffer = "APPLY_OFFER"
}

/// Apple's offer `reason`.
public enum OfferReason: String, Codable, Sendable, Hashable {
    case acquisition = "ACQUISITION"
    case winBack = "WIN_BACK"
    case retention = "RETENTION"
}

/// Apple's `Offer` on an Advanced Commerce item; `period` stays text so the engine names it.
public struct AdvancedCommerceOffer: Codable, Sendable, Hashable {
    public var period: String
    public var periodCount: Int
    public var price: Milliunits
    public var reason: OfferReason?

    public init(period: String, periodCount: Int, price: Milliunits, reason: OfferReason?) {
        self.period = period
        self.periodCount = periodCount
        self.price = price
        self.reason = reason
    }
}

/// Apple's `refundType`.
public enum RefundType: String, Codable, Sendable, Hashable {
    case full = "FULL"
    case prorated = "PRORATED"
    case custom = "CUSTOM"
}

/// Apple's `refundReason`.
public enum RefundReason: String, Codable, Sendable, Hashable {
    case unintendedPurchase = "UNINTENDED_PURCHASE"
    case fulfillmentIssue = "FULFILLMENT_ISSUE"
    case unsatisfiedWithPurchase = "UNSATISFIED_WITH_PURCHASE"
    case legal = "LEGAL"
    case other = "OTHER"
    case modifyItemsRefund = "MODIFY_ITEMS_REFUND"
    case simulateRefundDecline = "SIMULATE_REFUND_DECLINE"
}

/// An item in a create, add or change request.
public struct AdvancedCommerceItem: Codable, Sendable, Hashable {
    public var sku: String
    public var displayName: String
    public var description: String
    public var price: Milliunits
    public var offer: AdvancedCommerceOffer?

    public init(sku: String, displayName: String = "", description: String = "", price: Milliunits, offer: AdvancedCommerceOffer? = nil) {
        self.sku = sku
        self.displayName = displayName
        self.description = description
        self.price = price
        self.offer = offer
    }
}

/// Apple's `SubscriptionModifyChangeItem`.
public struct ModifyChangeItem: Codable, Sendable, Hashable {
    public var currentSKU: String
    public var item: AdvancedCommerceItem
    public var effective: Effective?
    public var reason: ChangeReason?
    public var proratedPrice: Milliunits?

    public init(currentSKU: String, item: AdvancedCommerceItem, effective: Effective?, reason: ChangeReason?, proratedPrice: Milliunits? = nil) {
        self.currentSKU = currentSKU
        self.item = item
        self.effective = effective
        self.reason = reason
        self.proratedPrice = proratedPrice
    }
}

/// Apple's `SubscriptionModifyAddItem`.
public struct ModifyAddItem: Codable, Sendable, Hashable {
    public var item: AdvancedCommerceItem
    public var proratedPrice: Milliunits?

    public init(item: AdvancedCommerceItem, proratedPrice: Milliunits? = nil) {
        self.item = item
        self.proratedPrice = proratedPrice
    }
}

/// Apple's `SubscriptionModifyPeriodChange`.
public struct ModifyPeriodChange: Codable, Sendable, Hashable {
    public var effective: Effective?
    public var period: String

    public init(effective: Effective?, period: String) {
        self.effective = effective
        self.period = period
    }
}

/// Descriptors with the moment they apply.
public struct EffectiveDescriptors: Codable, Sendable, Hashable {
    public var effective: Effective?
    public var displayName: String
    public var description: String

    public init(effective: Effective?, displayName: String = "", description: String = "") {
        self.effective = effective
        self.displayName = displayName
        self.description = description
    }
}
