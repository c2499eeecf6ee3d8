/// Where the engine reads and writes aggregates: one subscription at a time plus a few
/// indexes, so no operation scans every subscription. The consumer implements it over
/// SQLite; `InMemoryEngineStore` is the reference implementation.
public protocol EngineStore {
    /// The subscription with this `originalTransactionId`.
    func subscription(_ originalTransactionId: String) throws -> Subscription?
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
    /// after `firstId` in ascending order (mass extensions walk them in batches).
    func subscriptionIds(productId: String, from firstId: String, limit: Int) throws -> [String]
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
}

extension EngineStore {
    /// The test clock new subscriptions created through this store live on (docs/test-clocks.md);
    /// nil, the default, is the consumer's clock. A store scoped to a clock also sees only that
    /// clock's timers and product walks.
    public var clockId: String? { nil }

    /// Exact: whether the earliest `nextDueTime` is at or before `time`.
    public func maySubscriptionBeDue(atOrBefore time: Timestamp) throws -> Bool {
        try earliestSubscriptionDueTime().map { $0 <= time } ?? false
    }

    /// The smallest `nextDueTime` of any subscription or mass extension.
    public func earliestDueTime() throws -> Timestamp? {
        [try earliestSubscriptionDueTime(), try earliestMassExtensionDueTime()].compactMap { $0 }.min()
    }
}
