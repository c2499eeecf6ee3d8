import Foundation
import PostgresNIO
import SubscriptionStore

extension PostgresTransaction {
    /// Loads what a batch is about to read into the cache in two statements, whatever the
    /// batch's size (docs/scale-out.md, "A batch in a handful of statements"):
    ///
    /// 1. whether any test clock exists, the consumer's clock's earliest due time, the named
    ///    commands' processed-command records, and the customers' advisory locks, in the order
    ///    of their keys;
    /// 2. the named subscriptions and every subscription of the customers (found after their
    ///    locks are held), `FOR UPDATE`, in id order.
    ///
    /// When commands name test clocks, the clocks are locked `FOR SHARE` (in id order) before the
    /// customers, in a statement of their own (the customers' locks then too), as a command's own
    /// reads take them; the clocks of named subscriptions, when test clocks exist, after the
    /// customers. Each kind of lock is taken for the whole batch in one statement in one fixed
    /// order, so two batches never wait for each other crosswise. An id that is not found is
    /// remembered as absent (``PostgresReadCache``).
    public func preload(_ keys: StoreReadKeys) throws {
        let subscriptionIds = Array(Set(keys.subscriptionIds))
        let customers = Array(Set(keys.customers.map { PostgresReadCache.CustomerKey(clock: Self.column($0.clockId), customerId: $0.customerId) }))
            .filter { cache.customers[$0] == nil }
        let clocksFirst = !keys.testClockIds.isEmpty
        if !clocksFirst, expectsNoTestClocks {
            try preloadPipelined(keys.commandIds, subscriptionIds: subscriptionIds, customers: customers)
            return
        }
        try preloadBasics(keys.commandIds, lockingCustomers: clocksFirst ? [] : customers)
        if clocksFirst || (cache.hasTestClocks == true && !subscriptionIds.isEmpty) {
            try preloadTestClocks(named: Array(Set(keys.testClockIds)), ofSubscriptions: subscriptionIds)
        }
        if clocksFirst, !customers.isEmpty { try lockCustomers(customers) }
        let unknown = subscriptionIds.filter { cache.subscriptions[$0] == nil }
        if !unknown.isEmpty || !customers.isEmpty { try preloadSubscriptions(unknown, customers: customers) }
    }

    /// The subscriptions of `ids` this transaction has not read yet, in one statement: the
    /// engine reads each id a due-timer or product query returns right after it.
    func readAhead(_ ids: [String]) throws {
        let unknown = ids.filter { cache.subscriptions[$0] == nil }
        if !unknown.isEmpty { try preloadSubscriptions(unknown, customers: []) }
    }

    /// Statements 1 and 2 sent together and waited for once, when the previous transaction saw
    /// no test clock (``expectsNoTestClocks``): the server runs them in order, so statement 2
    /// still runs after the customers' locks are held, with a snapshot taken after them. If a
    /// test clock exists after all, the named subscriptions' clocks had to be locked between the
    /// two: the transaction is run again in that order (``PostgresPreloadOrderChanged``).
    private func preloadPipelined(
        _ commandIds: [String], subscriptionIds: [String], customers: [PostgresReadCache.CustomerKey]
    ) throws {
        let basics = try executeAhead(basicsQuery(commandIds, lockingCustomers: customers))
        if !subscriptionIds.isEmpty || !customers.isEmpty {
            try preloadSubscriptions(subscriptionIds, customers: customers)
        }
        try cacheBasics(commandIds, rows: try BoundedWait.value(of: basics, closing: connection))
        if cache.hasTestClocks == true, !subscriptionIds.isEmpty { throw PostgresPreloadOrderChanged() }
    }

    /// Statement 1: test clocks exist?, the consumer's clock's due floor, processed commands, and
    /// the customers' locks (an uncorrelated subquery: taken once, in key order).
    private func preloadBasics(_ commandIds: [String], lockingCustomers customers: [PostgresReadCache.CustomerKey]) throws {
        try cacheBasics(commandIds, rows: try execute(basicsQuery(commandIds, lockingCustomers: customers)))
    }

    /// Statement 1's text and parameters.
    private func basicsQuery(_ commandIds: [String], lockingCustomers customers: [PostgresReadCache.CustomerKey]) -> PostgresQuery {
        var ids = PostgresArrayColumn(.text, capacity: commandIds.count)
        for id in commandIds { ids.append(id) }
        let keys = customerLockKeys(locking ? customers : [])
        return """
            SELECT EXISTS (SELECT 1 FROM test_clock),
                (SELECT MIN(due_at) FROM subscription WHERE clock_id = '' AND due_at IS NOT NULL),
                (SELECT count(pg_advisory_xact_lock(key))
                    FROM (SELECT DISTINCT hashtextextended(k, 0) AS key FROM unnest(\(keys)) AS k ORDER BY 1) AS keys),
                p.command_id, p.reply, p.command_digest
            FROM (SELECT 1) AS one LEFT JOIN processed_command AS p ON p.command_id = ANY(\(ids))
            """
    }

