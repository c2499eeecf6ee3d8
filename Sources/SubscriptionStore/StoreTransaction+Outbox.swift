import Foundation
import GRDB

extension StoreTransaction {
    /// Appends events to the outbox, in order, in this transaction; returns them with the ids
    /// the store assigned (ascending: the order they must be published in).
    @discardableResult
    public func enqueue(_ entries: consuming [OutboxEntry]) throws -> [OutboxEntry] {
        // The entries are the caller's to give: their ids are set in place, without copying them.
        for index in entries.indices {
            try run(
                "INSERT INTO outbox (routing_key, message_id, correlation_id, subscription_id, sequence, signed_at, body) VALUES (?, ?, ?, ?, ?, ?, ?)",
                entries[index].routingKey, entries[index].messageId, entries[index].correlationId, entries[index].subscriptionId,
                entries[index].sequence, entries[index].signedAt, entries[index].body)
            entries[index].id = database.lastInsertedRowID
        }
        return entries
    }

    /// The oldest unpublished entries after `id` (exclusive), at most `limit`, oldest first.
    public func pendingOutbox(after id: Int64, limit: Int) throws -> [OutboxEntry] {
        try Row.fetchAll(
            statement("""
                SELECT id, routing_key, message_id, correlation_id, subscription_id, sequence, signed_at, body
                FROM outbox WHERE id > ? ORDER BY id LIMIT ?
                """),
            arguments: [id, limit]
        ).map { row in
            OutboxEntry(
                id: row["id"], routingKey: row["routing_key"], messageId: row["message_id"],
                correlationId: row["correlation_id"], subscriptionId: row["subscription_id"],
                sequence: row["sequence"], signedAt: row["signed_at"], body: row["body"]
            )
        }
    }

    /// Removes entries the broker confirmed (one statement per run of consecutive ids).
    public func removeFromOutbox(ids: [Int64]) throws {
        guard !ids.isEmpty else { return }
        let delete: StaticString = "DELETE FROM outbox WHERE id BETWEEN ? AND ?"
        let sorted = ids.sorted()
        var first = sorted[0]
        var last = first
        for id in sorted.dropFirst() {
            if id == last + 1 {
                last = id
                continue
            }
            try run(delete, first, last)
            first = id
            last = id
        }
        try run(delete, first, last)
    }

    /// The number of entries waiting to be published (the outbox backlog).
    public func outboxCount() throws -> Int {
        try Int.fetchOne(statement("SELECT COUNT(*) FROM outbox")) ?? 0
    }
}
