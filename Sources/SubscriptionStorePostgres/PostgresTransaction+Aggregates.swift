import Foundation
import PostgresNIO
import SubscriptionStore

extension PostgresTransaction: AggregateTransaction {
    /// Replicas write side by side (docs/scale-out.md): two of them picking time-ordered ids in
    /// the same millisecond would meet on each other's rows and retry; hashed ids practically
    /// never meet.
    public var hasSingleWriter: Bool { false }

    /// From the cache when this transaction read or wrote it; else read (`FOR UPDATE` in a
    /// write transaction) and remembered, found or absent. An absent id is not locked: a save
    /// of it inserts, which fails with a unique violation, and the transaction runs again, if
    /// another replica created it meanwhile.
    public func subscription(_ id: String) throws -> Data? {
        if let known = cache.subscriptions[id] {
            guard case .present(let body, _, _, _) = known else { return nil }
            return body
        }
        let row = try execute("SELECT body, clock_id, customer_id, group_id FROM subscription WHERE id = \(id)\(unescaped: forUpdate)").first
        guard let row else {
            cache.subscriptions[id] = .absent
            return nil
        }
        let (body, clock, customerId, groupId) = try row.decode((Data, String, String, String).self)
        cache.subscriptions[id] = .present(body: body, clockId: clock, customerId: customerId, groupId: groupId)
        return body
    }

    /// Kept until the server is next needed (``PostgresPendingWrites``): inserted when this
    /// transaction found the id absent, updated when it found it, else upserted.
    public func putSubscription(
        _ body: Data, id: String, customerId: String, groupId: String, productId: String, dueAt: Int64?, clockId: String?
    ) throws {
        let write: PostgresPendingWrites.SubscriptionWrite
        switch cache.subscriptions[id] {
        case .present?: write = .update
        case .absent?: write = .insert
        case nil: write = .upsert
        }
        let clock = Self.column(clockId)
        pending.put(PostgresPendingWrites.Subscription(
            id: id, customerId: customerId, groupId: groupId, productId: productId, dueAt: dueAt, body: body, clock: clock, write: write))
        cache.saved(body, id: id, customerId: customerId, groupId: groupId, dueAt: dueAt, clock: clock)
    }

    public func subscriptionIds(customerId: String, groupId: String, onClock clockId: String?) throws -> [String] {
        try customerSubscriptions(customerId, clock: Self.column(clockId)).filter { $0.groupId == groupId }.map { $0.id }.sorted()
    }

    public func subscriptionIds(customerId: String, onClock clockId: String?) throws -> [String] {
        try customerSubscriptions(customerId, clock: Self.column(clockId)).map { $0.id }.sorted()
    }

    /// A customer's subscriptions in every group: from the cache (the preload's, or an earlier
    /// lookup's, with this transaction's new subscriptions added), else looked up under the
    /// customer's advisory lock.
    private func customerSubscriptions(_ customerId: String, clock: String) throws -> [(id: String, groupId: String)] {
        let key = PostgresReadCache.CustomerKey(clock: clock, customerId: customerId)
        if let known = cache.customers[key] { return known }
        try lockCustomer(customerId, clock: clock)
        let found = try execute("SELECT id, group_id FROM subscription WHERE clock_id = \(clock) AND customer_id = \(customerId)")
            .map { row in
                let (id, groupId) = try row.decode((String, String).self)
                return (id: id, groupId: groupId)
            }
        cache.customers[key] = found
        return found
    }

    /// A page of a product's subscriptions; their rows are read ahead with it (a mass extension
    /// or a what-if loads each one next).
    public func subscriptionIds(productId: String, onClock clockId: String?, from firstId: String, limit: Int) throws -> [String] {
        let ids = try values(String.self, """
            SELECT id FROM subscription WHERE id >= \(firstId) AND product_id = \(productId) AND clock_id = \(Self.column(clockId))
            ORDER BY id LIMIT \(limit)
            """)
        try readAhead(ids)
        return ids
    }

