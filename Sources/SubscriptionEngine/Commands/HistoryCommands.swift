/// `GetTransactionInfoRequest`: one transaction by its id.
public struct GetTransactionInfoRequest: Codable, Sendable, Hashable {
    public var transactionId: String

    public init(transactionId: String) { self.transactionId = transactionId }
}

/// Apple's product types, for the transaction history's `productType` filter. The engine
/// sells auto-renewable subscriptions only, so any other type matches nothing.
public enum ProductTypeFilter: String, Codable, Sendable, Hashable, CaseIterable {
    case autoRenewable = "AUTO_RENEWABLE"
    case nonRenewable = "NON_RENEWABLE"
    case consumable = "CONSUMABLE"
    case nonConsumable = "NON_CONSUMABLE"
}

/// Order of a transaction history page.
public enum HistoryOrder: String, Codable, Sendable, Hashable {
    case ascending = "ASCENDING"
    case descending = "DESCENDING"
}

/// `GetTransactionHistoryRequest` (v2, or V1 by `version`): the customer's transactions, filtered, in pages.
public struct TransactionHistoryRequest: Codable, Sendable, Hashable {
    public var transactionId: String
    /// The previous page's `revision`; empty = first page.
    public var revision: String
    /// Purchases at or after; nil = no bound.
    public var startDate: Timestamp?
    /// Purchases before; nil = no bound.
    public var endDate: Timestamp?
    /// Empty = every product.
    public var productIds: [String]
    /// Empty = every type.
    public var productTypes: [ProductTypeFilter]
    public var order: HistoryOrder
    /// Empty = every group.
    public var subscriptionGroupIdentifiers: [String]
    /// nil = both.
    public var inAppOwnershipType: InAppOwnershipType?
    /// true = only revoked, false = only not revoked, nil = both.
    public var revoked: Bool?
    /// Which endpoint: 2 = Get Transaction History, 1 = Get Transaction History V1 (no finished
    /// consumables; revisions of its own).
    public var version: Int

    public init(
        transactionId: String, revision: String = "", startDate: Timestamp? = nil, endDate: Timestamp? = nil,
        productIds: [String] = [], productTypes: [ProductTypeFilter] = [], order: HistoryOrder = .ascending,
        subscriptionGroupIdentifiers: [String] = [], inAppOwnershipType: InAppOwnershipType? = nil, revoked: Bool? = nil,
        version: Int = 2
    ) {
        self.version = version
        self.transactionId = transactionId
        self.revision = revision
        self.startDate = startDate
        self.endDate = endDate
        self.productIds = productIds
        self.productTypes = productTypes
        self.order = order
        self.subscriptionGroupIdentifiers = subscriptionGroupIdentifiers
        self.inAppOwnershipType = inAppOwnershipType
        self.revoked = revoked
    }
}

/// `GetRefundHistoryRequest`: the customer's refunded transactions in pages.
public struct RefundHistoryRequest: Codable, Sendable, Hashable {
    public var transactionId: String
    /// The previous page's `revision`; empty = first page.
    public var revision: String

    public init(transactionId: String, revision: String = "") {
        self.transactionId = transactionId
        self.revision = revision
    }
}

/// `GetSubscriptionHistoryRequest` (the console's timeline): one subscription by any of its
/// transaction ids, or every subscription of a customer. Exactly one of the two.
public struct SubscriptionHistoryRequest: Codable, Sendable, Hashable {
    /// Which subscriptions.
    public enum Selection: Codable, Sendable, Hashable {
        /// The subscription owning this transaction id (its original or a renewal's).
        case transaction(String)
        /// Every subscription of this customer.
        case customer(String)
    }

    public var selection: Selection

    public init(_ selection: Selection) { self.selection = selection }
}
