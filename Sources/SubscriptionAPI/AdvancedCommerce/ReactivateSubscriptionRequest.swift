import AppleErrorCatalog

/// REACTIVATE_SUBSCRIPTION (`SubscriptionReactivateInAppRequest`): turn auto-renew back on for a
/// subscription, optionally naming the items to reactivate.
public struct ReactivateSubscriptionRequest: ValidatedRequest, Hashable {
    /// Always ``InAppOperation/reactivateSubscription``.
    public let operation: InAppOperation
    /// Always `"1"`.
    public var version: String
    /// Idempotency key and tokens.
    public var requestInfo: RequestInfo
    /// Any transaction of the subscription.
    public var transactionId: String
    /// The items to reactivate (`[{ "SKU": … }]`); `nil` = all.
    public var items: [RemoveItem]?
    /// The customer's storefront.
    public var storefront: StorefrontCode?

    public static var errorFamily: APIError.Origin { .advancedCommerceAPI }

    /// Creates a request; use ``ValidatedRequest/init(validating:)`` for untrusted input.
    public init(
        requestInfo: RequestInfo, transactionId: String, items: [RemoveItem]? = nil, storefront: StorefrontCode? = nil
    ) {
        self.operation = .reactivateSubscription
        self.version = RequestHeader.version
        self.requestInfo = requestInfo
        self.transactionId = transactionId
        self.items = items
        self.storefront = storefront
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case operation, version, requestInfo, transactionId, items, storefront
    }

    public init(from decoder: any Decoder) throws {
        var fields = try FieldReader<CodingKeys>(decoder)
        _ = fields.operation(.reactivateSubscription, key: .operation)
        let version = fields.version(key: .version)
        let info = fields.required(.requestInfo, as: RequestInfo.self, missing: .nullRequestInfo)
        let transaction = fields.transactionId(key: .transactionId)
        let items = fields.nonEmptyArray(.items, of: RemoveItem.self)
        let storefront = fields.optional(.storefront, as: StorefrontCode.self)
        try fields.finish()
        guard let version, let info, let transaction else { throw fields.inconsistency() }
        self.init(requestInfo: info, transactionId: transaction, items: items, storefront: storefront)
        self.version = version
    }
}