    /// Due subscriptions; their rows are read ahead with them (the engine loads each one next
    /// and fires it if it is still due).
    public func dueSubscriptionIds(onClock clockId: String?, atOrBefore dueAt: Int64, limit: Int) throws -> [String] {
        let ids = try values(String.self, """
            SELECT id FROM subscription WHERE clock_id = \(Self.column(clockId)) AND due_at IS NOT NULL AND due_at <= \(dueAt)
            ORDER BY due_at, id LIMIT \(limit)
            """)
        try readAhead(ids)
        return ids
    }

    public func earliestSubscriptionDue(onClock clockId: String?) throws -> Int64? {
        let clock = Self.column(clockId)
        let earliest = try value(Int64?.self, "SELECT MIN(due_at) FROM subscription WHERE clock_id = \(clock) AND due_at IS NOT NULL") ?? nil
        cache.dueFloors[clock] = earliest ?? .max
        return earliest
    }

    /// False without a query while the clock's due floor (learnt from `MIN(due_at)` in this
    /// transaction, lowered by its own saves) is after `dueAt`: the engine asks before every
    /// command.
    public func maySubscriptionBeDue(onClock clockId: String?, atOrBefore dueAt: Int64) throws -> Bool {
        if let floor = cache.dueFloors[Self.column(clockId)], floor > dueAt { return false }
        return try earliestSubscriptionDue(onClock: clockId).map { $0 <= dueAt } ?? false
    }

    public func putTransaction(_ body: Data, subscriptionId: String, position: Int, transactionId: String) throws {
        pending.putTransaction(body, subscriptionId: subscriptionId, position: position, transactionId: transactionId)
    }

    public func transactions(subscriptionId: String) throws -> [Data] {
        try values(Data.self, "SELECT body FROM transaction_history WHERE subscription_id = \(subscriptionId) ORDER BY position")
    }

    public func containsTransaction(_ transactionId: String, subscriptionId: String) throws -> Bool {
        try value(Bool.self, """
            SELECT EXISTS (SELECT 1 FROM transaction_history WHERE subscription_id = \(subscriptionId) AND transaction_id = \(transactionId))
            """) ?? false
    }

    public func requestResult(key: String, subscriptionId: String) throws -> Data? {
        try value(Data.self, "SELECT body FROM request_result WHERE subscription_id = \(subscriptionId) AND key = \(key)")
    }

    public func putRequestResult(_ body: Data, key: String, subscriptionId: String) throws {
        pending.putRequestResult(body, key: key, subscriptionId: subscriptionId)
    }

    /// Read `FOR UPDATE`; when there is no such job yet (in a write transaction), its advisory
    /// lock is taken and the row read again: two replicas creating the same job take turns, and
    /// the later one finds the earlier one's row (its save is an upsert).
    public func massExtension(_ id: String) throws -> Data? {
        let read = { try self.value(Data.self, "SELECT body FROM mass_extension WHERE id = \(id)\(unescaped: self.forUpdate)") }
        if let found = try read() { return found }
        guard locking else { return nil }
        try execute("SELECT pg_advisory_xact_lock(hashtextextended(\("mass-extension:\(id)"), 0))")
        return try read()
    }

    public func putMassExtension(_ body: Data, id: String, productId: String, dueAt: Int64?, clockId: String?) throws {
        try execute("""
            INSERT INTO mass_extension (id, product_id, due_at, body, clock_id)
            VALUES (\(id), \(productId), \(dueAt), \(body), \(Self.column(clockId)))
            ON CONFLICT (id) DO UPDATE SET product_id = excluded.product_id, due_at = excluded.due_at, body = excluded.body
            """)
    }

    public func dueMassExtensionIds(onClock clockId: String?, atOrBefore dueAt: Int64, limit: Int) throws -> [String] {
        try values(String.self, """
            SELECT id FROM mass_extension WHERE clock_id = \(Self.column(clockId)) AND due_at IS NOT NULL AND due_at <= \(dueAt)
            ORDER BY due_at, id LIMIT \(limit)
            """)
    }

    public func earliestMassExtensionDue(onClock clockId: String?) throws -> Int64? {
        try value(Int64?.self, "SELECT MIN(due_at) FROM mass_extension WHERE clock_id = \(Self.column(clockId)) AND due_at IS NOT NULL") ?? nil
    }
}
