import Foundation

/// What the engine's state needs from storage inside one transaction: subscription aggregates
/// indexed by customer and group, product and due time; each subscription's append-only
/// history (its transactions before the latest, by position; replies of idempotency keys);
/// and mass extensions.
/// Bodies are opaque bytes (the caller's encoding); times are milliseconds since 1970.
///
/// Test clocks (docs/test-clocks.md) partition the subscriptions: each subscription and mass
/// extension is on one clock, given when it is first stored (`clockId`, nil = the consumer's
/// clock) and never changed; the customer, due and product queries take the clock and see only
/// its rows.
///
/// The SQLite store (``StoreTransaction``, GRDB) implements it for the consumer;
/// ``InMemoryAggregateTransaction`` implements it for unit tests of pure logic. Every call
/// happens inside the caller's one transaction: nothing is visible to others until it
/// commits, and a thrown error rolls it back.
public protocol AggregateTransaction: AnyObject {
    /// Whether this transaction is the database's only writer until it ends (SQLite's write
    /// lock, memory): an id it found absent stays absent until it commits, so new subscriptions
    /// may get time-ordered ids (the engine's `SubscriptionIdScheme`), which purchases of the
    /// same millisecond pick alike. False for PostgreSQL, whose replicas write side by side.
    var hasSingleWriter: Bool { get }
    /// The subscription stored under `id` (its `originalTransactionId`), or nil.
    func subscription(_ id: String) throws -> Data?
    /// Whether a subscription is stored under `id`: the engine's check of a new id. A store that
    /// can answer without reading the row does so (SQLite: an id above every stored one,
    /// ``StoreTransaction/containsSubscription(_:)``); the default reads it.
    func containsSubscription(_ id: String) throws -> Bool
    /// Inserts or replaces a subscription. `customerId`, `groupId` and `clockId` never change for an id.
    func putSubscription(
        _ body: Data, id: String, customerId: String, groupId: String, productId: String, dueAt: Int64?, clockId: String?
    ) throws
    /// Ids of a customer's subscriptions on `clockId` in a group, ascending. A test clock is a
    /// sandbox: the same customer id on another clock is another customer.
    func subscriptionIds(customerId: String, groupId: String, onClock clockId: String?) throws -> [String]
    /// Ids of a customer's subscriptions on `clockId` in every group, ascending.
    func subscriptionIds(customerId: String, onClock clockId: String?) throws -> [String]
    /// Up to `limit` ids of the subscriptions on `clockId` whose product is `productId`, at or
    /// after `firstId`, ascending.
    func subscriptionIds(productId: String, onClock clockId: String?, from firstId: String, limit: Int) throws -> [String]
    /// Up to `limit` ids of the subscriptions on `clockId` whose product is `productId`, in the
    /// store's walk order from `cursor` (`""`: the first), and where the next page starts (nil:
    /// the walk is over). The default walks by id; the SQLite store walks in storage order.
    func walkSubscriptions(productId: String, onClock clockId: String?, from cursor: String, limit: Int) throws -> SubscriptionWalk
    /// Up to `limit` ids of subscriptions on `clockId` due at or before `dueAt`, earliest first (ties by id).
    func dueSubscriptionIds(onClock clockId: String?, atOrBefore dueAt: Int64, limit: Int) throws -> [String]
    /// The earliest due time of any subscription on `clockId`.
    func earliestSubscriptionDue(onClock clockId: String?) throws -> Int64?
    /// Whether a subscription on `clockId` may be due at or before `dueAt`: false only when none
    /// is (the default asks ``earliestSubscriptionDue(onClock:)``; the SQLite store keeps a lower
    /// bound per transaction, so the check before every command costs no query).
    func maySubscriptionBeDue(onClock clockId: String?, atOrBefore dueAt: Int64) throws -> Bool

    /// Inserts or replaces the transaction at `position` of a subscription's history.
    func putTransaction(_ body: Data, subscriptionId: String, position: Int, transactionId: String) throws
    /// Every transaction of a subscription, by position.
    func transactions(subscriptionId: String) throws -> [Data]
    /// Whether `transactionId` is in the subscription's history.
    func containsTransaction(_ transactionId: String, subscriptionId: String) throws -> Bool
    /// The reply remembered for an idempotency key of a subscription.
    func requestResult(key: String, subscriptionId: String) throws -> Data?
    /// Remembers the reply of an idempotency key of a subscription.
    func putRequestResult(_ body: Data, key: String, subscriptionId: String) throws

    /// The mass extension stored under `id`, or nil.
    func massExtension(_ id: String) throws -> Data?
    /// Inserts or replaces a mass extension; `clockId` never changes for an id.
    func putMassExtension(_ body: Data, id: String, productId: String, dueAt: Int64?, clockId: String?) throws
    /// Up to `limit` ids of mass extensions on `clockId` due at or before `dueAt`, earliest first (ties by id).
    func dueMassExtensionIds(onClock clockId: String?, atOrBefore dueAt: Int64, limit: Int) throws -> [String]
    /// The earliest due time of any mass extension on `clockId`.
    func earliestMassExtensionDue(onClock clockId: String?) throws -> Int64?

