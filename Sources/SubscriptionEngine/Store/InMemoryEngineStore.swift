/// An `EngineStore` in memory, for tests, demos and the engine's stage benchmarks.
///
/// Everything a subscription owns (the aggregate, its history, its remembered replies, the due
/// time it is indexed under) lives in one entry, so a load is one hash lookup and a save updates
/// that entry in place; the stage benchmarks measure the engine, not this store's bookkeeping.
public struct InMemoryEngineStore: EngineStore, Sendable {
    /// One subscription and what it owns.
    private struct Entry: Sendable {
        var subscription: Subscription
        var history: [TransactionRecord] = []
        /// The replies remembered for idempotency keys, oldest first, read as a command's unsaved
        /// ones are (a key's reply is its last). An array: a subscription remembers a few, and
        /// its first ones are the command's own array, taken without a copy (a dictionary was
        /// allocated and filled per subscription). A key is remembered once: the engine answers
        /// a key it finds and saves nothing.
        var results: [UnsavedHistory.RequestResult] = []
        /// The `nextDueTime` the subscription is indexed under in `subscriptionDue`.
        var due: Timestamp?
        /// Where its id is in `byProduct[subscription.productId]`.
        var productPosition: Int

        /// Stores the subscription's unsaved history (the transactions that stopped being the
        /// latest, the replies to remember) and empties it.
        mutating func takeUnsaved() {
            var unsaved = UnsavedHistory()
            swap(&unsaved, &subscription.unsaved)
            for write in unsaved.transactions {
                if write.position < history.count {
                    history[write.position] = write.record
                } else {
                    history.append(write.record)
                }
            }
            if results.isEmpty {
                results = unsaved.requestResults
            } else {
                results += unsaved.requestResults
            }
        }
    }

    /// A customer in a subscription group (Get All Subscription Statuses, R-GRP-1).
    private struct CustomerGroup: Hashable, Sendable {
        var customerId: String
        var groupId: String
    }

    private var entries: [String: Entry] = [:]
    public private(set) var massExtensions: [String: MassExtension] = [:]
    private var byCustomerGroup: [CustomerGroup: [String]] = [:]
    private var byCustomer: [String: [String]] = [:]
    /// The subscriptions of each product, in no order (appending is cheaper than a set's
    /// insert; a product change moves the last id into the leaving one's place).
    private var byProduct: [String: [String]] = [:]
    private var subscriptionDue = DueIndex()
    private var massExtensionDue = DueIndex()

    /// How new subscriptions get their ids: hashed unless asked (a test comparing this store
    /// with one that makes time-ordered ids asks for the same).
    public let subscriptionIdScheme: SubscriptionIdScheme

    /// An empty store whose new subscriptions get ids by `subscriptionIds`.
    public init(subscriptionIds: SubscriptionIdScheme = .hashed) {
        subscriptionIdScheme = subscriptionIds
    }

    /// An empty store with room for `count` subscriptions (no rehashing while it fills; the
    /// stage benchmarks measure the engine, not dictionary growth).
    public init(reservingCapacity count: Int) {
        subscriptionIdScheme = .hashed
        entries.reserveCapacity(count)
        byCustomerGroup.reserveCapacity(count)
        byCustomer.reserveCapacity(count)
    }

    /// Every subscription, by `originalTransactionId` (a copy, for tests and benchmarks).
    public var subscriptions: [String: Subscription] { entries.mapValues(\.subscription) }

    public func subscription(_ originalTransactionId: String) throws -> Subscription? {
        entries[originalTransactionId]?.subscription
    }

    public func containsSubscription(_ originalTransactionId: String) throws -> Bool {
        entries.index(forKey: originalTransactionId) != nil
    }

    public mutating func save(_ subscription: Subscription) throws {
        let id = subscription.originalTransactionId
        let due = subscription.nextDueTime
        let productPosition = byProduct[subscription.productId]?.count ?? 0
        let previous = Self.put(subscription, due: due, productPosition: productPosition, into: &entries[id])
        if let previous {
            if previous.productId != subscription.productId {
                removeFromProduct(previous.productId, at: previous.productPosition)
                byProduct[subscription.productId, default: []].append(id)
            }
        } else {
            byCustomerGroup[CustomerGroup(customerId: subscription.customerId, groupId: subscription.groupId), default: []].append(id)
            byCustomer[subscription.customerId, default: []].append(id)
            byProduct[subscription.productId, default: []].append(id)
        }
        if previous?.due != due { subscriptionDue.move(id, from: previous?.due, to: due) }
    }

    /// What a save replaced: where the subscription was indexed.
    private struct Previous {
        var productId: String
        var productPosition: Int
        var due: Timestamp?
    }

    /// Puts `subscription` into its dictionary slot and returns where the replaced entry was
    /// indexed; nil when the slot was empty. The entry is moved out of the slot and back (an
    /// entry is a large value: reading its fields through the optional copied it whole).
    private static func put(
        _ subscription: Subscription, due: Timestamp?, productPosition: Int, into slot: inout Entry?
    ) -> Previous? {
        guard var entry = slot.take() else {
            var entry = Entry(subscription: subscription, due: due, productPosition: productPosition)
            entry.takeUnsaved()
            slot = entry
            return nil
        }
        let previous = Previous(productId: entry.subscription.productId, productPosition: entry.productPosition, due: entry.due)
        entry.subscription = subscription
        entry.takeUnsaved()
        entry.due = due
        if previous.productId != subscription.productId { entry.productPosition = productPosition }
        slot = entry
        return previous
    }

    /// Removes the id at `position` from the product's subscriptions: the last one takes its place.
    private mutating func removeFromProduct(_ productId: String, at position: Int) {
        guard let last = byProduct[productId]?.popLast() else { return }
        guard position < byProduct[productId, default: []].count else { return }
        byProduct[productId, default: []][position] = last
        entries[last]?.productPosition = position
    }

    public func transactions(of originalTransactionId: String) throws -> [TransactionRecord] {
        guard let entry = entries[originalTransactionId] else { return [] }
        return entry.history + [entry.subscription.latestTransaction].compactMap { $0 }
    }

    public func containsTransaction(_ transactionId: String, of originalTransactionId: String) throws -> Bool {
        entries[originalTransactionId]?.history.contains { $0.transactionId == transactionId } ?? false
    }

    public func requestResult(_ key: String, of originalTransactionId: String) throws -> EngineReply? {
        entries[originalTransactionId]?.results.reply(forKey: key)
    }

    public func subscriptionIds(customerId: String, groupId: String) throws -> [String] {
        byCustomerGroup[CustomerGroup(customerId: customerId, groupId: groupId)] ?? []
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
        let oldDue = massExtensions.updateValue(job, forKey: job.requestIdentifier)?.nextDueTime
        if oldDue != job.nextDueTime { massExtensionDue.move(job.requestIdentifier, from: oldDue, to: job.nextDueTime) }
    }

    public func dueMassExtensionIds(atOrBefore time: Timestamp, limit: Int) throws -> [String] {
        massExtensionDue.ids(atOrBefore: time, limit: limit)
    }

    public func earliestSubscriptionDueTime() throws -> Timestamp? { subscriptionDue.earliest }

    public func earliestMassExtensionDueTime() throws -> Timestamp? { massExtensionDue.earliest }
}

