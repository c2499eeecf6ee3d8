import Foundation
import GRDB

extension StoreTransaction: AggregateTransaction {
    /// SQLite lets one transaction write at a time (a write transaction holds the database's
    /// write lock, and one that read before another's commit cannot write after it).
    public var hasSingleWriter: Bool { true }

    public func subscription(_ id: String) throws -> Data? {
        if let body = walked[id]?.body { return body }
        let body = try firstRow("SELECT body FROM subscription WHERE id = ?", id) { $0.data(0) } ?? nil
        if body == nil { lastAbsentId = id }
        return body
    }

    /// A new time-ordered id is above every stored one (``KeyCeiling``): absent without
    /// a lookup in the id index, and remembered as absent like a lookup that missed, so that
    /// its save inserts at once. Any other id is looked up.
    public func containsSubscription(_ id: String) throws -> Bool {
        if walked[id] == nil, try keyCeiling(&subscriptionIdsKnown, greatest: "SELECT MAX(id) FROM subscription").excludes(id) {
            lastAbsentId = id
            return false
        }
        return try subscription(id) != nil
    }

    public func putSubscription(
        _ body: Data, id: String, customerId: String, groupId: String, productId: String, dueAt: Int64?, clockId: String?
    ) throws {
        // Most saves update (renewals, mass extensions, changes): an UPDATE that finds the row is
        // cheaper than an upsert, which probes the id index, then runs its update part; a walked
        // subscription is updated at its storage position, without the id index.
        // A new subscription (its id was just looked up and not found: a purchase) is inserted
        // without the UPDATE that would find nothing.
        let knownAbsent = lastAbsentId == id
        lastAbsentId = nil
        if try knownAbsent || !updateSubscription(body, id: id, productId: productId, dueAt: dueAt) {
            try run(
                "INSERT INTO subscription (id, customer_id, group_id, product_id, due_at, body, clock_id) VALUES (?, ?, ?, ?, ?, ?, ?)",
                id, customerId, groupId, productId, dueAt, body, clockId)
            subscriptionIdsKnown?.inserted(id)
        }
        if let dueAt, !dueFloors.isEmpty {
            // Every clock's floor: correct even if a caller named another clock than the row's.
            for (clock, floor) in dueFloors where dueAt < floor { dueFloors[clock] = dueAt }
        }
    }

    /// Updates the subscription's row if there is one; false when there is none.
    private func updateSubscription(_ body: Data, id: String, productId: String, dueAt: Int64?) throws -> Bool {
        if let ordinal = walked[id]?.ordinal {
            try run("UPDATE subscription SET product_id = ?, due_at = ?, body = ? WHERE ordinal = ?", productId, dueAt, body, ordinal)
            walked[id]?.body = nil
        } else {
            try run("UPDATE subscription SET product_id = ?, due_at = ?, body = ? WHERE id = ?", productId, dueAt, body, id)
        }
        return database.changesCount > 0
    }

    // `clock_id IS ?` matches NULL (the consumer's clock) too and uses the (clock_id, …) indexes.

    public func subscriptionIds(customerId: String, groupId: String, onClock clockId: String?) throws -> [String] {
        try allRows(
            "SELECT id FROM subscription WHERE clock_id IS ? AND customer_id = ? AND group_id = ? ORDER BY id", clockId, customerId, groupId
        ) { $0.string(0) ?? "" }
    }

    public func subscriptionIds(customerId: String, onClock clockId: String?) throws -> [String] {
        try allRows("SELECT id FROM subscription WHERE clock_id IS ? AND customer_id = ? ORDER BY id", clockId, customerId) {
            $0.string(0) ?? ""
        }
    }

    public func subscriptionIds(productId: String, onClock clockId: String?, from firstId: String, limit: Int) throws -> [String] {
        try String.fetchAll(statement(Self.productWalkSQL), arguments: [firstId, productId, clockId, limit])
    }

    /// The price-change what-if's pages: by id from `id`, skipping other products and other
    /// clocks. The unary `+` keeps SQLite from choosing the `(clock_id, …)` index for
    /// `clock_id IS ?` (without statistics it would, then sort every row of the clock by id for
    /// each page: quadratic over a million subscriptions).
    public static let productWalkSQL = "SELECT id FROM subscription WHERE id >= ? AND +product_id = ? AND +clock_id IS ? ORDER BY id LIMIT ?"

    /// A mass extension's walk in storage order (`ordinal`, creation order), so that a batch's
    /// updates rewrite neighbouring pages, not 2,000 random ones: the cursor is `#` and the
    /// ordinal of the next page's first row. An id (a cursor written before schema v5, when the
    /// walk went by id) resumes at the first subscription at or after it among those the v5
    /// migration copied in id order, then goes on with every later row.
    public func walkSubscriptions(productId: String, onClock clockId: String?, from cursor: String, limit: Int) throws -> SubscriptionWalk {
        let first = try firstOrdinal(ofCursor: cursor)
        walked = [:]
        var ids: [String] = []
        ids.reserveCapacity(limit)
        var next: Int64?
        let rows = try database.allRows(Self.storageWalkSQL, first, productId, clockId, limit + 1) { row in
            (ordinal: row.int64(0) ?? 0, id: row.string(1) ?? "", body: row.data(2))
        }
        for row in rows {
            guard ids.count < limit else {
                next = row.ordinal
                break
            }
            ids.append(row.id)
            walked[row.id] = (row.ordinal, row.body)
        }
        return SubscriptionWalk(ids: ids, next: next.map { "#\($0)" })
    }

