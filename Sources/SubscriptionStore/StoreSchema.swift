import GRDB

/// The database schema, as GRDB migrations (append new ones; never edit a shipped one).
enum StoreSchema {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { database in
            try database.execute(sql: """
                CREATE TABLE document (
                    kind TEXT NOT NULL,
                    key TEXT NOT NULL,
                    body BLOB NOT NULL,
                    tag TEXT,
                    due_at INTEGER,          -- milliseconds since 1970, NULL = nothing due
                    PRIMARY KEY (kind, key)
                ) WITHOUT ROWID;
                CREATE INDEX document_due ON document (kind, due_at, key) WHERE due_at IS NOT NULL;
                CREATE INDEX document_any_due ON document (due_at) WHERE due_at IS NOT NULL;
                CREATE INDEX document_tag ON document (kind, tag, key) WHERE tag IS NOT NULL;

                CREATE TABLE processed_command (
                    command_id TEXT PRIMARY KEY NOT NULL,
                    method TEXT NOT NULL,
                    reply BLOB NOT NULL,     -- the encoded CommandReply sent the first time
                    processed_at INTEGER NOT NULL
                ) WITHOUT ROWID;

                CREATE TABLE outbox (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    routing_key TEXT NOT NULL,
                    message_id TEXT NOT NULL,
                    correlation_id TEXT NOT NULL,
                    subscription_id TEXT NOT NULL,
                    sequence INTEGER NOT NULL,
                    signed_at INTEGER NOT NULL,
                    body BLOB NOT NULL
                );

                CREATE TABLE setting (
                    name TEXT PRIMARY KEY NOT NULL,
                    value TEXT NOT NULL
                ) WITHOUT ROWID;
                """)
        }
        return migrator
    }
}
