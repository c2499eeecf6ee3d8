import Foundation
import GRDB
import SubscriptionStore

/// The event archive's own SQLite file (GRDB, WAL), apart from the consumer's state so that
/// archiving never contends with the command transaction: every notification event the
/// consumer published, as its protobuf bytes, in arrival order, indexed by its subscription's
/// archive ordinal and sequence (which keeps a re-published event out), kept for a bounded
/// time (docs/console.md, "The event archive"). The `subscription` table gives each
/// subscription its ordinal: one small row per subscription, kept when its events are pruned.
/// A mass-extension summary, which belongs to no subscription, is filed under a subscription
/// of its own, ``ArchivedEvent/summaryPrefix`` and its uuid.
public final class EventArchiveDatabase: Sendable {
    private let pool: DatabasePool

    /// Opens (and creates or migrates) the archive at `path`.
    public init(path: String) throws(StoreError) {
        var configuration = Configuration()
        configuration.busyMode = .timeout(5)
        configuration.label = "event-archive"
        do {
            // Synced commits: the archived events leave the consumer's outbox right after the
            // commit, and one rolled back by a power loss would be lost from the timeline for good.
            pool = try DatabasePool.durable(path: path, configuration: configuration, migrator: EventArchiveSchema.migrator)
        } catch {
            throw StoreError(.cannotOpen, "cannot open the event archive at \(path): \(error)")
        }
    }

    /// Stores `events` in one transaction; an event stored before (same subscription and
    /// sequence: a re-published event) is left as it is. A subscription seen for the first time
    /// gets the next ordinal.
    ///
    /// Each event is stored by one statement that finds its subscription's ordinal itself (a mass
    /// extension archives one event for each of a million known subscriptions). Only when that
    /// stores nothing is the subscription added; when it was new, the statement runs again. A
    /// subscription's first event adds the subscription before it instead, and when that adds a
    /// row the event is stored under the row's ordinal, without looking the id up again (a
    /// purchase's event costs two statements and one lookup of the random id, not three
    /// statements, nor two lookups).
    /// - Returns: how many were new.
    @discardableResult
    public func insert(_ events: [ArchivedEvent]) async throws -> Int {
        try await pool.write { database in
            // Looked up once for the whole batch, not once per event.
            let insertEvent = try database.cachedStatement(sql: Self.insertEventSQL)
            let insertEventOfOrdinal = try database.cachedStatement(sql: Self.insertEventOfOrdinalSQL)
            let addSubscription = try database.cachedStatement(sql: "INSERT OR IGNORE INTO subscription (id) VALUES (?)")
            var inserted = 0
            for event in events {
                let subscription = event.subscriptionId.isEmpty ? ArchivedEvent.summaryPrefix + event.uuid : event.subscriptionId
                let insert = {
                    try database.run(
                        insertEvent, event.uuid, Int64(bitPattern: event.sequence), event.signedDate, event.notificationType,
                        event.subtype, event.archivedAt, event.body, subscription)
                }
                // A subscription's first event (sequence 1; 0 for a summary) most likely meets a
                // subscription the archive has not seen: add it first, and the event's insert
                // runs once instead of twice; when it was new, its ordinal is the row just
                // inserted, and the event is stored without looking the id up again.
                let likelyNew = event.sequence <= 1
                if likelyNew {
                    try database.run(addSubscription, subscription)
                    if database.changesCount > 0 {
                        try database.run(
                            insertEventOfOrdinal, event.uuid, database.lastInsertedRowID, Int64(bitPattern: event.sequence),
                            event.signedDate, event.notificationType, event.subtype, event.archivedAt, event.body)
                        inserted += database.changesCount
                        continue
                    }
                }
                try insert()
                if !likelyNew, database.changesCount == 0 {
                    // Either the subscription is new, or the event was stored before.
                    try database.run(addSubscription, subscription)
                    guard database.changesCount > 0 else { continue }
                    try insert()
                }
                inserted += database.changesCount
            }
            return inserted
        }
    }

    /// One event, linked to its subscription's ordinal; stores nothing when the subscription is
    /// not known yet or the event was stored before.
    private static let insertEventSQL = """
        INSERT OR IGNORE INTO event (uuid, subscription, sequence, signed_date, notification_type, subtype, archived_at, body)
        SELECT ?, ordinal, ?, ?, ?, ?, ?, ? FROM subscription WHERE id = ?
        """

    /// One event of a subscription whose ordinal is known (one just added).
    private static let insertEventOfOrdinalSQL = """
        INSERT OR IGNORE INTO event (uuid, subscription, sequence, signed_date, notification_type, subtype, archived_at, body)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?)
        """

    /// The latest `limit` events of a subscription, returned by sequence ascending, and whether
    /// older ones were left out.
    public func events(ofSubscription subscriptionId: String, limit: Int) throws -> (events: [ArchivedEvent], truncated: Bool) {
        try pool.read { database in
            let rows = try Row.fetchAll(
                database,
                sql: """
                    SELECT uuid, sequence, signed_date, notification_type, subtype, archived_at, body
                    FROM event WHERE subscription = (SELECT ordinal FROM subscription WHERE id = ?)
                    ORDER BY sequence DESC LIMIT ?
                    """,
                arguments: [subscriptionId, limit + 1])
            let events = rows.prefix(max(0, limit)).reversed().map { row in
                ArchivedEvent(
                    uuid: row[0], subscriptionId: subscriptionId, sequence: UInt64(bitPattern: row[1]), signedDate: row[2],
                    notificationType: row[3], subtype: row[4], archivedAt: row[5], body: row[6])
            }
            return (events, rows.count > limit)
        }
    }

    /// Deletes the events archived before `instant` (ms since 1970, wall clock): the rows in
    /// arrival order up to the first one archived at or after it. Rows arrive in archive-time
    /// order, so this reads no row it keeps but that first one; should the wall clock step
    /// back, events stamped before the step are kept until the ones after it are old enough.
    /// - Returns: how many were deleted.
    @discardableResult
    public func prune(archivedBefore instant: Int64) async throws -> Int {
        try await pool.write { database in
            try database.execute(
                sql: """
                    DELETE FROM event WHERE id < COALESCE(
                        (SELECT id FROM event WHERE archived_at >= ? ORDER BY id LIMIT 1),
                        (SELECT MAX(id) + 1 FROM event))
                    """,
                arguments: [instant])
            return database.changesCount
        }
    }

    /// The writer connection's `PRAGMA synchronous` (2 = FULL), for tests of durability.
    public func writerSynchronousMode() async throws -> Int {
        try await pool.writerSynchronousMode()
    }

    /// How many events the archive holds.
    public func count() throws -> Int {
        try pool.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM event") ?? 0 }
    }
}

/// The SQLite file is one of the stores the protocol describes (the GRDB-free subset, e.g.
/// scripts/fuzz.sh, compiles the protocol without this file).
extension EventArchiveDatabase: EventArchiveStore {}
