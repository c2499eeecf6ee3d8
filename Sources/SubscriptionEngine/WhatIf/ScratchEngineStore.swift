/// A what-if's scratch view of a store (docs/what-if.md): reads fall through to `base`, writes
/// stay in this value and are dropped with it. `base` is only ever read (it is held by value
/// and none of its mutating methods is called), so a what-if cannot change the live data
/// whatever store it runs on (R-WIF-1).
struct ScratchEngineStore<Base: EngineStore>: EngineStore {
    let base: Base
    /// Subscriptions written on the scratch timeline, with their unsaved history.
    private var written: [String: Subscription] = [:]

    init(over base: Base) { self.base = base }

    func subscription(_ originalTransactionId: String) throws -> Subscription? {
        try written[originalTransactionId] ?? base.subscription(originalTransactionId)
    }

    /// Keeps the subscription with its unsaved history, so the scratch timeline sees its own
    /// renewals; the base store never sees them.
    mutating func save(_ subscription: Subscription) throws {
        written[subscription.originalTransactionId] = subscription
    }

    func transactions(of originalTransactionId: String) throws -> [TransactionRecord] {
        guard let scratch = written[originalTransactionId] else { return try base.transactions(of: originalTransactionId) }
        var history = try base.transactions(of: originalTransactionId).dropLast().map { $0 }
        for write in scratch.unsaved.transactions {
            if write.position < history.count { history[write.position] = write.record } else { history.append(write.record) }
        }
        return history + [scratch.latestTransaction].compactMap { $0 }
    }

    func containsTransaction(_ transactionId: String, of originalTransactionId: String) throws -> Bool {
        if written[originalTransactionId]?.unsaved.transactions.contains(where: { $0.record.transactionId == transactionId }) == true {
            return true
        }
        return try base.containsTransaction(transactionId, of: originalTransactionId)
    }

    func requestResult(_ key: String, of originalTransactionId: String) throws -> EngineReply? {
        try base.requestResult(key, of: originalTransactionId)
    }

    func subscriptionIds(customerId: String, groupId: String) throws -> [String] {
        try base.subscriptionIds(customerId: customerId, groupId: groupId)
    }

    func subscriptionIds(customerId: String) throws -> [String] { try base.subscriptionIds(customerId: customerId) }

    func subscriptionIds(productId: String, from firstId: String, limit: Int) throws -> [String] {
        try base.subscriptionIds(productId: productId, from: firstId, limit: limit)
    }

    func walkSubscriptions(productId: String, from cursor: String, limit: Int) throws -> SubscriptionWalkPage {
        try base.walkSubscriptions(productId: productId, from: cursor, limit: limit)
    }

    /// The what-if drives each subscription's own timeline; the store's due index is not used.
    func dueSubscriptionIds(atOrBefore time: Timestamp, limit: Int) throws -> [String] { [] }

    func massExtension(_ requestIdentifier: String) throws -> MassExtension? { try base.massExtension(requestIdentifier) }

    /// A what-if starts no mass extension; nothing to keep.
    mutating func save(_ job: MassExtension) throws {}

    func dueMassExtensionIds(atOrBefore time: Timestamp, limit: Int) throws -> [String] { [] }

    func earliestSubscriptionDueTime() throws -> Timestamp? { nil }

    func earliestMassExtensionDueTime() throws -> Timestamp? { nil }

    var clockId: String? { base.clockId }

    var subscriptionIdScheme: SubscriptionIdScheme { base.subscriptionIdScheme }
}
