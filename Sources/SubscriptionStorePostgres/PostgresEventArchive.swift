import Foundation
import Logging
import PostgresNIO
import SubscriptionStore

/// The event archive in the consumer's PostgreSQL database (table `archived_event`,
/// ``PostgresSchema`` `pg2`): every replica stores the events it published there, so the
/// console's timeline answers the same on every replica (docs/scale-out.md). The same contract as
/// the SQLite ``EventArchiveDatabase``: an event stored before (same subscription and sequence) is
/// left as it is, a mass-extension summary is filed under
/// ``ArchivedEvent/summaryPrefix`` and its uuid, and pruning deletes in arrival order.
///
/// Two connections of its own, apart from the command transaction's: one for its writes, one
/// for the synchronous reads of Get Subscription History (made from the store's writer queue).
public final class PostgresEventArchive: EventArchiveStore {
    private let writer: PostgresSession
    private let reader: PostgresSession
    private let logger: Logger

    init(configuration: PostgresConnection.Configuration, logger: Logger) {
        writer = PostgresSession(label: "subscriptions.postgres.archive", configuration: configuration, logger: logger)
        reader = PostgresSession(label: "subscriptions.postgres.archive-reader", configuration: configuration, logger: logger)
        self.logger = logger
    }

    /// Closes both connections.
    public func close() async {
        await writer.close()
        await reader.close()
    }

    /// One statement for the whole batch: a multi-row insert that skips what is stored already.
    @discardableResult
    public func insert(_ events: [ArchivedEvent]) async throws -> Int {
        guard !events.isEmpty else { return 0 }
        var uuids = PostgresArrayColumn(.text, capacity: events.count)
        var subscriptions = PostgresArrayColumn(.text, capacity: events.count)
        var sequences = PostgresArrayColumn(.int8, capacity: events.count)
        var signed = PostgresArrayColumn(.int8, capacity: events.count)
        var types = PostgresArrayColumn(.text, capacity: events.count)
        var subtypes = PostgresArrayColumn(.text, capacity: events.count)
        var archived = PostgresArrayColumn(.int8, capacity: events.count)
        var bodies = PostgresArrayColumn(.bytea, capacity: events.count)
        for event in events {
            uuids.append(event.uuid)
            subscriptions.append(event.subscriptionId.isEmpty ? ArchivedEvent.summaryPrefix + event.uuid : event.subscriptionId)
            sequences.append(Int64(bitPattern: event.sequence))
            signed.append(event.signedDate)
            types.append(event.notificationType)
            subtypes.append(event.subtype)
            archived.append(event.archivedAt)
            bodies.append(event.body)
        }
        let query: PostgresQuery = """
            INSERT INTO archived_event (uuid, subscription_id, sequence, signed_date, notification_type, subtype, archived_at, body)
            SELECT uuid, subscription_id, sequence, signed_date, notification_type, subtype, archived_at, body
            FROM unnest(\(uuids), \(subscriptions), \(sequences), \(signed), \(types), \(subtypes), \(archived), \(bodies))
                WITH ORDINALITY AS e(uuid, subscription_id, sequence, signed_date, notification_type, subtype, archived_at, body, position)
            ORDER BY position
            ON CONFLICT (subscription_id, sequence) DO NOTHING
            """
        return try await writer.run { [logger] connection in
            try BoundedWait.value(of: connection.query(query, logger: logger), closing: connection).metadata.rows ?? 0
        }
    }

    public func events(ofSubscription subscriptionId: String, limit: Int) throws -> (events: [ArchivedEvent], truncated: Bool) {
        let rows = try reader.runBlocking { [logger] connection in
            try BoundedWait.value(
                of: connection.query("""
                    SELECT uuid, sequence, signed_date, notification_type, subtype, archived_at, body
                    FROM archived_event WHERE subscription_id = \(subscriptionId) ORDER BY sequence DESC LIMIT \(limit + 1)
                    """, logger: logger),
                closing: connection
            ).map { row in
                let (uuid, sequence, signedDate, type, subtype, archivedAt, body) =
                    try row.decode((String, Int64, Int64, String, String, Int64, Data).self)
                return ArchivedEvent(
                    uuid: uuid, subscriptionId: subscriptionId, sequence: UInt64(bitPattern: sequence), signedDate: signedDate,
                    notificationType: type, subtype: subtype, archivedAt: archivedAt, body: body)
            }
        }
        return (Array(rows.prefix(max(0, limit)).reversed()), rows.count > limit)
    }

    /// Deletes in arrival order up to the first event archived at or after `instant`, as the
    /// SQLite archive does (no index on the archive time).
    @discardableResult
    public func prune(archivedBefore instant: Int64) async throws -> Int {
        try await writer.run { [logger] connection in
            try BoundedWait.value(
                of: connection.query("""
                    DELETE FROM archived_event WHERE id < COALESCE(
                        (SELECT id FROM archived_event WHERE archived_at >= \(instant) ORDER BY id LIMIT 1),
                        (SELECT MAX(id) + 1 FROM archived_event))
                    """, logger: logger),
                closing: connection
            ).metadata.rows ?? 0
        }
    }

    public func count() throws -> Int {
        try reader.runBlocking { [logger] connection in
            try BoundedWait.value(of: connection.query("SELECT COUNT(*) FROM archived_event", logger: logger), closing: connection)
                .first?.decode(Int.self) ?? 0
        }
    }
}
