/// Advanced Commerce CREATE_SUBSCRIPTION.
public struct CreateSubscriptionRequest: Codable, Sendable, Hashable {
    public var customerId: String
    public var operation: AdvancedCommerceOperation?
    public var version: String
    public var requestInfo: RequestInfo?
    public var currency: CurrencyCode
    public var descriptors: SubscriptionDescriptors?
    public var items: [AdvancedCommerceItem]
    public var period: String
    public var taxCode: String
    public var previousTransactionId: String
    public var storefront: StorefrontCode

    public init(
        customerId: String, operation: AdvancedCommerceOperation? = .createSubscription, version: String = "1",
        requestInfo: RequestInfo?, currency: CurrencyCode, descriptors: SubscriptionDescriptors?,
        items: [AdvancedCommerceItem], period: String, taxCode: String = "C003-00-1", previousTransactionId: String = "",
        storefront: StorefrontCode
    ) {
        self.customerId = customerId
        self.operation = operation
        self.version = version
        self.requestInfo = requestInfo
        self.currency = currency
        self.descriptors = descriptors
        self.items = items
        self.period = period
        self.taxCode = taxCode
        self.previousTransactionId = previousTransactionId
        self.storefront = storefront
    }
}

/// Advanced Commerce MODIFY_SUBSCRIPTION (R-MOD-1..5). Optional lists: nil = not sent.
public struct ModifySubscriptionRequest: Codable, Sendable, Hashable {
    public var operation: AdvancedCommerceOperation?
    public var version: String
    public var requestInfo: RequestInfo?
    public var transactionId: String
    public var retainBillingCycle: Bool?
    public var addItems: [ModifyAddItem]?
    public var changeItems: [ModifyChangeItem]?
    public var removeItems: [String]?
    public var periodChange: ModifyPeriodChange?
    public var descriptors: EffectiveDescriptors?
    public var currency: CurrencyCode?

    public init(
        operation: AdvancedCommerceOperation? = .modifySubscription, version: String = "1", requestInfo: RequestInfo?,
        transactionId: String, retainBillingCycle: Bool?, addItems: [ModifyAddItem]? = nil,
        changeItems: [ModifyChangeItem]? = nil, removeItems: [String]? = nil, periodChange: ModifyPeriodChange? = nil,
        descriptors: EffectiveDescriptors? = nil, currency: CurrencyCode? = nil
    ) {
        self.operation = operation
        self.version = version
        self.requestInfo = requestInfo
        self.transactionId = transactionId
        self.retainBillingCycle = retainBillingCycle
        self.addItems = addItems
        self.changeItems = changeItems
        self.removeItems = removeItems
        self.periodChange = periodChange
        self.descriptors = descriptors
        self.currency = currency
    }
}

/// Advanced Commerce REACTIVATE_SUBSCRIPTION (R-PRC-11); empty `items` = all items.
public struct ReactivateSubscriptionRequest: Codable, Sendable, Hashable {
    public var operation: AdvancedCommerceOperation?
    public var version: String
    public var requestInfo: RequestInfo?
    public var transactionId: String
    public var items: [String]

    public init(
        operation: AdvancedCommerceOperation? = .reactivateSubscription, version: String = "1",
        requestInfo: RequestInfo?, transactionId: String, items: [String] = []
    ) {
        self.operation = operation
        self.version = version
        self.requestInfo = requestInfo
        self.transactionId = transactionId
        self.items = items
    }
}

/// Apple's `SubscriptionPriceChangeItem`.
public struct PriceChangeItem: Codable, Sendable, Hashable {
    public var sku: String
    public var price: Milliunits
    public var dependentSKUs: [String]

    public init(sku: String, price: Milliunits, dependentSKUs: [String] = []) {
        self.sku = sku
        self.price = price
        self.dependentSKUs = dependentSKUs
    }
}

/// Change Subscription Price (R-PRC-1, R-PRC-2). Also accepted for in-app subscriptions,
/// whose single item's SKU is the product id.
public struct ChangePriceRequest: Codable, Sendable, Hashable {
    public var transactionId: String
    public var requestInfo: RequestInfo?
    public var items: [PriceChangeItem]
    public var currency: CurrencyCode?

    public init(transactionId: String, requestInfo: RequestInfo?, items: [PriceChangeItem], currency: CurrencyCode? = nil) {
        self.transactionId = transactionId
        self.requestInfo = requestInfo
        self.items = items
        self.currency = currency
    }
}
