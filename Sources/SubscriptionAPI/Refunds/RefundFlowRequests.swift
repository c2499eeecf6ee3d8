import AppleErrorCatalog

/// The customer's reason for a refund request (Apple's `consumptionRequestReason`).
public enum ConsumptionRequestReason: String, StrictStringEnum, Sendable {
    /// The customer did not mean to buy.
    case unintendedPurchase = "UNINTENDED_PURCHASE"
    /// The purchase was not delivered or does not work.
    case fulfillmentIssue = "FULFILLMENT_ISSUE"
    /// The customer is unhappy with the purchase.
    case unsatisfiedWithPurchase = "UNSATISFIED_WITH_PURCHASE"
    /// Legal reasons.
    case legal = "LEGAL"
    /// Anything else.
    case other = "OTHER"

    static var invalidValueError: APIError? { nil }

    public init(from decoder: any Decoder) throws { self = try Self.decodeStrictly(from: decoder) }
}

/// Our `POST /v1/transactions/{transactionId}/refundRequest` body: the customer asks Apple for a
/// refund (what Report a Problem does); `CONSUMPTION_REQUEST` follows (R-REF-1).
public struct CustomerRefundRequestBody: ValidatedRequest, Hashable {
    /// Why, sent as `consumptionRequestReason`.
    public var consumptionRequestReason: ConsumptionRequestReason

    public static var errorFamily: APIError.Origin { .service }

    /// Creates a request.
    public init(consumptionRequestReason: ConsumptionRequestReason) {
        self.consumptionRequestReason = consumptionRequestReason
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case consumptionRequestReason
    }

    public init(from decoder: any Decoder) throws {
        var fields = try FieldReader<CodingKeys>(decoder)
        let reason = fields.required(.consumptionRequestReason, as: ConsumptionRequestReason.self)
        try fields.finish()
        guard let reason else { throw fields.inconsistency() }
        self.init(consumptionRequestReason: reason)
    }
}

/// What the operator decides about a refund, in Apple's place.
public enum RefundDecision: String, StrictStringEnum, Sendable {
    /// Grant the pending request: full refund (`REFUND`).
    case grantFull = "GRANT_FULL"
    /// Grant the pending request: prorated refund (`REFUND`).
    case grantProrated = "GRANT_PRORATED"
    /// Decline the pending request (`REFUND_DECLINED`).
    case decline = "DECLINE"
    /// Reverse a granted refund (`REFUND_REVERSED`).
    case reverse = "REVERSE"

    static var invalidValueError: APIError? { nil }

    public init(from decoder: any Decoder) throws { self = try Self.decodeStrictly(from: decoder) }
}

/// Our `POST /v1/transactions/{transactionId}/refundDecision` body (R-REF-3, R-REF-4).
public struct RefundDecisionRequest: ValidatedRequest, Hashable {
    /// Grant, decline or reverse.
    public var decision: RefundDecision

    public static var errorFamily: APIError.Origin { .service }

    /// Creates a request.
    public init(decision: RefundDecision) { self.decision = decision }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case decision
    }

    public init(from decoder: any Decoder) throws {
        var fields = try FieldReader<CodingKeys>(decoder)
        let decision = fields.required(.decision, as: RefundDecision.self)
        try fields.finish()
        guard let decision else { throw fields.inconsistency() }
        self.init(decision: decision)
    }
}
