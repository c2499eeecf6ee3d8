/// Where the engine reads and writes aggregates: one subscription at a time plus a few
/// indexes, so no operation scans every subscription. The consumer implements it over
/// SQLite; `InMemoryEngineStore` is the reference implementation.
public protocol EngineStore {
    /// The subscription with this `originalTransactionId`.
    func subscription(_ originalTransactionId: String) throws -> Subscription?
    /// Inserts or replaces a subscription and (re)indexes its `nextDueTime`, `customerId` +
    /// `groupId` and `productId`.
    mutating func save(_ subscription: Subscription) throws
    /// Subscriptions of a customer in a group (at most one is live, R-GRP-1).
    func subscriptionIds(customerId: String, groupId: String) throws -> [String]
    /// Subscriptions of a customer in every group (Get All Subscription Statuses).
    func subscriptionIds(customerId: String) throws -> [String]
    /// Subscriptions whose current `productId` is this one (mass extensions).
    func subscriptionIds(productId: String) throws -> [String]
    /// Subscriptions with `nextDueTime <= time`, ordered by (`nextDueTime`, id).
    func dueSubscriptionIds(atOrBefore time: Timestamp, limit: Int) throws -> [String]
    /// The mass extension with this request identifier.
    func massExtension(_ requestIdentifier: String) throws -> MassExtension?
    /// Inserts or replaces a mass extension and indexes its `nextDueTime`.
    mutating func save(_ job: MassExtension) throws
    /// Mass extensions with `nextDueTime <= time`, ordered by (`nextDueTime`, id).
    func dueMassExtensionIds(atOrBefore time: Timestamp, limit: Int) throws -> [String]
    /// The smallest `nextDueTime` of any subscription or mass extension.
    func earliestDueTime() throws -> Timestamp?
}