    /// The walk's query; `+` as in ``productWalkSQL``.
    public static let storageWalkSQL =
        "SELECT ordinal, id, body FROM subscription WHERE ordinal >= ? AND +product_id = ? AND +clock_id IS ? ORDER BY ordinal LIMIT ?"

    private func firstOrdinal(ofCursor cursor: String) throws -> Int64 {
        if cursor.isEmpty { return 0 }
        if cursor.hasPrefix("#") {
            guard let ordinal = Int64(cursor.dropFirst()) else {
                throw StoreError(.corruptValue, "a mass extension's cursor '\(cursor)' is not '#' and a number")
            }
            return ordinal
        }
        let lastCopied = try setting("v5.last_ordinal_in_id_order").flatMap { Int64($0) } ?? 0
        return try Int64.fetchOne(
            statement("SELECT ordinal FROM subscription WHERE id >= ? AND ordinal <= ? ORDER BY id LIMIT 1"),
            arguments: [cursor, lastCopied]) ?? lastCopied + 1
    }

    public func dueSubscriptionIds(onClock clockId: String?, atOrBefore dueAt: Int64, limit: Int) throws -> [String] {
        try allRows(
            "SELECT id FROM subscription WHERE clock_id IS ? AND due_at IS NOT NULL AND due_at <= ? ORDER BY due_at, id LIMIT ?",
            clockId, dueAt, limit
        ) { $0.string(0) ?? "" }
    }

    public func earliestSubscriptionDue(onClock clockId: String?) throws -> Int64? {
        let earliest = try firstRow("SELECT MIN(due_at) FROM subscription WHERE clock_id IS ? AND due_at IS NOT NULL", clockId) {
            $0.int64(0)
        } ?? nil
        dueFloors[clockId ?? ""] = earliest ?? .max
        return earliest
    }

    public func maySubscriptionBeDue(onClock clockId: String?, atOrBefore dueAt: Int64) throws -> Bool {
        if let floor = dueFloors[clockId ?? ""], floor > dueAt { return false }
        return try earliestSubscriptionDue(onClock: clockId).map { $0 <= dueAt } ?? false
    }

    public func putTransaction(_ body: Data, subscriptionId: String, position: Int, transactionId: String) throws {
        try run(
            "INSERT OR REPLACE INTO transaction_history (subscription_id, position, transaction_id, body) VALUES (?, ?, ?, ?)",
            subscriptionId, position, transactionId, body)
    }

    public func transactions(subscriptionId: String) throws -> [Data] {
        try allRows("SELECT body FROM transaction_history WHERE subscription_id = ? ORDER BY position", subscriptionId) {
            $0.data(0) ?? Data()
        }
    }

    public func containsTransaction(_ transactionId: String, subscriptionId: String) throws -> Bool {
        try firstRow(
            "SELECT 1 FROM transaction_history WHERE subscription_id = ? AND transaction_id = ? LIMIT 1", subscriptionId, transactionId
        ) { _ in true } ?? false
    }

    public func requestResult(key: String, subscriptionId: String) throws -> Data? {
        try firstRow("SELECT body FROM request_result WHERE subscription_id = ? AND key = ?", subscriptionId, key) { $0.data(0) } ?? nil
    }

    public func putRequestResult(_ body: Data, key: String, subscriptionId: String) throws {
        try run("INSERT OR REPLACE INTO request_result (subscription_id, key, body) VALUES (?, ?, ?)", subscriptionId, key, body)
    }

    public func massExtension(_ id: String) throws -> Data? {
        try firstRow("SELECT body FROM mass_extension WHERE id = ?", id) { $0.data(0) } ?? nil
    }

    public func putMassExtension(_ body: Data, id: String, productId: String, dueAt: Int64?, clockId: String?) throws {
        try statement("""
            INSERT INTO mass_extension (id, product_id, due_at, body, clock_id) VALUES (?, ?, ?, ?, ?)
            ON CONFLICT (id) DO UPDATE SET product_id = excluded.product_id, due_at = excluded.due_at, body = excluded.body
            """).execute(arguments: [id, productId, dueAt, body, clockId])
    }

    public func dueMassExtensionIds(onClock clockId: String?, atOrBefore dueAt: Int64, limit: Int) throws -> [String] {
        try String.fetchAll(
            statement(
                "SELECT id FROM mass_extension WHERE clock_id IS ? AND due_at IS NOT NULL AND due_at <= ? ORDER BY due_at, id LIMIT ?"),
            arguments: [clockId, dueAt, limit])
    }

    public func earliestMassExtensionDue(onClock clockId: String?) throws -> Int64? {
        try Int64.fetchOne(statement("SELECT MIN(due_at) FROM mass_extension WHERE clock_id IS ? AND due_at IS NOT NULL"), arguments: [clockId])
    }
}