    /// The clock a stored subscription is on; nil when there is no such subscription.
    func clock(ofSubscription id: String) throws -> StoredClockMembership?
    /// Whether any test clock exists (commands skip the clock lookups when none does).
    func hasTestClocks() throws -> Bool
    /// The test clock with this id, for a command that runs on it. Commands on one clock may
    /// run side by side (on PostgreSQL: the row is read `FOR SHARE` in a write transaction).
    func testClock(_ id: String) throws -> StoredTestClock?
    /// The test clock with this id, for an advance or a delete: no command on the clock runs
    /// until this transaction ends (on PostgreSQL: `FOR UPDATE`, which waits for the commands
    /// that hold the clock and holds off the next ones).
    func testClockToChange(_ id: String) throws -> StoredTestClock?
    /// Every test clock, by id.
    func testClocks() throws -> [StoredTestClock]
    /// Inserts or replaces a test clock.
    func putTestClock(_ clock: StoredTestClock) throws
    /// How many subscriptions are on the test clock.
    func subscriptionCount(onClock clockId: String) throws -> Int
    /// Deletes the test clock and everything on it (its subscriptions with their history and
    /// replies, its mass extensions); returns how many subscriptions went with it.
    func deleteTestClock(_ id: String) throws -> Int
}

extension AggregateTransaction {
    public func containsSubscription(_ id: String) throws -> Bool {
        try subscription(id) != nil
    }
}

/// One page of a walk over a product's subscriptions
/// (``AggregateTransaction/walkSubscriptions(productId:onClock:from:limit:)``).
public struct SubscriptionWalk: Sendable, Hashable {
    /// The ids of the page, in the walk's order.
    public var ids: [String]
    /// Where the next page starts (opaque); nil when the walk is over.
    public var next: String?

    /// A page.
    public init(ids: [String], next: String?) {
        self.ids = ids
        self.next = next
    }
}

/// Which clock a stored subscription is on.
public enum StoredClockMembership: Sendable, Hashable {
    /// The consumer's clock (system or manual).
    case consumer
    /// The test clock with this id.
    case testClock(String)

    /// The test clock's id, or nil for the consumer's clock.
    public var testClockId: String? {
        if case .testClock(let id) = self { return id }
        return nil
    }

    /// The membership of a `clock_id` column value.
    public init(clockId: String?) {
        self = clockId.map { .testClock($0) } ?? .consumer
    }
}

/// A stored test clock: its now and when it started, in milliseconds since 1970.
public struct StoredTestClock: Sendable, Hashable {
    public var id: String
    public var name: String
    public var now: Int64
    public var createdAt: Int64

    public init(id: String, name: String, now: Int64, createdAt: Int64) {
        self.id = id
        self.name = name
        self.now = now
        self.createdAt = createdAt
    }
}

extension AggregateTransaction {
    /// A single writer (SQLite, memory) needs no lock: the clock as ``testClock(_:)`` reads it.
    public func testClockToChange(_ id: String) throws -> StoredTestClock? { try testClock(id) }

    /// Exact: whether the earliest due time on `clockId` is at or before `dueAt`.
    public func maySubscriptionBeDue(onClock clockId: String?, atOrBefore dueAt: Int64) throws -> Bool {
        try earliestSubscriptionDue(onClock: clockId).map { $0 <= dueAt } ?? false
    }

    /// A customer's subscriptions in a group on the consumer's clock.
    public func subscriptionIds(customerId: String, groupId: String) throws -> [String] {
        try subscriptionIds(customerId: customerId, groupId: groupId, onClock: nil)
    }

    /// A customer's subscriptions on the consumer's clock.
    public func subscriptionIds(customerId: String) throws -> [String] {
        try subscriptionIds(customerId: customerId, onClock: nil)
    }

    /// `putSubscription` on the consumer's clock.
    public func putSubscription(
        _ body: Data, id: String, customerId: String, groupId: String, productId: String, dueAt: Int64?
    ) throws {
        try putSubscription(body, id: id, customerId: customerId, groupId: groupId, productId: productId, dueAt: dueAt, clockId: nil)
    }

    /// Subscriptions of a product on the consumer's clock.
    public func subscriptionIds(productId: String, from firstId: String, limit: Int) throws -> [String] {
        try subscriptionIds(productId: productId, onClock: nil, from: firstId, limit: limit)
    }

    /// Walks by id: the cursor is the first id of the next page.
    public func walkSubscriptions(productId: String, onClock clockId: String?, from cursor: String, limit: Int) throws -> SubscriptionWalk {
        let ids = try subscriptionIds(productId: productId, onClock: clockId, from: cursor, limit: limit + 1)
        return SubscriptionWalk(ids: Array(ids.prefix(limit)), next: ids.count > limit ? ids[limit] : nil)
    }

    /// Due subscriptions on the consumer's clock.
    public func dueSubscriptionIds(atOrBefore dueAt: Int64, limit: Int) throws -> [String] {
        try dueSubscriptionIds(onClock: nil, atOrBefore: dueAt, limit: limit)
    }

    /// The earliest due subscription on the consumer's clock.
    public func earliestSubscriptionDue() throws -> Int64? { try earliestSubscriptionDue(onClock: nil) }

    /// `putMassExtension` on the consumer's clock.
    public func putMassExtension(_ body: Data, id: String, productId: String, dueAt: Int64?) throws {
        try putMassExtension(body, id: id, productId: productId, dueAt: dueAt, clockId: nil)
    }

    /// Due mass extensions on the consumer's clock.
    public func dueMassExtensionIds(atOrBefore dueAt: Int64, limit: Int) throws -> [String] {
        try dueMassExtensionIds(onClock: nil, atOrBefore: dueAt, limit: limit)
    }

    /// The earliest due mass extension on the consumer's clock.
    public func earliestMassExtensionDue() throws -> Int64? { try earliestMassExtensionDue(onClock: nil) }
}
