/// The customer's reason for a refund request, sent as `data.consumptionRequestReason` of
/// `CONSUMPTION_REQUEST` (Apple's values).
public enum ConsumptionRequestReason: String, Codable, Sendable, Hashable, CaseIterable {
    case unintendedPurchase = "UNINTENDED_PURCHASE"
    case fulfillmentIssue = "FULFILLMENT_ISSUE"
    case unsatisfiedWithPurchase = "UNSATISFIED_WITH_PURCHASE"
    case legal = "LEGAL"
    case other = "OTHER"
}

/// Ours: the customer asks Apple for a refund of a transaction (R-REF-1); `reason` nil = unset (refused).
public struct CustomerRefundRequest: Codable, Sendable, Hashable {
    public var transactionId: String
    public var reason: ConsumptionRequestReason?

    public init(transactionId: String, reason: ConsumptionRequestReason?) {
        self.transactionId = transactionId
        self.reason = reason
    }
}

/// Apple's `deliveryStatus`.
public enum DeliveryStatus: String, Codable, Sendable, Hashable, CaseIterable {
    case delivered = "DELIVERED"
    case undeliveredQualityIssue = "UNDELIVERED_QUALITY_ISSUE"
    case undeliveredWrongItem = "UNDELIVERED_WRONG_ITEM"
    case undeliveredServerOutage = "UNDELIVERED_SERVER_OUTAGE"
    case undeliveredOther = "UNDELIVERED_OTHER"
}

/// Apple's `refundPreference`.
public enum RefundPreference: String, Codable, Sendable, Hashable, CaseIterable {
    case decline = "DECLINE"
    case grantFull = "GRANT_FULL"
    case grantProrated = "GRANT_PRORATED"
}

/// Apple's `ConsumptionRequest` (Send Consumption Information, v2), as the engine keeps it on
/// the pending refund request.
public struct ConsumptionInformation: Codable, Sendable, Hashable {
    public var customerConsented: Bool
    public var sampleContentProvided: Bool
    /// nil = unset (refused).
    public var deliveryStatus: DeliveryStatus?
    /// Milliunits of a percent, 0…100000; nil = not sent.
    public var consumptionPercentage: Int?
    public var refundPreference: RefundPreference?

    public init(
        customerConsented: Bool, sampleContentProvided: Bool, deliveryStatus: DeliveryStatus?,
        consumptionPercentage: Int? = nil, refundPreference: RefundPreference? = nil
    ) {
        self.customerConsented = customerConsented
        self.sampleContentProvided = sampleContentProvided
        self.deliveryStatus = deliveryStatus
        self.consumptionPercentage = consumptionPercentage
        self.refundPreference = refundPreference
    }
}

/// Send Consumption Information for `transactionId` (R-REF-2).
public struct SendConsumptionInformationRequest: Codable, Sendable, Hashable {
    public var transactionId: String
    public var information: ConsumptionInformation

    public init(transactionId: String, information: ConsumptionInformation) {
        self.transactionId = transactionId
        self.information = information
    }
}

/// Ours: the operator's decision, in Apple's place, on a transaction's refund.
public enum RefundDecision: String, Codable, Sendable, Hashable, CaseIterable {
    /// Grant the pending request, refunding the whole price (`REFUND`).
    case grantFull = "GRANT_FULL"
    /// Grant the pending request, refunding the unused time (`REFUND`).
    case grantProrated = "GRANT_PRORATED"
    /// Decline the pending request (`REFUND_DECLINED`).
    case decline = "DECLINE"
    /// Reverse a granted refund after a dispute (`REFUND_REVERSED`).
    case reverse = "REVERSE"
}

/// Ours: the decision on `transactionId`'s refund (R-REF-3, R-REF-4); `decision` nil = unset (refused).
public struct DecideRefundRequest: Codable, Sendable, Hashable {
    public var transactionId: String
    public var decision: RefundDecision?

    public init(transactionId: String, decision: RefundDecision?) {
        self.transactionId = transactionId
        self.decision = decision
    }
}

/// Apple's Look Up Order ID (R-REF-6).
public struct LookUpOrderIdRequest: Codable, Sendable, Hashable {
    public var orderId: String

    public init(orderId: String) { self.orderId = orderId }
}

/// Apple's Set App Account Token (R-REF-5).
public struct SetAppAccountTokenRequest: Codable, Sendable, Hashable {
    public var originalTransactionId: String
    public var appAccountToken: String

    public init(originalTransactionId: String, appAccountToken: String) {
        self.originalTransactionId = originalTransactionId
        self.appAccountToken = appAccountToken
    }
}
