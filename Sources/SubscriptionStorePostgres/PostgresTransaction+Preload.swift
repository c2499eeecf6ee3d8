import Foundation
import PostgresNIO
import SubscriptionStore

extension PostgresTransaction {
    /// Loads what a batch is about to read into the cache, one statement per kind, whatever the
    /// batch's size (docs/scale-out.md, "A batch in a handful of statements"):
    ///
    /// 1. whether any test clock exists, the consumer's clock's earliest due time and the
    ///    named commands' processed-command records;
    /// 2. the test clocks the commands run on (named, or those of the named subscriptions),
    ///    `FOR SHARE`, in id order;
    /// 3. the customers' advisory locks, in the order of their keys;
    /// 4. the customers' subscriptions (ids and groups), read after their locks are held;
    /// 5. the named subscriptions and the customers' subscriptions, `FOR UPDATE`, in id order.
    ///
    /// The locks go clocks, customers, subscriptions, as a command's own reads take them, and
    /// each kind in one fixed order, so two batches never wait for each other crosswise. An id
    /// that is not found is remembered as absent (``PostgresReadCache``).
    public func preload(_ keys: StoreReadKeys) throws {
        try preloadProcessedCommands(keys.commandIds)
        let subscriptionIds = Array(Set(keys.subscriptionIds))
        if !keys.testClockIds.isEmpty || (cache.hasTestClocks == true && !subscriptionIds.isEmpty) {
            try preloadTestClocks(named: Array(Set(keys.testClockIds)), ofSubscriptions: subscriptionIds)
        }
        var ids = Set(subscriptionIds)
        let customers = Array(Set(keys.customers.map { PostgresReadCache.CustomerKey(clock: Self.column($0.clockId), customerId: $0.customerId) }))
            .filter { cache.customers[$0] == nil }
        if !customers.isEmpty {
            try preloadCustomers(customers)
            for customer in customers { ids.formUnion(cache.customers[customer, default: []].map { $0.id }) }
        }
        let unknown = ids.filter { cache.subscriptions[$0] == nil }
        if !unknown.isEmpty { try preloadSubscriptions(Array(unknown)) }
    }

    /// Statement 1: test clocks exist?, the consumer's clock's due floor, processed commands.
    private func preloadProcessedCommands(_ commandIds: [String]) throws {
        var ids = PostgresArrayColumn(.text, capacity: commandIds.count)
        for id in commandIds { ids.append(id) }
        let rows = try execute("""
            SELECT EXISTS (SELECT 1 FROM test_clock),
                (SELECT MIN(due_at) FROM subscription WHERE clock_id = '' AND due_at IS NOT NULL),
                p.command_id, p.reply, p.command_digest
            FROM (SELECT 1) AS one LEFT JOIN processed_command AS p ON p.command_id = ANY(\(ids))
            """)
        for id in commandIds { cache.processed[id] = .some(nil) }
        for row in rows {
            let (hasTestClocks, floor, commandId, reply, digest) = try row.decode((Bool, Int64?, String?, Data?, Data?).self)
            cache.hasTestClocks = hasTestClocks
            cache.dueFloors[""] = floor ?? .max
            if let commandId, let reply { cache.processed[commandId] = (reply: reply, digest: digest) }
        }
    }

    /// Statement 2: the clocks named and the clocks of the named subscriptions, `FOR SHARE`.
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

    /// Statements 3 and 4: the customers' locks in key order, then their subscriptions.
    private func preloadCustomers(_ customers: [PostgresReadCache.CustomerKey]) throws {
        if locking {
            var keys = PostgresArrayColumn(.text, capacity: customers.count)
            for customer in customers { keys.append(Self.customerLockKey(clock: customer.clock, customerId: customer.customerId)) }
            try execute("""
                SELECT count(pg_advisory_xact_lock(key))
                FROM (SELECT DISTINCT hashtextextended(k, 0) AS key FROM unnest(\(keys)) AS k ORDER BY 1) AS keys
                """)
        }
        var clocks = PostgresArrayColumn(.text, capacity: customers.count)
        var customerIds = PostgresArrayColumn(.text, capacity: customers.count)
        for customer in customers {
            clocks.append(customer.clock)
            customerIds.append(customer.customerId)
        }
        let rows = try execute("""
            SELECT s.id, s.group_id, s.clock_id, s.customer_id
            FROM unnest(\(clocks), \(customerIds)) AS k(clock_id, customer_id)
            JOIN subscription AS s ON s.clock_id = k.clock_id AND s.customer_id = k.customer_id
            """)
        for customer in customers { cache.customers[customer] = [] }
        for row in rows {
            let (id, groupId, clock, customerId) = try row.decode((String, String, String, String).self)
            cache.customers[PostgresReadCache.CustomerKey(clock: clock, customerId: customerId), default: []].append((id: id, groupId: groupId))
        }
    }

    /// The subscriptions of `ids` this transaction has not read yet, in one statement: the
    /// engine reads each id a due-timer or product query returns right after it.
    func readAhead(_ ids: [String]) throws {
        let unknown = ids.filter { cache.subscriptions[$0] == nil }
        if !unknown.isEmpty { try preloadSubscriptions(unknown) }
    }

    /// Statement 5: the subscriptions, `FOR UPDATE` in id order; the ones not found are absent.
    private func preloadSubscriptions(_ subscriptionIds: [String]) throws {
        var ids = PostgresArrayColumn(.text, capacity: subscriptionIds.count)
        for id in subscriptionIds { ids.append(id) }
        let rows = try execute("""
            SELECT id, body, clock_id, customer_id, group_id FROM subscription WHERE id = ANY(\(ids))
            ORDER BY id\(unescaped: forUpdate)
            """)
        for id in subscriptionIds { cache.subscriptions[id] = .absent }
        for row in rows {
            let (id, body, clock, customerId, groupId) = try row.decode((String, Data, String, String, String).self)
            cache.subscriptions[id] = .present(body: body, clockId: clock, customerId: customerId, groupId: groupId)
        }
    }
}
