import Logging
import PostgresNIO

/// The PostgreSQL schema, as versioned migrations (append new ones; never edit a shipped one).
/// The tables are those of the SQLite store at its `v4` (``SubscriptionStore``'s `StoreSchema`),
/// with PostgreSQL's types: `BYTEA` bodies, `BIGINT` milliseconds, an identity outbox id, and
/// `clock_id` `''` for the consumer's clock instead of NULL (docs/scale-out.md).
///
/// - `pg1`: every table and index of the consumer's state.
/// - `pg2`: the event archive's and the notifier's tables, which live in SQLite files of their
///   own beside a SQLite store, and in the shared database with PostgreSQL.
/// - `pg3-messaging`: the retention messaging documents (docs/retention-messaging.md).
///
/// Applied migrations are recorded in `schema_migration`. Replicas that start together do not
/// race: the migrating transaction first takes a transaction-scoped advisory lock.
enum PostgresSchema {
    /// The advisory lock key migrations hold (an arbitrary constant: "subs" in ASCII).
    static let migrationLock: Int64 = 0x7375_6273

    /// Every migration in order: its id and its statements (one per query: the extended query
    /// protocol takes one statement at a time).
    static let migrations: [(id: String, statements: [String])] = [
        ("pg1", [
            """
            CREATE TABLE subscription (
                id TEXT PRIMARY KEY,                 -- originalTransactionId
                customer_id TEXT NOT NULL,
                group_id TEXT NOT NULL,
                product_id TEXT NOT NULL,            -- current product (mass extensions)
                due_at BIGINT,                       -- next timer, milliseconds since 1970
                body BYTEA NOT NULL,                 -- the aggregate (compact encoding)
                clock_id TEXT NOT NULL DEFAULT ''    -- '' = the consumer's clock, else a test clock
            )
            """,
            "CREATE INDEX subscription_customer ON subscription (clock_id, customer_id, group_id, id)",
            "CREATE INDEX subscription_due ON subscription (clock_id, due_at, id) WHERE due_at IS NOT NULL",
            """
            CREATE TABLE transaction_history (
                subscription_id TEXT NOT NULL,
                position BIGINT NOT NULL,            -- 0 = the first; the latest is in the aggregate
                transaction_id TEXT NOT NULL,
                body BYTEA NOT NULL,
                PRIMARY KEY (subscription_id, position)
            )
            """,
            """
            CREATE TABLE request_result (
                subscription_id TEXT NOT NULL,
                key TEXT NOT NULL,                   -- idempotency key, e.g. requestReferenceId
                body BYTEA NOT NULL,
                PRIMARY KEY (subscription_id, key)
            )
            """,
            """
            CREATE TABLE mass_extension (
                id TEXT PRIMARY KEY,                 -- requestIdentifier
                product_id TEXT NOT NULL,
                due_at BIGINT,
                body BYTEA NOT NULL,
                clock_id TEXT NOT NULL DEFAULT ''
            )
            """,
            "CREATE INDEX mass_extension_due ON mass_extension (clock_id, due_at, id) WHERE due_at IS NOT NULL",
            """
            CREATE TABLE processed_command (
                command_id TEXT PRIMARY KEY,
                method TEXT NOT NULL,
                reply BYTEA NOT NULL,                -- the encoded CommandReply sent the first time
                processed_at BIGINT NOT NULL,
                command_digest BYTEA                 -- what binds an idempotency key to its body
            )
            """,
            "CREATE INDEX processed_command_age ON processed_command (processed_at)",
            """
            CREATE TABLE outbox (
                id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                routing_key TEXT NOT NULL,
                message_id TEXT NOT NULL,
                correlation_id TEXT NOT NULL,
                subscription_id TEXT NOT NULL,
                sequence BIGINT NOT NULL,
                signed_at BIGINT NOT NULL,
                body BYTEA NOT NULL
            )
            """,
            "CREATE TABLE setting (name TEXT PRIMARY KEY, value TEXT NOT NULL)",
            """
            CREATE TABLE test_clock (
                id TEXT PRIMARY KEY,                 -- clock_<24 hex>
                name TEXT NOT NULL,
                now_at BIGINT NOT NULL,
                created_at BIGINT NOT NULL
            )
            """,
        ]),
        ("pg2", [
            // The event archive (PostgresEventArchive): what EventArchiveDatabase keeps in its
            // own SQLite file, shared here by every replica. `id` is arrival order (pruning).
            """
            CREATE TABLE archived_event (
                id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                uuid TEXT NOT NULL,                  -- notification_uuid
                subscription_id TEXT NOT NULL,       -- a summary's: 'mass-extension-summary/' and its uuid
                sequence BIGINT NOT NULL,
                signed_date BIGINT NOT NULL,         -- ms since 1970, engine time
                notification_type TEXT NOT NULL,
                subtype TEXT NOT NULL,
                archived_at BIGINT NOT NULL,         -- ms since 1970, wall clock (retention)
                body BYTEA NOT NULL                  -- subscriptions.v1.NotificationEvent
            )
            """,
            "CREATE UNIQUE INDEX archived_event_by_subscription ON archived_event (subscription_id, sequence)",
            // The notifier (PostgresNotificationStore): NotificationDatabase's tables.
            """
            CREATE TABLE notification (
                uuid TEXT PRIMARY KEY,
                notification_type TEXT NOT NULL,
                subtype TEXT,
                subscription_id TEXT NOT NULL,
                signed_date BIGINT NOT NULL,         -- ms since 1970
                signed_payload TEXT NOT NULL         -- the JWS sent, the same on every retry
            )
            """,
            "CREATE INDEX notification_by_date ON notification (signed_date, uuid)",
            "CREATE INDEX notification_by_subscription ON notification (subscription_id, signed_date)",
            """
            CREATE TABLE delivery (
                notification_uuid TEXT NOT NULL,
                url TEXT NOT NULL,
                attempts INTEGER NOT NULL,
                first_attempt_at BIGINT,             -- ms; NULL before the first attempt
                next_attempt_at BIGINT,              -- ms; NULL once delivered or given up; a claim's end while one replica sends
                delivered BOOLEAN NOT NULL DEFAULT false,
                PRIMARY KEY (notification_uuid, url)
            )
            """,
            "CREATE INDEX delivery_due ON delivery (next_attempt_at) WHERE next_attempt_at IS NOT NULL",
            """
            CREATE TABLE send_attempt (
                id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                notification_uuid TEXT NOT NULL,
                url TEXT NOT NULL,
                attempted_at BIGINT NOT NULL,        -- ms (the manual clock's time under CLOCK=manual)
                result TEXT NOT NULL,                -- Apple's sendAttemptResult
                http_status INTEGER
            )
            """,
            "CREATE INDEX send_attempt_by_notification ON send_attempt (notification_uuid, id)",
        ]),
        ("pg3-messaging", [
            """
            CREATE TABLE messaging_document (
                kind TEXT NOT NULL,                  -- image, message, default, realtime-url, performance-test
                key TEXT NOT NULL,
                body BYTEA NOT NULL,
                PRIMARY KEY (kind, key)
            )
            """,
        ]),
    ]

