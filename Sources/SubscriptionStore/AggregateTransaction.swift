import Foundation

/// What the engine's state needs from storage inside one transaction: subscription aggregates
/// indexed by customer and group, product and due time; each subscription's append-only
/// history (its transactions before the latest, by position; replies of idempotency keys);
/// and mass extensions.
/// Bodies are opaque bytes (the caller's encoding); times are milliseconds since 1970.
///
/// The SQLite store (``StoreTransaction``, GRDB) implements it for the consumer;
/// ``InMemoryAggregateTransaction`` implements it for unit tests of pure logic. Every call
/// happens inside the caller's one transaction: nothing is visible to others until it
/// commits, and a thrown error rolls it back.
public protocol AggregateTransaction: AnyObject {
    /// The subscription stored under `id` (its `originalTransactionId`), or nil.
    func subscription(_ id: String) throws -> Data?
    /// Inserts or replaces a subscription. `customerId` and `groupId` never change for an id.
    func putSubscription(
        _ body: Data, id: String, customerId: String, groupId: String, productId: String, dueAt: Int64?
    ) throws
    /// Ids of a customer's subscriptions in a group, ascending.
    func subscriptionIds(customerId: String, groupId: String) throws -> [String]
    /// Ids of a customer's subscriptions in every group, ascending.
    func subscriptionIds(customerId: String) throws -> [String]
    /// Up to `limit` ids of the subscriptions whose product is `productId`, at or after `firstId`, ascending.
    func subscriptionIds(productId: String, from firstId: String, limit: Int) throws -> [String]
    /// Up to `limit` ids of subscriptions due at or before `dueAt`, earliest first (ties by id).
    func dueSubscriptionIds(atOrBefore dueAt: Int64, limit: Int) throws -> [String]
    /// The earliest due time of any subscription.
    func earliestSubscriptionDue() throws -> Int64?

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
    /// Inserts or replaces a mass extension.
    func putMassExtension(_ body: Data, id: String, productId: String, dueAt: Int64?) throws
    /// Up to `limit` ids of mass extensions due at or before `dueAt`, earliest first (ties by id).
    func dueMassExtensionIds(atOrBefore dueAt: Int64, limit: Int) throws -> [String]
    /// The earliest due time of any mass extension.
    func earliestMassExtensionDue() throws -> Int64?
}
