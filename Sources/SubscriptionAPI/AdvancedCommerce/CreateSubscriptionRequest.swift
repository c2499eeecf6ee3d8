import AppleErrorCatalog

/// CREATE_SUBSCRIPTION (`SubscriptionCreateRequest`): buy a new Advanced Commerce subscription.
public struct CreateSubscriptionRequest: ValidatedRequest, Hashable {
    /// Always ``InAppOperation/createSubscription``.
    public let operation: InAppOperation
    /// Always `"1"`.
    public var version: String
    /// Idempotency key and tokens.
    public var requestInfo: RequestInfo
    /// Currency of every price.
    public var currency: CurrencyCode
    /// The subscription's name and description.
    public var descriptors: Descriptors
    /// The items, at least one.
    public var items: [SubscriptionItem]
    /// The billing period.
    public var period: SubscriptionPeriod
    /// Apple tax code.
    public var taxCode: TaxCode
    /// Resubscribe into this earlier subscription (pair with `requestInfo.consistencyToken`).
    public var previousTransactionId: String?
    /// The customer's storefront.
    public var storefront: StorefrontCode?

    public static var errorFamily: APIError.Origin { .advancedCommerceAPI }

    /// Creates a request; use ``ValidatedRequest/init(validating:)`` for untrusted input.
    public init(
        requestInfo: RequestInfo, currency: CurrencyCode, descriptors: Descriptors, items: [SubscriptionItem],
        period: SubscriptionPeriod, taxCode: TaxCode, previousTransactionId: String? = nil,
        storefront: StorefrontCode? = nil
    ) {
        self.operation = .createSubscription
        self.version = RequestHeader.version
        self.requestInfo = requestInfo
        self.currency = currency
        self.descriptors = descriptors
        self.items = items
        self.period = period
        self.taxCode = taxCode
        self.previousTransactionId = previousTransactionId
        self.storefront = storefront
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case operation, version, requestInfo, currency, descriptors, items, period, taxCode
        case previousTransactionId, storefront
    }

    public init(from decoder: any Decoder) throws {
        var fields = try FieldReader<CodingKeys>(decoder)
        _ = fields.operation(.createSubscription, key: .operation)
        let version = fields.version(key: .version)
        let info = fields.required(.requestInfo, as: RequestInfo.self, missing: .nullRequestInfo)
        let currency = fields.required(.currency, as: CurrencyCode.self, missing: .nullCurrency)
        let descriptors = fields.required(.descriptors, as: Descriptors.self, missing: .nullDescriptors)
        let items = fields.check(
            fields.required(.items, as: [SubscriptionItem].self, missing: .nullItems), .items, error: .nullItems
        ) { $0.isEmpty ? "must hold at least one item" : nil }
        let period = fields.required(.period, as: SubscriptionPeriod.self, missing: .nullPeriod)
        let taxCode = fields.required(.taxCode, as: TaxCode.self, missing: .nullTaxCode)
        let previous = fields.optional(.previousTransactionId, as: String.self)
        let storefront = fields.optional(.storefront, as: StorefrontCode.self)
        for (index, item) in (items ?? []).enumerated() where item.proratedPrice != nil {
            fields.record(at: "items[\(index)].proratedPrice", "unknown field in CREATE_SUBSCRIPTION items",
                          kind: .unknownField)
        }
        try fields.finish()
        guard let version, let info, let currency, let descriptors, let items, let period, let taxCode else {
            throw fields.inconsistency()
        }
        self.init(
            requestInfo: info, currency: currency, descriptors: descriptors, items: items, period: period,
            taxCode: taxCode, previousTransactionId: previous, storefront: storefront)
        self.version = version
    }
}
