/// An `EngineStore` in memory, for tests and demos.
public struct InMemoryEngineStore: EngineStore, Sendable {
    public private(set) var subscriptions: [String: Subscription] = [:]
    public private(set) var massExtensions: [String: MassExtension] = [:]
    private var byCustomerGroup: [String: [String]] = [:]
    private var byCustomer: [String: [String]] = [:]
    private var byProduct: [String: Set<String>] = [:]
    private var history: [String: [TransactionRecord]] = [:]
    private var results: [String: [String: EngineReply]] = [:]
    private var subscriptionDue = DueIndex()
    private var massExtensionDue = DueIndex()

    public init() {}

    /// An empty store with room for `count` subscriptions (no rehashing while it fills; the
    /// stage benchmarks measure the engine, not dictionary growth).
    public init(reservingCapacity count: Int) {
        subscriptions.reserveCapacity(count)
        byCustomerGroup.reserveCapacity(count)
        byCustomer.reserveCapacity(count)
        history.reserveCapacity(count)
    }

    public func subscription(_ originalTransactionId: String) throws -> Subscription? {
        subscriptions[originalTransactionId]
    }

    public mutating func save(_ subscription: Subscription) throws {
        let id = subscription.originalTransactionId
        if let old = subscriptions[id] {
            if old.productId != subscription.productId {
                byProduct[old.productId]?.remove(id)
                byProduct[subscription.productId, default: []].insert(id)
            }
        } else {
            byCustomerGroup["\(subscription.customerId)\u{1F}\(subscription.groupId)", default: []].append(id)
            byCustomer[subscription.customerId, default: []].append(id)
            byProduct[subscription.productId, default: []].insert(id)
        }
        var stored = subscription
        for write in stored.unsaved.transactions {
            if write.position < history[id, default: []].count {
                history[id, default: []][write.position] = write.record
            } else {
                history[id, default: []].append(write.record)
            }
        }
        for result in stored.unsaved.requestResults {
            results[id, default: [:]][result.key] = result.reply
        }
        stored.unsaved = UnsavedHistory()
        subscriptions[id] = stored
        subscriptionDue.set(id, due: subscription.nextDueTime)
    }

    public func transactions(of originalTransactionId: String) throws -> [TransactionRecord] {
        (history[originalTransactionId] ?? []) + [subscriptions[originalTransactionId]?.latestTransaction].compactMap { $0 }
    }

    public func containsTransaction(_ transactionId: String, of originalTransactionId: String) throws -> Bool {
        history[originalTransactionId]?.contains { $0.transactionId == transactionId } ?? false
    }

    public func requestResult(_ key: String, of originalTransactionId: String) throws -> EngineReply? {
        results[originalTransactionId]?[key]
    }

    public func subscriptionIds(customerId: String, groupId: String) throws -> [String] {
        byCustomerGroup["\(customerId)\u{1F}\(groupId)"] ?? []
    }

    public func subscriptionIds(customerId: String) throws -> [String] { byCustomer[customerId] ?? [] }

    public func subscriptionIds(productId: String, from firstId: String, limit: Int) throws -> [String] {
        Array((byProduct[productId] ?? []).filter { $0 >= firstId }.sorted().prefix(limit))
    }

    public func dueSubscriptionIds(atOrBefore time: Timestamp, limit: Int) throws -> [String] {
        subscriptionDue.ids(atOrBefore: time, limit: limit)
    }

    public func massExtension(_ requestIdentifier: String) throws -> MassExtension? { massExtensions[requestIdentifier] }

    public mutating func save(_ job: MassExtension) throws {
        massExtensions[job.requestIdentifier] = job
        massExtensionDue.set(job.requestIdentifier, due: job.nextDueTime)
    }

    public func dueMassExtensionIds(atOrBefore time: Timestamp, limit: Int) throws -> [String] {
        massExtensionDue.ids(atOrBefore: time, limit: limit)
    }

    public func earliestSubscriptionDueTime() throws -> Timestamp? { subscriptionDue.earliest }

    public func earliestMassExtensionDueTime() throws -> Timestamp? { massExtensionDue.earliest }
}
