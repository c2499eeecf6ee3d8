import Foundation
import PostgresNIO
import SubscriptionStore

/// The writes of one ``PostgresTransaction`` not sent yet: subscriptions, their history and
/// remembered replies, processed commands and outbox deletions, kept until the transaction next
/// needs the server (a read the cache cannot answer, the outbox insert, the commit) and then sent
/// as ONE statement of data-modifying `WITH` parts, each part one multi-row `INSERT` or `UPDATE`
/// over `unnest` of array parameters (``PostgresArrayColumn``). A batch's writes then cost one
/// round trip, whatever the number of its commands.
///
/// Each row is kept once, by its key, the last write winning (one statement may not change a
/// row twice). A subscription is inserted when the transaction found it absent, updated when it
/// found it (then locked `FOR UPDATE`), and upserted when it never read it.
struct PostgresPendingWrites {
    /// How a pending subscription row reaches the table.
    enum SubscriptionWrite {
        /// Read as absent: a plain insert (a unique violation means another replica created it).
        case insert
        /// Read and locked: an update.
        case update
        /// Never read: insert or update.
        case upsert
    }

    struct Subscription {
        var id: String
        var customerId: String
        var groupId: String
        var productId: String
        var dueAt: Int64?
        var body: Data
        var clock: String
        var write: SubscriptionWrite
    }

    struct HistoryKey: Hashable {
        var subscriptionId: String
        var position: Int
    }

    struct ResultKey: Hashable {
        var subscriptionId: String
        var key: String
    }

    struct Processed {
        var commandId: String
        var method: String
        var reply: Data
        var processedAt: Int64
        var digest: Data?
    }

    private(set) var subscriptions: [Subscription] = []
    private var subscriptionIndex: [String: Int] = [:]
    private(set) var history: [HistoryKey: (transactionId: String, body: Data)] = [:]
    private(set) var requestResults: [ResultKey: Data] = [:]
    private(set) var processed: [Processed] = []
    private(set) var removedOutbox: [Int64] = []

    var isEmpty: Bool {
        subscriptions.isEmpty && history.isEmpty && requestResults.isEmpty && processed.isEmpty && removedOutbox.isEmpty
    }

    /// Outbox deletions are all that is pending.
    var hasOnlyOutboxRemovals: Bool {
        !removedOutbox.isEmpty && subscriptions.isEmpty && history.isEmpty && requestResults.isEmpty && processed.isEmpty
    }

    mutating func put(_ subscription: Subscription) {
        if let index = subscriptionIndex[subscription.id] {
            // A row this transaction inserts stays an insert, whatever it learnt since.
            var merged = subscription
            if subscriptions[index].write != .update { merged.write = subscriptions[index].write }
            subscriptions[index] = merged
        } else {
            subscriptionIndex[subscription.id] = subscriptions.count
            subscriptions.append(subscription)
        }
    }

    mutating func putTransaction(_ body: Data, subscriptionId: String, position: Int, transactionId: String) {
        history[HistoryKey(subscriptionId: subscriptionId, position: position)] = (transactionId, body)
    }

    mutating func putRequestResult(_ body: Data, key: String, subscriptionId: String) {
        requestResults[ResultKey(subscriptionId: subscriptionId, key: key)] = body
    }

    mutating func recordProcessed(_ command: Processed) {
        processed.append(command)
    }

    mutating func removeFromOutbox(_ ids: [Int64]) {
        removedOutbox += ids
    }

