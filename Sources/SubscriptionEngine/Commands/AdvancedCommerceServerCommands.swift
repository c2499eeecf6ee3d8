/// Cancel (auto-renew off).
public struct CancelSubscriptionRequest: Codable, Sendable, Hashable {
    public var transactionId: String
    public var requestInfo: RequestInfo?

    public init(transactionId: String, requestInfo: RequestInfo?) {
        self.transactionId = transactionId
        self.requestInfo = requestInfo
    }
}

/// Revoke: ends the subscription now with a refund.
public struct RevokeSubscriptionRequest: Codable, Sendable, Hashable {
    public var transactionId: String
    public var requestInfo: RequestInfo?
    public var refundReason: RefundReason?
    public var refundType: RefundType?

    public init(transactionId: String, requestInfo: RequestInfo?, refundReason: RefundReason?, refundType: RefundType?) {
        self.transactionId = transactionId
        self.requestInfo = requestInfo
        self.refundReason = refundReason
        self.refundType = refundType
    }
}

/// Refund of one transaction's items.
public struct RequestRefundRequest: Codable, Sendable, Hashable {
    public var transactionId: String
    public var requestInfo: RequestInfo?
    public var refundType: RefundType?
    public var refundReason: RefundReason?
    public var refundAmount: Milliunits?
    public var revoke: Bool

    public init(
        transactionId: String, requestInfo: RequestInfo?, refundType: RefundType?, refundReason: RefundReason?,
        refundAmount: Milliunits? = nil, revoke: Bool = false
    ) {
        self.transactionId = transactionId
        self.requestInfo = requestInfo
        self.refundType = refundType
        self.refundReason = refundReason
        self.refundAmount = refundAmount
        self.revoke = revoke
    }
}

/// Apple's metadata change item (rename `currentSKU` to `sku`, R-PRC-12).
public struct MetadataItem: Codable, Sendable, Hashable {
    public var currentSKU: String
    public var sku: String
    public var displayName: String
    public var description: String

    public init(currentSKU: String, sku: String = "", displayName: String = "", description: String = "") {
        self.currentSKU = currentSKU
        self.sku = sku
        self.displayName = displayName
        self.description = description
    }
}

/// Change Subscription Metadata.
public struct ChangeMetadataRequest: Codable, Sendable, Hashable {
    public var transactionId: String
    public var requestInfo: RequestInfo?
    public var descriptors: EffectiveDescriptors?
    public var items: [MetadataItem]

    public init(transactionId: String, requestInfo: RequestInfo?, descriptors: EffectiveDescriptors? = nil, items: [MetadataItem]) {
        self.transactionId = transactionId
        self.requestInfo = requestInfo
        self.descriptors = descriptors
        self.items = items
    }
}

/// Migrate an in-app subscription to Advanced Commerce (R-PRC-13).
public struct MigrateSubscriptionRequest: Codable, Sendable, Hashable {
    public var transactionId: String
    public var requestInfo: RequestInfo?
    public var descriptors: SubscriptionDescriptors?
    public var items: [AdvancedCommerceItem]
    public var targetProductId: String
    public var taxCode: String

    public init(
        transactionId: String, requestInfo: RequestInfo?, descriptors: SubscriptionDescriptors?,
        items: [AdvancedCommerceItem], targetProductId: String, taxCode: String = "C003-00-1"
    ) {
        self.transactionId = transactionId
        self.requestInfo = requestInfo
        self.descriptors = descriptors
        self.items = items
        self.targetProductId = targetProductId
        self.taxCode = taxCode
    }
}
