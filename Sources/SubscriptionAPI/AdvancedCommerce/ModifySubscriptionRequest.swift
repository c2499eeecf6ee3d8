import AppleErrorCatalog

/// MODIFY_SUBSCRIPTION (`SubscriptionModifyInAppRequest`): add, change or remove items, change the
/// period or descriptors of an Advanced Commerce subscription (R-MOD-1, R-MOD-2).
public struct ModifySubscriptionRequest: ValidatedRequest, Hashable {
    /// Always ``InAppOperation/modifySubscription``.
    public let operation: InAppOperation
    /// Always `"1"`.
    public var version: String
    /// Idempotency key and tokens.
    public var requestInfo: RequestInfo
    /// Any transaction of the subscription to modify.
    public var transactionId: String
    /// `true`: keep the renewal date (prorate); `false`: restart the billing cycle now (R-MOD-3).
    public var retainBillingCycle: Bool
    /// Items to add.
    public var addItems: [SubscriptionItem]?
    /// Items to replace.
    public var changeItems: [ChangeItem]?
    /// Items to remove.
    public var removeItems: [RemoveItem]?
    /// A new billing period.
    public var periodChange: PeriodChange?
    /// New descriptors.
    public var descriptors: EffectiveDescriptors?
    /// Currency of the prices in this request.
    public var currency: CurrencyCode?
    /// The customer's storefront.
    public var storefront: StorefrontCode?
    /// Tax code for added items.
    public var taxCode: TaxCode?

    public static var errorFamily: APIError.Origin { .advancedCommerceAPI }

    /// Creates a request; use ``ValidatedRequest/init(validating:)`` for untrusted input.
    public init(
        requestInfo: RequestInfo, transactionId: String, retainBillingCycle: Bool,
        addItems: [SubscriptionItem]? = nil, changeItems: [ChangeItem]? = nil, removeItems: [RemoveItem]? = nil,
        periodChange: PeriodChange? = nil, descriptors: EffectiveDescriptors? = nil,
        currency: CurrencyCode? = nil, storefront: StorefrontCode? = nil, taxCode: TaxCode? = nil
    ) {
        self.operation = .modifySubscription
        self.version = RequestHeader.version
        self.requestInfo = requestInfo
        self.transactionId = transactionId
        self.retainBillingCycle = retainBillingCycle
        self.addItems = addItems
        self.changeItems = changeItems
        self.removeItems = removeItems
        self.periodChange = periodChange
        self.descriptors = descriptors
        self.currency = currency
        self.storefront = storefront
        self.taxCode = taxCode
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case operation, version, requestInfo, transactionId, retainBillingCycle
        case addItems, changeItems, removeItems, periodChange, descriptors, currency, storefront, taxCode
    }

    public init(from decoder: any Decoder) throws {
        var fields = try FieldReader<CodingKeys>(decoder)
        _ = fields.operation(.modifySubscription, key: .operation)
        let version = fields.version(key: .version)
        let info = fields.required(.requestInfo, as: RequestInfo.self, missing: .nullRequestInfo)
        let transaction = fields.transactionId(key: .transactionId)
        let retain = fields.required(.retainBillingCycle, as: Bool.self, missing: .nullRetainBillingCycle)
        let add = fields.nonEmptyArray(.addItems, of: SubscriptionItem.self, empty: .emptyAddChangeItems)
        let change = fields.nonEmptyArray(.changeItems, of: ChangeItem.self, empty: .emptyAddChangeItems)
        let remove = fields.nonEmptyArray(.removeItems, of: RemoveItem.self)
        let period = fields.optional(.periodChange, as: PeriodChange.self)
        let descriptors = fields.optional(.descriptors, as: EffectiveDescriptors.self)
        let currency = fields.optional(.currency, as: CurrencyCode.self)
        let storefront = fields.optional(.storefront, as: StorefrontCode.self)
        let taxCode = fields.optional(.taxCode, as: TaxCode.self)
        let changesSomething = [CodingKeys.addItems, .changeItems, .removeItems, .periodChange, .descriptors]
            .contains(where: fields.contains)
        if !changesSomething {
            fields.record(nil, "must contain at least one of addItems, changeItems, removeItems, periodChange, descriptors",
                          error: .oneItemNeededInModify)
        }
        Self.checkDistinctSKUs(add: add ?? [], change: change ?? [], remove: remove ?? [], in: &fields)
        try fields.finish()
        guard let version, let info, let transaction, let retain else { throw fields.inconsistency() }
        self.init(
            requestInfo: info, transactionId: transaction, retainBillingCycle: retain, addItems: add,
            changeItems: change, removeItems: remove, periodChange: period, descriptors: descriptors,
            currency: currency, storefront: storefront, taxCode: taxCode)
        self.version = version
    }

    /// A SKU may appear in only one of the add, change (`currentSKU`) and remove operations.
    private static func checkDistinctSKUs(
        add: [SubscriptionItem], change: [ChangeItem], remove: [RemoveItem], in fields: inout FieldReader<CodingKeys>
    ) {
        let named = add.enumerated().map { ($1.sku, "addItems[\($0)].SKU") }
            + change.enumerated().map { ($1.currentSKU, "changeItems[\($0)].currentSKU") }
            + remove.enumerated().map { ($1.sku, "removeItems[\($0)].SKU") }
        var firstPath: [SKU: String] = [:]
        for (sku, path) in named {
            if let earlier = firstPath[sku] {
                fields.record(at: path, "SKU \(sku) is already used by \(earlier)", error: .multipleOperationsOnSingleSKU)
            } else {
                firstPath[sku] = path
            }
        }
    }
}
