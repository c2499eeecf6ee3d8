import Foundation
import GRDB

extension StoreTransaction {
    /// Appends events to the outbox, in order, in this transaction.
    public func enqueue(_ entries: [OutboxEntry]) throws {
        let statement = try database.cachedStatement(sql: """
            INSERT INTO outbox (routing_key, message_id, correlation_id, subscription_id, sequence, signed_at, body)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            """)
        for entry in entries {
            try statement.execute(arguments: [
                entry.routingKey, entry.messageId, entry.correlationId, entry.subscriptionId,
                entry.sequence, entry.signedAt, entry.body,
            ])
        }
    }

    /// The oldest unpublished entries, at most `limit`, oldest first.
    public func pendingOutbox(limit: Int) throws -> [OutboxEntry] {
        try Row.fetchAll(
            database,
            sql: """
                SELECT id, routing_key, message_id, correlation_id, subscription_id, sequence, signed_at, body
                FROM outbox ORDER BY id LIMIT ?
                """,
            arguments: [limit]
        ).map { row in
            OutboxEntry(
                id: row["id"], routingKey: row["routing_key"], messageId: row["message_id"],
                correlationId: row["correlation_id"], subscriptionId: row["subscription_id"],
                sequence: row["sequence"], signedAt: row["signed_at"], body: row["body"]
            )
        }
    }

    /// Removes entries the broker confirmed.
    public func removeFromOutbox(ids: [Int64]) throws {
        guard !ids.isEmpty else { return }
        try database.execute(
            sql: "DELETE FROM outbox WHERE id IN (\(databaseQuestionMarks(count: ids.count)))",
            arguments: StatementArguments(ids)
        )
    }

    /// The number of entries waiting to be published (the outbox backlog).
    public func outboxCount() throws -> Int {
        try Int.fetchOne(database, sql: "SELECT COUNT(*) FROM outbox") ?? 0
    }
}