    /// Applies the migrations not applied yet, each in its own transaction; returns their ids.
    @discardableResult
    static func migrate(_ connection: PostgresConnection, logger: Logger) throws -> [String] {
        func run(_ sql: String) throws -> PostgresQueryResult {
            try BoundedWait.value(of: connection.query(PostgresQuery(unsafeSQL: sql), logger: logger), closing: connection)
        }
        var applied: [String] = []
        for migration in migrations {
            _ = try run("BEGIN")
            do {
                _ = try BoundedWait.value(of: connection.query("SELECT pg_advisory_xact_lock(\(migrationLock))", logger: logger), closing: connection)
                _ = try run("""
                    CREATE TABLE IF NOT EXISTS schema_migration (
                        id TEXT PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())
                    """)
                let done = try BoundedWait.value(of: connection.query("SELECT 1 FROM schema_migration WHERE id = \(migration.id)", logger: logger), closing: connection)
                if done.first == nil {
                    for statement in migration.statements { _ = try run(statement) }
                    _ = try BoundedWait.value(of: connection.query("INSERT INTO schema_migration (id) VALUES (\(migration.id))", logger: logger), closing: connection)
                    applied.append(migration.id)
                }
                _ = try run("COMMIT")
            } catch {
                _ = try? run("ROLLBACK")
                throw error
            }
        }
        if !applied.isEmpty { logger.notice("PostgreSQL schema migrated", metadata: ["migrations": "\(applied)"]) }
        return applied
    }

    /// The ids of the applied migrations, in order (tests).
    static func appliedMigrations(_ connection: PostgresConnection, logger: Logger) throws -> [String] {
        try BoundedWait.value(of: connection.query("SELECT id FROM schema_migration ORDER BY id", logger: logger), closing: connection).map { try $0.decode(String.self) }
    }
}
