import Foundation
import GRDB

/// The event archive's own SQLite file (GRDB, WAL), apart from the consumer's state so that
/// archiving never contends with the command transaction: every notification event the
/// consumer published, as its protobuf bytes, in arrival order, indexed by subscription, sequence
/// and uuid (which keeps a re-published event out) and by archive time, kept for a bounded time (docs/console.md, "The event archive").
public final class EventArchiveDatabase: Sendable {
    private let pool: DatabasePool

    /// Opens (and creates or migrates) the archive at `path`.
    public init(path: String) throws(StoreError) {
        var configuration = Configuration()
        configuration.busyMode = .timeout(5)
        configuration.label = "event-archive"
        do {
            let directory = URL(filePath: path).deletingLastPathComponent()
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            pool = try DatabasePool(path: path, configuration: configuration)
            try EventArchiveSchema.migrator.migrate(pool)
        } catch {
            throw StoreError(.cannotOpen, "cannot open the event archive at \(path): \(error)")
        }
    }

    /// Stores `events` in one transaction; an event stored before (same subscription, sequence and
    /// `uuid`: a re-published event) is left as it is.
    /// - Returns: how many were new.
    @discardableResult
    public func insert(_ events: [ArchivedEvent]) async throws -> Int {
        try await pool.write { database in
            let statement = try database.cachedStatement(
                sql: """
                    INSERT OR IGNORE INTO event
                        (uuid, subscription_id, sequence, signed_date, notification_type, subtype, archived_at, body)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                    """)
            var inserted = 0
            for event in events {
                try statement.execute(arguments: [
                    event.uuid, event.subscriptionId, Int64(bitPattern: event.sequence), event.signedDate, event.notificationType,
                    event.subtype, event.archivedAt, event.body,
                ])
                inserted += database.changesCount
            }
            return inserted
        }
    }

    /// The latest `limit` events of a subscription, returned by sequence ascending, and whether
    /// older ones were left out.
    public func events(ofSubscription subscriptionId: String, limit: Int) throws -> (events: [ArchivedEvent], truncated: Bool) {
        try pool.read { database in
            let rows = try Row.fetchAll(
                database,
                sql: """
                    SELECT uuid, subscription_id, sequence, signed_date, notification_type, subtype, archived_at, body
                    FROM event WHERE subscription_id = ? ORDER BY sequence DESC, uuid LIMIT ?
                    """,
                arguments: [subscriptionId, limit + 1])
            let events = rows.prefix(max(0, limit)).reversed().map { row in
                ArchivedEvent(
                    uuid: row[0], subscriptionId: row[1], sequence: UInt64(bitPattern: row[2]), signedDate: row[3],
                    notificationType: row[4], subtype: row[5], archivedAt: row[6], body: row[7])
            }
            return (events, rows.count > limit)
        }
    }

    /// Deletes the events archived before `instant` (ms since 1970, wall clock).
    /// - Returns: how many were deleted.
    @discardableResult
    public func prune(archivedBefore instant: Int64) async throws -> Int {
        try await pool.write { database in
            try database.execute(sql: "DELETE FROM event WHERE archived_at < ?", arguments: [instant])
            return database.changesCount
        }
    }

    /// How many events the archive holds.
    public func count() throws -> Int {
        try pool.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM event") ?? 0 }
    }
}

/// One archived event: the index columns and the `NotificationEvent` protobuf bytes.
public struct ArchivedEvent: Sendable, Hashable {
    /// `notification_uuid`: the key (a re-published event has the same one).
    public var uuid: String
    /// `subscription_id`; empty for a mass-extension summary.
    public var subscriptionId: String
    /// The per-subscription `sequence` (R-EVT-1).
    public var sequence: UInt64
    /// `signed_date`, ms since 1970 (engine time).
    public var signedDate: Int64
    /// The routing key's type segment, e.g. `DID_RENEW`.
    public var notificationType: String
    /// The routing key's subtype segment, e.g. `NONE`.
    public var subtype: String
    /// When the archive stored it, ms since 1970 (wall clock: what retention counts from).
    public var archivedAt: Int64
    /// The event as published.
    public var body: Data

