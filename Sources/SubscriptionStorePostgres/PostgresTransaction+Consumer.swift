import Foundation
import PostgresNIO
import SubscriptionStore

/// Processed commands, the outbox, settings and retention: what the consumer keeps besides the aggregates.
extension PostgresTransaction: ConsumerStoreTransaction {
    public func processedReply(commandId: String) throws -> Data? {
        try processedCommand(commandId: commandId)?.reply
    }

    /// From the cache (the batch's preload, or this transaction's record), else read.
    public func processedCommand(commandId: String) throws -> (reply: Data, digest: Data?)? {
        if let known = cache.processed[commandId] { return known }
        let found = try execute("SELECT reply, command_digest FROM processed_command WHERE command_id = \(commandId)").first.map { row in
            let (reply, digest) = try row.decode((Data, Data?).self)
            return (reply: reply, digest: digest)
        }
        cache.processed[commandId] = found
        return found
    }

    /// Kept with the other pending writes; recording an id twice fails when they are sent (the
    /// commit at the latest).
    public func recordProcessed(commandId: String, method: String, reply: Data, at date: Date, digest: Data?) throws {
        pending.recordProcessed(PostgresPendingWrites.Processed(
            commandId: commandId, method: method, reply: reply, processedAt: Self.milliseconds(date), digest: digest))
        cache.processed[commandId] = (reply: reply, digest: digest)
    }

    public func processedCommandCount() throws -> Int {
        try value(Int.self, "SELECT COUNT(*) FROM processed_command") ?? 0
    }

    public func processedCommandIds() throws -> [String] {
        try values(String.self, "SELECT command_id FROM processed_command")
    }

    public func pruneProcessedCommands(before horizon: Date, limit: Int) throws -> Int {
        let result = try execute("""
            DELETE FROM processed_command WHERE command_id IN (
                SELECT command_id FROM processed_command WHERE processed_at < \(Self.milliseconds(horizon)) ORDER BY processed_at LIMIT \(limit))
            """)
        return result.metadata.rows ?? 0
    }

    /// One statement with the pending writes: the outbox rows inserted in order, their ids
    /// returned ascending.
    @discardableResult
    public func enqueue(_ entries: consuming [OutboxEntry]) throws -> [OutboxEntry] {
        var stored = consume entries
        guard !stored.isEmpty, let statement = pending.statement(inserting: stored) else { return stored }
        let ids = try send(statement).map { try $0.decode(Int64.self) }
        pending = PostgresPendingWrites()
        guard ids.count == stored.count else {
            throw StoreError(.corruptValue, "the outbox insert returned \(ids.count) ids for \(stored.count) entries")
        }
        for index in stored.indices { stored[index].id = ids[index] }
        return stored
    }

    public func pendingOutbox(after id: Int64, limit: Int) throws -> [OutboxEntry] {
        try execute("""
            SELECT id, routing_key, message_id, correlation_id, subscription_id, sequence, signed_at, body
            FROM outbox WHERE id > \(id) ORDER BY id LIMIT \(limit)
            """
        ).map { row in
            let (id, routingKey, messageId, correlationId, subscriptionId, sequence, signedAt, body) =
                try row.decode((Int64, String, String, String, String, Int64, Int64, Data).self)
            return OutboxEntry(
                id: id, routingKey: routingKey, messageId: messageId, correlationId: correlationId,
                subscriptionId: subscriptionId, sequence: sequence, signedAt: signedAt, body: body)
        }
    }

    /// Kept with the other pending writes (the next batch's statement deletes them).
    public func removeFromOutbox(ids: [Int64]) throws {
        pending.removeFromOutbox(ids)
    }

    public func outboxCount() throws -> Int {
        try value(Int.self, "SELECT COUNT(*) FROM outbox") ?? 0
    }

    public func setting(_ name: String) throws -> String? {
        try value(String.self, "SELECT value FROM setting WHERE name = \(name)\(unescaped: forUpdate)")
    }

    public func setSetting(_ name: String, to value: String) throws {
        try execute("INSERT INTO setting (name, value) VALUES (\(name), \(value)) ON CONFLICT (name) DO UPDATE SET value = excluded.value")
    }
}
