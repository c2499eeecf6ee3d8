import GRDB
import SubscriptionStore

/// The notifier's schema (NotificationDatabase), as GRDB migrations of its own file (append
/// new ones; never edit a shipped one).
enum NotificationSchema {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("notifications-v1") { database in
            try database.execute(sql: """
                CREATE TABLE notification (
                    uuid TEXT PRIMARY KEY NOT NULL,
                    notification_type TEXT NOT NULL,
                    subtype TEXT,
                    subscription_id TEXT NOT NULL,
                    signed_date INTEGER NOT NULL,   -- ms since 1970
                    signed_payload TEXT NOT NULL    -- the JWS sent, the same on every retry
                ) WITHOUT ROWID;
                CREATE INDEX notification_by_date ON notification (signed_date, uuid);
                CREATE INDEX notification_by_subscription ON notification (subscription_id, signed_date);

                CREATE TABLE delivery (
                    notification_uuid TEXT NOT NULL REFERENCES notification (uuid),
                    url TEXT NOT NULL,
                    attempts INTEGER NOT NULL,
                    first_attempt_at INTEGER,       -- ms; NULL before the first attempt
                    next_attempt_at INTEGER,        -- ms; NULL once delivered or given up
                    delivered INTEGER NOT NULL DEFAULT 0,
                    PRIMARY KEY (notification_uuid, url)
                ) WITHOUT ROWID;
                CREATE INDEX delivery_due ON delivery (next_attempt_at) WHERE next_attempt_at IS NOT NULL;

                CREATE TABLE send_attempt (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    notification_uuid TEXT NOT NULL,
                    url TEXT NOT NULL,
                    attempted_at INTEGER NOT NULL,  -- ms (the test clock's time under CLOCK=manual)
                    result TEXT NOT NULL,           -- Apple's sendAttemptResult
                    http_status INTEGER
                );
                CREATE INDEX send_attempt_by_notification ON send_attempt (notification_uuid, id);
                """)
        }
        return migrator
    }
}
