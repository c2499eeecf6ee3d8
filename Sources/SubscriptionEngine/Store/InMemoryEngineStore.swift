/// An `EngineStore` in memory, for tests and demos.
public struct InMemoryEngineStore: EngineStore, Sendable {
    public private(set) var subscriptions: [String: Subscription] = [:]
    public private(set) var massExtensions: [String: MassExtension] = [:]
    private var byCustomerGroup: [String: [String]] = [:]
    private var byCustomer: [String: [String]] = [:]
    private var byProduct: [String: Set<String>] = [:]
    private var subscriptionDue = DueIndex()
    private var massExtensionDue = DueIndex()

    public init() {}

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
        subscriptions[id] = subscription
        subscriptionDue.set(id, due: subscription.nextDueTime)
    }

    public func subscriptionIds(customerId: String, groupId: String) throws -> [String] {
        byCustomerGroup["\(customerId)\u{1F}\(groupId)"] ?? []
    }

    public func subscriptionIds(customerId: String) throws -> [String] { byCustomer[customerId] ?? [] }

    public func subscriptionIds(productId: String) throws -> [String] { (byProduct[productId] ?? []).sorted() }

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

    public func earliestDueTime() throws -> Timestamp? {
        [subscriptionDue.earliest, massExtensionDue.earliest].compactMap { $0 }.min()
    }
}
