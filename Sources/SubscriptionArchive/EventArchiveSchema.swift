import GRDB
import SubscriptionStore

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
        // Events indexed by their subscription's archive ordinal (the order in which its first
        // event was archived), not by its id: ids are random, so every event wrote a page at a
        // random place of a by-id index (at a million subscriptions, a mass extension spent a
        // third of the consumer's time on the archive); ordinals follow creation order, which is
        // the order purchases, renewals and mass extensions mostly come in. One index per event
        // keeps republished events out too (their subscription, sequence and uuid repeat).
        migrator.registerMigration("event-archive-v3-subscription-ordinals") { database in
            try database.execute(sql: """
                CREATE TABLE subscription (
                    ordinal INTEGER PRIMARY KEY,    -- order of the subscription's first archived event
                    id TEXT NOT NULL UNIQUE         -- originalTransactionId ('' for mass-extension summaries until v4)
                );
                INSERT INTO subscription (id) SELECT subscription_id FROM event GROUP BY subscription_id ORDER BY MIN(id);
                CREATE TABLE event_v3 (
                    id INTEGER PRIMARY KEY,         -- arrival order
                    uuid TEXT NOT NULL,             -- notification_uuid
                    subscription INTEGER NOT NULL,  -- subscription.ordinal
                    sequence INTEGER NOT NULL,
                    signed_date INTEGER NOT NULL,   -- ms since 1970, engine time
                    notification_type TEXT NOT NULL,
                    subtype TEXT NOT NULL,
                    archived_at INTEGER NOT NULL,   -- ms since 1970, wall clock (retention)
                    body BLOB NOT NULL              -- subscriptions.v1.NotificationEvent
                );
                INSERT INTO event_v3 (id, uuid, subscription, sequence, signed_date, notification_type, subtype, archived_at, body)
                    SELECT event.id, event.uuid, subscription.ordinal, event.sequence, event.signed_date, event.notification_type,
                        event.subtype, event.archived_at, event.body
                    FROM event JOIN subscription ON subscription.id = event.subscription_id ORDER BY event.id;
                DROP TABLE event;
                ALTER TABLE event_v3 RENAME TO event;
                CREATE UNIQUE INDEX event_by_subscription ON event (subscription, sequence, uuid);
                CREATE INDEX event_by_archive_time ON event (archived_at);
                """)
        }
        // One small index per event instead of two wide ones (a mass extension over a million
        // subscriptions archives a million events; each index entry is a page write sooner or
        // later): (subscription, sequence) is an event's identity, since its uuid is derived
        // from them; a mass-extension summary (no subscription, sequence 0) is filed under a
        // subscription of its own, named after its uuid. Retention deletes a prefix of the rows
        // in arrival order (EventArchiveDatabase.prune), so `archived_at` needs no index. An
        // archive holding two events with the same subscription and sequence keeps the first.
        migrator.registerMigration("event-archive-v4-lean-indexes") { database in
            try database.execute(sql: """
                INSERT OR IGNORE INTO subscription (id)
                    SELECT '\(ArchivedEvent.summaryPrefix)' || event.uuid FROM event
                    WHERE event.subscription = (SELECT ordinal FROM subscription WHERE id = '') ORDER BY event.id;
                UPDATE event SET subscription = (SELECT ordinal FROM subscription WHERE id = '\(ArchivedEvent.summaryPrefix)' || event.uuid)
                    WHERE subscription = (SELECT ordinal FROM subscription WHERE id = '');
                DELETE FROM subscription WHERE id = '';
                DELETE FROM event WHERE id NOT IN (SELECT MIN(id) FROM event GROUP BY subscription, sequence);
                DROP INDEX event_by_subscription;
                DROP INDEX event_by_archive_time;
                CREATE UNIQUE INDEX event_by_subscription ON event (subscription, sequence);
                """)
        }
        return migrator
    }
}
