import AppleErrorCatalog

/// Body of `POST /advancedCommerce/v1/subscription/cancel/{transactionId}` (`SubscriptionCancelRequest`):
/// turn auto-renew off; access continues to the end of the period.
public struct CancelSubscriptionRequest: ValidatedRequest, Hashable {
    /// Idempotency key and tokens.
    public var requestInfo: RequestInfo
    /// The customer's storefront.
    public var storefront: StorefrontCode?

    public static var errorFamily: APIError.Origin { .advancedCommerceAPI }

    /// Creates a request; use ``ValidatedRequest/init(validating:)`` for untrusted input.
    public init(requestInfo: RequestInfo, storefront: StorefrontCode? = nil) {
        self.requestInfo = requestInfo
        self.storefront = storefront
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case requestInfo, storefront
    }

    public init(from decoder: any Decoder) throws {
        var fields = try FieldReader<CodingKeys>(decoder)
        let info = fields.required(.requestInfo, as: RequestInfo.self, missing: .nullRequestInfo)
        let storefront = fields.optional(.storefront, as: StorefrontCode.self)
        try fields.finish()
        guard let info else { throw fields.inconsistency() }
        self.init(requestInfo: info, storefront: storefront)
    }
}

/// Body of `POST /advancedCommerce/v1/subscription/revoke/{transactionId}` (`SubscriptionRevokeRequest`):
/// end the subscription and every item now, with a refund.
public struct RevokeSubscriptionRequest: ValidatedRequest, Hashable {
    /// Idempotency key and tokens.
    public var requestInfo: RequestInfo
    /// Why.
    public var refundReason: RefundReason
    /// FULL or PRORATED (CUSTOM is for refund requests only).
    public var refundType: RefundType
    /// Whether the developer accepts the refund risk.
    public var refundRiskingPreference: Bool
    /// The customer's storefront.
    public var storefront: StorefrontCode?

    public static var errorFamily: APIError.Origin { .advancedCommerceAPI }

    /// Creates a request; use ``ValidatedRequest/init(validating:)`` for untrusted input.
    public init(
        requestInfo: RequestInfo, refundReason: RefundReason, refundType: RefundType,
        refundRiskingPreference: Bool, storefront: StorefrontCode? = nil
    ) {
        self.requestInfo = requestInfo
        self.refundReason = refundReason
        self.refundType = refundType
        self.refundRiskingPreference = refundRiskingPreference
        self.storefront = storefront
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case requestInfo, refundReason, refundType, refundRiskingPreference, storefront
    }

    public init(from decoder: any Decoder) throws {
        var fields = try FieldReader<CodingKeys>(decoder)
        let info = fields.required(.requestInfo, as: RequestInfo.self, missing: .nullRequestInfo)
        let reason = fields.required(.refundReason, as: RefundReason.self)
        let type = fields.check(fields.required(.refundType, as: RefundType.self), .refundType) {
            $0 == .custom ? "expected one of FULL, PRORATED, got \"CUSTOM\"" : nil
        }
        let risking = fields.required(.refundRiskingPreference, as: Bool.self)
        let storefront = fields.optional(.storefront, as: StorefrontCode.self)
        try fields.finish()
        guard let info, let reason, let type, let risking else { throw fields.inconsistency() }
        self.init(
            requestInfo: info, refundReason: reason, refundType: type, refundRiskingPreference: risking,
            storefront: storefront)
    }
}