    /// The statement that sends every pending write and inserts `outbox` (in order), returning
    /// the outbox ids in insertion order; nil when there is nothing to send.
    func statement(inserting outbox: [OutboxEntry] = []) -> PostgresQuery? {
        guard !isEmpty || !outbox.isEmpty else { return nil }
        var builder = StatementBuilder()
        if !removedOutbox.isEmpty {
            var ids = PostgresArrayColumn(.int8, capacity: removedOutbox.count)
            for id in removedOutbox { ids.append(id) }
            let sql = "DELETE FROM outbox WHERE id = ANY(\(builder.bind(ids)))"
            builder.part(sql)
        }
        for write in [SubscriptionWrite.insert, .update, .upsert] {
            let rows = subscriptions.filter { $0.write == write }
            guard !rows.isEmpty else { continue }
            let sql = Self.subscriptionSQL(write, rows: rows, builder: &builder)
            builder.part(sql)
        }
        if !history.isEmpty {
            var ids = PostgresArrayColumn(.text, capacity: history.count)
            var positions = PostgresArrayColumn(.int8, capacity: history.count)
            var transactionIds = PostgresArrayColumn(.text, capacity: history.count)
            var bodies = PostgresArrayColumn(.bytea, capacity: history.count)
            for (key, value) in history {
                ids.append(key.subscriptionId)
                positions.append(Int64(key.position))
                transactionIds.append(value.transactionId)
                bodies.append(value.body)
            }
            let sql = """
                INSERT INTO transaction_history (subscription_id, position, transaction_id, body)
                SELECT * FROM unnest(\(builder.bind(ids)), \(builder.bind(positions)), \(builder.bind(transactionIds)), \(builder.bind(bodies)))
                ON CONFLICT (subscription_id, position) DO UPDATE SET transaction_id = excluded.transaction_id, body = excluded.body
                """
            builder.part(sql)
        }
        if !requestResults.isEmpty {
            var ids = PostgresArrayColumn(.text, capacity: requestResults.count)
            var keys = PostgresArrayColumn(.text, capacity: requestResults.count)
            var bodies = PostgresArrayColumn(.bytea, capacity: requestResults.count)
            for (key, body) in requestResults {
                ids.append(key.subscriptionId)
                keys.append(key.key)
                bodies.append(body)
            }
            let sql = """
                INSERT INTO request_result (subscription_id, key, body)
                SELECT * FROM unnest(\(builder.bind(ids)), \(builder.bind(keys)), \(builder.bind(bodies)))
                ON CONFLICT (subscription_id, key) DO UPDATE SET body = excluded.body
                """
            builder.part(sql)
        }
        if !processed.isEmpty {
            var ids = PostgresArrayColumn(.text, capacity: processed.count)
            var methods = PostgresArrayColumn(.text, capacity: processed.count)
            var replies = PostgresArrayColumn(.bytea, capacity: processed.count)
            var times = PostgresArrayColumn(.int8, capacity: processed.count)
            var digests = PostgresArrayColumn(.bytea, capacity: processed.count)
            for command in processed {
                ids.append(command.commandId)
                methods.append(command.method)
                replies.append(command.reply)
                times.append(command.processedAt)
                digests.append(command.digest)
            }
            let sql = """
                INSERT INTO processed_command (command_id, method, reply, processed_at, command_digest)
                SELECT * FROM unnest(\(builder.bind(ids)), \(builder.bind(methods)), \(builder.bind(replies)), \(builder.bind(times)), \(builder.bind(digests)))
                """
            builder.part(sql)
        }
        var returning: String?
        if !outbox.isEmpty {
            let sql = Self.outboxSQL(outbox, builder: &builder)
            returning = builder.part(sql)
        }
        return builder.query(returning: returning)
    }

