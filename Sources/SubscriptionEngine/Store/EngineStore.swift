/// Where the engine reads and writes aggregates: one subscription at a time plus a few
/// indexes, so no operation scans every subscription. The consumer implements it over
/// SQLite; `InMemoryEngineStore` is the reference implementation.
public protocol EngineStore {
    /// The subscription with this `originalTransactionId`.
    func subscription(_ originalTransactionId: String) throws -> Subscription?
    /// Whether a subscription has this `originalTransactionId` (a new id's collision check;
    /// see the extension's default: ``subscription(_:)``).
    func containsSubscription(_ originalTransactionId: String) throws -> Bool
    /// Inserts or replaces a subscription and (re)indexes its `nextDueTime`, `customerId` +
    /// `groupId` and `productId`; appends its ``Subscription/unsaved`` history (the transactions
    /// that stopped being the latest; one at a position already stored replaces it).
    mutating func save(_ subscription: Subscription) throws
    /// Every transaction of a subscription, oldest first: the history, then the latest.
    func transactions(of originalTransactionId: String) throws -> [TransactionRecord]
    /// Whether `transactionId` is in the subscription's history (the transactions before the latest).
    func containsTransaction(_ transactionId: String, of originalTransactionId: String) throws -> Bool
    /// The reply remembered for an idempotency key of the subscription.
    func requestResult(_ key: String, of originalTransactionId: String) throws -> EngineReply?
    /// Subscriptions of a customer in a group (at most one is live, R-GRP-1).
    func subscriptionIds(customerId: String, groupId: String) throws -> [String]
    /// Subscriptions of a customer in every group (Get All Subscription Statuses).
    func subscriptionIds(customerId: String) throws -> [String]
    /// Up to `limit` subscriptions whose current `productId` is this one, with ids at or
    /// after `firstId` in ascending order (the price-change what-if reads them in pages).
    func subscriptionIds(productId: String, from firstId: String, limit: Int) throws -> [String]
    /// A page of up to `limit` subscriptions whose current `productId` is this one, in the
    /// store's own order, from `cursor` (`""`: the first); mass extensions walk them in batches
    /// and keep the page's ``SubscriptionWalkPage/next`` as where to resume. The default walks
    /// by id (``subscriptionIds(productId:from:limit:)``); a store may walk in storage order
    /// instead, so that a batch's writes land on neighbouring pages.
    func walkSubscriptions(productId: String, from cursor: String, limit: Int) throws -> SubscriptionWalkPage
    /// Subscriptions with `nextDueTime <= time`, ordered by (`nextDueTime`, id).
    func dueSubscriptionIds(atOrBefore time: Timestamp, limit: Int) throws -> [String]
    /// The mass extension with this request identifier.
    func massExtension(_ requestIdentifier: String) throws -> MassExtension?
    /// Inserts or replaces a mass extension and indexes its `nextDueTime`.
    mutating func save(_ job: MassExtension) throws
    /// Mass extensions with `nextDueTime <= time`, ordered by (`nextDueTime`, id).
    func dueMassExtensionIds(atOrBefore time: Timestamp, limit: Int) throws -> [String]
    /// The smallest `nextDueTime` of any subscription.
    func earliestSubscriptionDueTime() throws -> Timestamp?
    /// Whether any subscription may be due at or before `time`: false only when none is. The
    /// engine asks before every command; a store may answer from what it already knows (see the
    /// extension's default: ``earliestSubscriptionDueTime()``).
    func maySubscriptionBeDue(atOrBefore time: Timestamp) throws -> Bool
    /// The smallest `nextDueTime` of any mass extension.
    func earliestMassExtensionDueTime() throws -> Timestamp?
    /// The test clock this store is scoped to (see the extension's default: nil).
    var clockId: String? { get }
    /// How new subscriptions get their ids (see the extension's default: ``SubscriptionIdScheme/hashed``).
    var subscriptionIdScheme: SubscriptionIdScheme { get }
}

/// One page of a walk over a product's subscriptions (``EngineStore/walkSubscriptions(productId:from:limit:)``).
public struct SubscriptionWalkPage: Sendable, Hashable {
    /// The subscriptions of the page, in the walk's order.
    public var ids: [String]
    /// Where the next page starts (opaque to the caller); nil when the walk is over.
    public var next: String?

    /// A page.
    public init(ids: [String], next: String?) {
        self.ids = ids
        self.next = next
    }

    /// The page of an id-ordered walk from `ids`, the next `limit + 1` ids at or after the
    /// cursor: the last one, when there, is where the next page starts.
    public init(idsAndNext ids: [String], limit: Int) {
        self.ids = Array(ids.prefix(limit))
        next = ids.count > limit ? ids[limit] : nil
    }
}

extension EngineStore {
    /// Walks by id: the cursor is the first id of the next page.
    public func walkSubscriptions(productId: String, from cursor: String, limit: Int) throws -> SubscriptionWalkPage {
        SubscriptionWalkPage(idsAndNext: try subscriptionIds(productId: productId, from: cursor, limit: limit + 1), limit: limit)
    }

    /// The test clock new subscriptions created through this store live on (docs/test-clocks.md);
    /// nil, the default, is the consumer's clock. A store scoped to a clock also sees only that
    /// clock's timers and product walks.
    public var clockId: String? { nil }

    /// Hashed ids: the pure function of customer, group and clock, whatever the store.
    public var subscriptionIdScheme: SubscriptionIdScheme { .hashed }

    /// Whether ``subscription(_:)`` finds one (a store that can answer without reading the
    /// aggregate does so).
    public func containsSubscription(_ originalTransactionId: String) throws -> Bool {
        try subscription(originalTransactionId) != nil
    }

    /// Exact: whether the earliest `nextDueTime` is at or before `time`.
    public func maySubscriptionBeDue(atOrBefore time: Timestamp) throws -> Bool {
        try earliestSubscriptionDueTime().map { $0 <= time } ?? false
    }

    /// The smallest `nextDueTime` of any subscription or mass extension.
    public func earliestDueTime() throws -> Timestamp? {
        [try earliestSubscriptionDueTime(), try earliestMassExtensionDueTime()].compactMap { $0 }.min()
    }
}