    /// What statement 1 answered, into the cache.
    private func cacheBasics(_ commandIds: [String], rows: PostgresQueryResult) throws {
        for id in commandIds { cache.processed[id] = .some(nil) }
        for row in rows {
            let (hasTestClocks, floor, _, commandId, reply, digest) = try row.decode((Bool, Int64?, Int64, String?, Data?, Data?).self)
            cache.hasTestClocks = hasTestClocks
            cache.dueFloors[""] = floor ?? .max
            if let commandId, let reply { cache.processed[commandId] = (reply: reply, digest: digest) }
        }
    }

    /// The customers' advisory lock keys, as an array parameter.
    private func customerLockKeys(_ customers: [PostgresReadCache.CustomerKey]) -> PostgresArrayColumn {
        var keys = PostgresArrayColumn(.text, capacity: customers.count)
        for customer in customers { keys.append(Self.customerLockKey(clock: customer.clock, customerId: customer.customerId)) }
        return keys
    }

    /// The clocks named and the clocks of the named subscriptions, `FOR SHARE`, in id order.
    private func preloadTestClocks(named clockIds: [String], ofSubscriptions subscriptionIds: [String]) throws {
        var clocks = PostgresArrayColumn(.text, capacity: clockIds.count)
        for id in clockIds { clocks.append(id) }
        var subscriptions = PostgresArrayColumn(.text, capacity: subscriptionIds.count)
        for id in subscriptionIds { subscriptions.append(id) }
        let rows = try execute("""
            SELECT id, name, now_at, created_at FROM test_clock
            WHERE id = ANY(\(clocks)) OR id IN (SELECT clock_id FROM subscription WHERE id = ANY(\(subscriptions)) AND clock_id <> '')
            ORDER BY id\(unescaped: locking ? " FOR SHARE" : "")
            """)
        for id in clockIds { cache.testClocks[id] = .some(nil) }
        for row in rows {
            let clock = try Self.testClock(from: row)
            cache.testClocks[clock.id] = clock
        }
    }

    /// The customers' locks in key order, alone (after the named clocks').
    private func lockCustomers(_ customers: [PostgresReadCache.CustomerKey]) throws {
        guard locking else { return }
        try execute("""
            SELECT count(pg_advisory_xact_lock(key))
            FROM (SELECT DISTINCT hashtextextended(k, 0) AS key FROM unnest(\(customerLockKeys(customers))) AS k ORDER BY 1) AS keys
            """)
    }

    /// Statement 2: the subscriptions named and every subscription of the customers, `FOR UPDATE`
    /// in id order (the customers' ids are found once, before the rows are locked, with the
    /// statement's snapshot, taken after the customers' locks are held); the ids not found are
    /// absent, and each customer's list is what was found of it.
    private func preloadSubscriptions(_ subscriptionIds: [String], customers: [PostgresReadCache.CustomerKey]) throws {
        var ids = PostgresArrayColumn(.text, capacity: subscriptionIds.count)
        for id in subscriptionIds { ids.append(id) }
        var clocks = PostgresArrayColumn(.text, capacity: customers.count)
        var customerIds = PostgresArrayColumn(.text, capacity: customers.count)
        for customer in customers {
            clocks.append(customer.clock)
            customerIds.append(customer.customerId)
        }
        let rows = try execute("""
            SELECT id, body, clock_id, customer_id, group_id FROM subscription
            WHERE id = ANY(\(ids) || ARRAY(
                SELECT s.id FROM unnest(\(clocks), \(customerIds)) AS k(clock_id, customer_id)
                JOIN subscription AS s ON s.clock_id = k.clock_id AND s.customer_id = k.customer_id))
            ORDER BY id\(unescaped: forUpdate)
            """)
        for id in subscriptionIds { cache.subscriptions[id] = .absent }
        let requested = Set(customers)
        for customer in customers { cache.customers[customer] = [] }
        for row in rows {
            let (id, body, clock, customerId, groupId) = try row.decode((String, Data, String, String, String).self)
            cache.subscriptions[id] = .present(body: body, clockId: clock, customerId: customerId, groupId: groupId)
            let key = PostgresReadCache.CustomerKey(clock: clock, customerId: customerId)
            if requested.contains(key) { cache.customers[key, default: []].append((id: id, groupId: groupId)) }
        }
    }
}

/// A preload sent on the assumption that no test clock exists found one: the transaction is run
/// again with the test clocks locked in their place (not an error anyone sees).
struct PostgresPreloadOrderChanged: Error {}
