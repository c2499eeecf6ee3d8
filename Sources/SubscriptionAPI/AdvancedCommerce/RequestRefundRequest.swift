import AppleErrorCatalog

/// Body of `POST /advancedCommerce/v1/transaction/requestRefund/{transactionId}` (`RequestRefundRequest`).
public struct RequestRefundRequest: ValidatedRequest, Hashable {
    /// Idempotency key and tokens.
    public var requestInfo: RequestInfo
    /// The items to refund.
    public var items: [RequestRefundItem]
    /// Whether the developer accepts the refund risk.
    public var refundRiskingPreference: Bool
    /// Currency of `refundAmount`s.
    public var currency: CurrencyCode?
    /// The customer's storefront.
    public var storefront: StorefrontCode?

    public static var errorFamily: APIError.Origin { .advancedCommerceAPI }

    /// Creates a request; use ``ValidatedRequest/init(validating:)`` for untrusted input.
    public init(
        requestInfo: RequestInfo, items: [RequestRefundItem], refundRiskingPreference: Bool,
        currency: CurrencyCode? = nil, storefront: StorefrontCode? = nil
    ) {
        self.requestInfo = requestInfo
        self.items = items
        self.refundRiskingPreference = refundRiskingPreference
        self.currency = currency
        self.storefront = storefront
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case requestInfo, items, refundRiskingPreference, currency, storefront
    }

    public init(from decoder: any Decoder) throws {
        var fields = try FieldReader<CodingKeys>(decoder)
        let info = fields.required(.requestInfo, as: RequestInfo.self, missing: .nullRequestInfo)
        let items = fields.check(
            fields.required(.items, as: [RequestRefundItem].self, missing: .nullItems), .items, error: .nullItems
        ) { $0.isEmpty ? "must hold at least one item" : nil }
        let risking = fields.required(.refundRiskingPreference, as: Bool.self)
        let currency = fields.optional(.currency, as: CurrencyCode.self)
        let storefront = fields.optional(.storefront, as: StorefrontCode.self)
        try fields.finish()
        guard let info, let items, let risking else { throw fields.inconsistency() }
        self.init(
            requestInfo: info, items: items, refundRiskingPreference: risking, currency: currency,
            storefront: storefront)
    }
}

/// One item of a refund request (`RequestRefundItem`); `refundAmount` is required with CUSTOM and
/// forbidden otherwise.
public struct RequestRefundItem: Codable, Sendable, Hashable {
    /// The SKU to refund.
    public var sku: SKU
    /// Why.
    public var refundReason: RefundReason
    /// FULL, PRORATED or CUSTOM.
    public var refundType: RefundType
    /// Whether to also revoke the item.
    public var revoke: Bool
    /// The amount in milliunits (> 0), only with CUSTOM.
    public var refundAmount: Int64?

    /// Creates an item.
    public init(sku: SKU, refundReason: RefundReason, refundType: RefundType, revoke: Bool, refundAmount: Int64? = nil) {
        self.sku = sku
        self.refundReason = refundReason
        self.refundType = refundType
        self.revoke = revoke
        self.refundAmount = refundAmount
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case sku = "SKU"
        case refundReason, refundType, revoke, refundAmount
    }

    public init(from decoder: any Decoder) throws {
        var fields = try FieldReader<CodingKeys>(decoder)
        let sku = fields.required(.sku, as: SKU.self, missing: .nullSKU)
        let reason = fields.required(.refundReason, as: RefundReason.self)
        let type = fields.required(.refundType, as: RefundType.self)
        let revoke = fields.required(.revoke, as: Bool.self)
        let amount = fields.price(fields.optional(.refundAmount, as: Int64.self), .refundAmount, PriceRules.positive)
        if type == .custom, !fields.contains(.refundAmount) {
            fields.record(.refundAmount, "missing; required when refundType is CUSTOM", kind: .missingField)
        } else if let type, type != .custom, amount != nil {
            fields.record(.refundAmount, "only allowed when refundType is CUSTOM, got \(type.rawValue)")
        }
        try fields.finish()
        guard let sku, let reason, let type, let revoke else { throw fields.inconsistency() }
        self.init(sku: sku, refundReason: reason, refundType: type, revoke: revoke, refundAmount: amount)
    }
}