    /// An archived event.
    public init(
        uuid: String, subscriptionId: String, sequence: UInt64, signedDate: Int64, notificationType: String, subtype: String,
        archivedAt: Int64, body: Data
    ) {
        self.uuid = uuid
        self.subscriptionId = subscriptionId
        self.sequence = sequence
        self.signedDate = signedDate
        self.notificationType = notificationType
        self.subtype = subtype
        self.archivedAt = archivedAt
        self.body = body
    }
}

/// The archive's schema, as GRDB migrations of its own file (append new ones; never edit a
/// shipped one).
enum EventArchiveSchema {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("event-archive-v1") { database in
            try database.execute(sql: """
                CREATE TABLE event (
                    uuid TEXT PRIMARY KEY NOT NULL,
                    subscription_id TEXT NOT NULL,
                    sequence INTEGER NOT NULL,
                    signed_date INTEGER NOT NULL,   -- ms since 1970, engine time
                    notification_type TEXT NOT NULL,
                    subtype TEXT NOT NULL,
                    archived_at INTEGER NOT NULL,   -- ms since 1970, wall clock (retention)
                    body BLOB NOT NULL              -- subscriptions.v1.NotificationEvent
                ) WITHOUT ROWID;
                CREATE INDEX event_by_subscription ON event (subscription_id, sequence);
                CREATE INDEX event_by_archive_time ON event (archived_at);
                """)
        }
        // Rows in arrival order (a rowid table): v1 kept each event, body and all, in a b-tree
        // ordered by its random uuid, so every insert rewrote a page somewhere in the file.
        migrator.registerMigration("event-archive-v2-rowid") { database in
            try database.execute(sql: """
                CREATE TABLE event_v2 (
                    id INTEGER PRIMARY KEY,         -- arrival order
                    uuid TEXT NOT NULL UNIQUE,      -- notification_uuid: a re-published event is stored once
                    subscription_id TEXT NOT NULL,
                    sequence INTEGER NOT NULL,
                    signed_date INTEGER NOT NULL,   -- ms since 1970, engine time
                    notification_type TEXT NOT NULL,
                    subtype TEXT NOT NULL,
                    archived_at INTEGER NOT NULL,   -- ms since 1970, wall clock (retention)
                    body BLOB NOT NULL              -- subscriptions.v1.NotificationEvent
                );
                INSERT INTO event_v2 (uuid, subscription_id, sequence, signed_date, notification_type, subtype, archived_at, body)
                    SELECT uuid, subscription_id, sequence, signed_date, notification_type, subtype, archived_at, body
                    FROM event ORDER BY archived_at, subscription_id, sequence;
                DROP TABLE event;
                ALTER TABLE event_v2 RENAME TO event;
                CREATE INDEX event_by_subscription ON event (subscription_id, sequence);
                CREATE INDEX event_by_archive_time ON event (archived_at);
                """)
        }
        // One random index per event instead of two: an event is identified by its subscription,
        // sequence and uuid together (a re-published event repeats all three), so the index the
        // console reads a subscription's timeline through also keeps republished events out, and
        // the uuid needs no index of its own.
        migrator.registerMigration("event-archive-v3-one-key") { database in
            try database.execute(sql: """
                CREATE TABLE event_v3 (
                    id INTEGER PRIMARY KEY,         -- arrival order
                    uuid TEXT NOT NULL,             -- notification_uuid
                    subscription_id TEXT NOT NULL,
                    sequence INTEGER NOT NULL,
                    signed_date INTEGER NOT NULL,   -- ms since 1970, engine time
                    notification_type TEXT NOT NULL,
                    subtype TEXT NOT NULL,
                    archived_at INTEGER NOT NULL,   -- ms since 1970, wall clock (retention)
                    body BLOB NOT NULL              -- subscriptions.v1.NotificationEvent
                );
                INSERT INTO event_v3 (id, uuid, subscription_id, sequence, signed_date, notification_type, subtype, archived_at, body)
                    SELECT id, uuid, subscription_id, sequence, signed_date, notification_type, subtype, archived_at, body
                    FROM event ORDER BY id;
                DROP TABLE event;
                ALTER TABLE event_v3 RENAME TO event;
                CREATE UNIQUE INDEX event_by_subscription ON event (subscription_id, sequence, uuid);
                CREATE INDEX event_by_archive_time ON event (archived_at);
                """)
        }
        return migrator
    }
}