    private static func subscriptionSQL(_ write: SubscriptionWrite, rows: [Subscription], builder: inout StatementBuilder) -> String {
        var ids = PostgresArrayColumn(.text, capacity: rows.count)
        var products = PostgresArrayColumn(.text, capacity: rows.count)
        var dues = PostgresArrayColumn(.int8, capacity: rows.count)
        var bodies = PostgresArrayColumn(.bytea, capacity: rows.count)
        for row in rows {
            ids.append(row.id)
            products.append(row.productId)
            dues.append(row.dueAt)
            bodies.append(row.body)
        }
        if write == .update {
            return """
                UPDATE subscription AS s SET product_id = u.product_id, due_at = u.due_at, body = u.body
                FROM unnest(\(builder.bind(ids)), \(builder.bind(products)), \(builder.bind(dues)), \(builder.bind(bodies)))
                    AS u(id, product_id, due_at, body)
                WHERE s.id = u.id
                """
        }
        var customers = PostgresArrayColumn(.text, capacity: rows.count)
        var groups = PostgresArrayColumn(.text, capacity: rows.count)
        var clocks = PostgresArrayColumn(.text, capacity: rows.count)
        for row in rows {
            customers.append(row.customerId)
            groups.append(row.groupId)
            clocks.append(row.clock)
        }
        let insert = """
            INSERT INTO subscription (id, customer_id, group_id, product_id, due_at, body, clock_id)
            SELECT * FROM unnest(\(builder.bind(ids)), \(builder.bind(customers)), \(builder.bind(groups)), \(builder.bind(products)),
                \(builder.bind(dues)), \(builder.bind(bodies)), \(builder.bind(clocks)))
            """
        guard write == .upsert else { return insert }
        return insert + "\nON CONFLICT (id) DO UPDATE SET product_id = excluded.product_id, due_at = excluded.due_at, body = excluded.body"
    }

    /// The outbox rows in the order given: identity values are drawn as rows are inserted, so
    /// the ids come back ascending in that order.
    private static func outboxSQL(_ entries: [OutboxEntry], builder: inout StatementBuilder) -> String {
        var keys = PostgresArrayColumn(.text, capacity: entries.count)
        var messageIds = PostgresArrayColumn(.text, capacity: entries.count)
        var correlationIds = PostgresArrayColumn(.text, capacity: entries.count)
        var subscriptionIds = PostgresArrayColumn(.text, capacity: entries.count)
        var sequences = PostgresArrayColumn(.int8, capacity: entries.count)
        var signed = PostgresArrayColumn(.int8, capacity: entries.count)
        var bodies = PostgresArrayColumn(.bytea, capacity: entries.count)
        for entry in entries {
            keys.append(entry.routingKey)
            messageIds.append(entry.messageId)
            correlationIds.append(entry.correlationId)
            subscriptionIds.append(entry.subscriptionId)
            sequences.append(entry.sequence)
            signed.append(entry.signedAt)
            bodies.append(entry.body)
        }
        return """
            INSERT INTO outbox (routing_key, message_id, correlation_id, subscription_id, sequence, signed_at, body)
            SELECT routing_key, message_id, correlation_id, subscription_id, sequence, signed_at, body
            FROM unnest(\(builder.bind(keys)), \(builder.bind(messageIds)), \(builder.bind(correlationIds)), \(builder.bind(subscriptionIds)),
                \(builder.bind(sequences)), \(builder.bind(signed)), \(builder.bind(bodies)))
                WITH ORDINALITY AS u(routing_key, message_id, correlation_id, subscription_id, sequence, signed_at, body, position)
            ORDER BY position
            RETURNING id
            """
    }
}

/// A statement of data-modifying `WITH` parts and their parameters (`$1`, `$2`, …).
private struct StatementBuilder {
    private var parts: [String] = []
    private var bindings = PostgresBindings()
    private var count = 0

    /// Binds `column` and returns its placeholder, typed (`$3::bytea[]`).
    mutating func bind(_ column: PostgresArrayColumn) -> String {
        bindings.append(column)
        count += 1
        return "$\(count)::\(Self.typeName(column.element))[]"
    }

    /// Adds a part; returns its name.
    @discardableResult
    mutating func part(_ sql: String) -> String {
        let name = "w\(parts.count)"
        parts.append("\(name) AS (\(sql))")
        return name
    }

    /// The statement: every part, then the ids `returning` names (ascending), or no row.
    func query(returning: String?) -> PostgresQuery {
        let main = returning.map { "SELECT id FROM \($0) ORDER BY id" } ?? "SELECT 1 WHERE false"
        return PostgresQuery(unsafeSQL: "WITH " + parts.joined(separator: ",\n") + "\n" + main, binds: bindings)
    }

    private static func typeName(_ element: PostgresArrayColumn.Element) -> String {
        switch element {
        case .text: "text"
        case .bytea: "bytea"
        case .int8: "int8"
        case .bool: "bool"
        }
    }
}
