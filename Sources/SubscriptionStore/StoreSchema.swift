import GRDB

/// The database schema, as GRDB migrations (append new ones; never edit a shipped one).
///
/// - `v1`: one `document` table for every aggregate (JSON bodies) with index documents.
/// - `v2.1`: no index on a subscription's product (mass extensions walk the table by id).
/// - `v2`: a table per aggregate kind with its indexes as columns; each subscription's history
///   (transactions, replies of idempotency keys) in tables of its own, so the aggregate stays
///   small (docs/consumer.md, "Storage"). The v1 documents are moved in SQL: their JSON bodies
///   are reshaped to the v2 aggregate and stay JSON (the reader tells JSON from the compact
///   encoding by the first byte) until the aggregate is next saved.
/// - `v3`: test clocks as objects (docs/test-clocks.md): a `test_clock` table, and the clock of
///   each subscription and mass extension (`clock_id`, NULL = the consumer's clock) leading the
///   customer and due indexes: a clock is a sandbox whose customers are its own, and advancing it
///   finds only its own timers (a product walk stays by primary key, `v2.1`, and skips rows of
///   other clocks as it skips other products).
/// - `v4`: `processed_command.command_digest`, the digest of the command's body: a command id
///   (an idempotency key) seen again with another body is refused (docs/consumer.md).
/// - `v5`: `subscription` and `processed_command` become rowid tables appended in creation
///   order, their keys in unique indexes; mass extensions walk subscriptions in that order.
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
        migrator.registerMigration("v2") { database in
            try database.execute(sql: v2Tables)
            try database.execute(sql: v2FromDocuments)
        }
        // Every new subscription wrote a page of this index at a random place (ids are hashes),
        // for a query only mass extensions make; they walk the table by id instead.
        migrator.registerMigration("v2.1-no-product-index") { database in
            try database.execute(sql: "DROP INDEX subscription_product")
        }
        migrator.registerMigration("v3") { database in
            try database.execute(sql: v3TestClocks)
        }
        // What binds an idempotency key to its body; NULL for commands processed before.
        migrator.registerMigration("v4-command-digest") { database in
            try database.execute(sql: "ALTER TABLE processed_command ADD COLUMN command_digest BLOB")
        }
        migrator.registerMigration("v5-rowid-tables") { database in
            try database.execute(sql: v5RowidTables)
        }
        // Retention messaging (docs/retention-messaging.md): images, messages, defaults, URLs, tests.
        migrator.registerMigration("v6-messaging") { database in
            try database.execute(sql: """
                CREATE TABLE messaging_document (
                    kind TEXT NOT NULL,                  -- image, message, default, realtime-url, performance-test
                    key TEXT NOT NULL,
                    body BLOB NOT NULL,
                    PRIMARY KEY (kind, key)
                ) WITHOUT ROWID
                """)
        }
        return migrator
    }

    private static let v2Tables = """
        CREATE TABLE subscription (
            id TEXT PRIMARY KEY NOT NULL,        -- originalTransactionId
            customer_id TEXT NOT NULL,
            group_id TEXT NOT NULL,
            product_id TEXT NOT NULL,            -- current product (mass extensions)
            due_at INTEGER,                      -- next timer, milliseconds since 1970
            body BLOB NOT NULL                   -- the aggregate (compact encoding, or JSON from v1)
        ) WITHOUT ROWID;
        CREATE INDEX subscription_customer ON subscription (customer_id, group_id, id);
        CREATE INDEX subscription_product ON subscription (product_id, id);
        CREATE INDEX subscription_due ON subscription (due_at, id) WHERE due_at IS NOT NULL;

        CREATE TABLE transaction_history (
            subscription_id TEXT NOT NULL,
            position INTEGER NOT NULL,           -- 0 = the first; the latest is in the aggregate
            transaction_id TEXT NOT NULL,
            body BLOB NOT NULL,
            PRIMARY KEY (subscription_id, position)
        ) WITHOUT ROWID;

        CREATE TABLE request_result (
            subscription_id TEXT NOT NULL,
            key TEXT NOT NULL,                   -- idempotency key, e.g. requestReferenceId
            body BLOB NOT NULL,                  -- the reply given the first time
            PRIMARY KEY (subscription_id, key)
        ) WITHOUT ROWID;

        CREATE TABLE mass_extension (
            id TEXT PRIMARY KEY NOT NULL,        -- requestIdentifier
            product_id TEXT NOT NULL,
            due_at INTEGER,
            body BLOB NOT NULL
        ) WITHOUT ROWID;
        CREATE INDEX mass_extension_due ON mass_extension (due_at, id) WHERE due_at IS NOT NULL;

        CREATE INDEX processed_command_age ON processed_command (processed_at);
        """

    private static let v3TestClocks = """
        CREATE TABLE test_clock (
            id TEXT PRIMARY KEY NOT NULL,        -- clock_<24 hex>
            name TEXT NOT NULL,
            now_at INTEGER NOT NULL,             -- the clock's now, milliseconds since 1970
            created_at INTEGER NOT NULL          -- its first now
        ) WITHOUT ROWID;

        ALTER TABLE subscription ADD COLUMN clock_id TEXT;     -- NULL = the consumer's clock
        DROP INDEX subscription_customer;
        CREATE INDEX subscription_customer ON subscription (clock_id, customer_id, group_id, id);
        DROP INDEX subscription_due;
        CREATE INDEX subscription_due ON subscription (clock_id, due_at, id) WHERE due_at IS NOT NULL;

        ALTER TABLE mass_extension ADD COLUMN clock_id TEXT;
        DROP INDEX mass_extension_due;
        CREATE INDEX mass_extension_due ON mass_extension (clock_id, due_at, id) WHERE due_at IS NOT NULL;
        """

    /// Subscriptions and processed commands in rowid tables (storage order = creation order) with
    /// their keys in unique indexes: a new row is appended instead of inserted at a random place
    /// of a tree of ~450-byte rows, which split every few inserts (a purchase wrote 5.7 pages of
    /// log, now 2.8; docs/consumer.md, "Storage and retention"). Existing subscriptions are copied in id order and the
    /// last of them is remembered, so that the id cursor of a mass extension running across the
    /// upgrade still says where to resume (``StoreTransaction/walkSubscriptions(productId:onClock:from:limit:)``).
    private static let v5RowidTables = """
        CREATE TABLE subscription_v5 (
            ordinal INTEGER PRIMARY KEY,         -- storage order (creation); mass extensions walk it
            id TEXT NOT NULL UNIQUE,             -- originalTransactionId
            customer_id TEXT NOT NULL,
            group_id TEXT NOT NULL,
            product_id TEXT NOT NULL,            -- current product (mass extensions)
            due_at INTEGER,                      -- next timer, milliseconds since 1970
            body BLOB NOT NULL,                  -- the aggregate (compact encoding, or JSON from v1)
            clock_id TEXT                        -- NULL = the consumer's clock
        );
        INSERT INTO subscription_v5 (id, customer_id, group_id, product_id, due_at, body, clock_id)
            SELECT id, customer_id, group_id, product_id, due_at, body, clock_id FROM subscription ORDER BY id;
        DROP TABLE subscription;
        ALTER TABLE subscription_v5 RENAME TO subscription;
        CREATE INDEX subscription_customer ON subscription (clock_id, customer_id, group_id, id);
        CREATE INDEX subscription_due ON subscription (clock_id, due_at, id) WHERE due_at IS NOT NULL;
        INSERT OR REPLACE INTO setting (name, value)
            SELECT 'v5.last_ordinal_in_id_order', CAST(COALESCE(MAX(ordinal), 0) AS TEXT) FROM subscription;

        CREATE TABLE processed_command_v5 (
            ordinal INTEGER PRIMARY KEY,         -- arrival order
            command_id TEXT NOT NULL UNIQUE,
            method TEXT NOT NULL,
            reply BLOB NOT NULL,                 -- the encoded CommandReply sent the first time
            processed_at INTEGER NOT NULL,
            command_digest BLOB
        );
        INSERT INTO processed_command_v5 (command_id, method, reply, processed_at, command_digest)
            SELECT command_id, method, reply, processed_at, command_digest FROM processed_command ORDER BY processed_at, command_id;
        DROP TABLE processed_command;
        ALTER TABLE processed_command_v5 RENAME TO processed_command;
        CREATE INDEX processed_command_age ON processed_command (processed_at);
        """

    /// Moves v1 documents: subscriptions keep their JSON with `transactions` replaced by
    /// `latestTransaction` + `transactionCount` and `requestResults` moved out; mass extensions
    /// replace their id snapshot (`pendingIds`) with where to resume (`resumeAt`).
    private static let v2FromDocuments = """
        INSERT INTO subscription (id, customer_id, group_id, product_id, due_at, body)
        SELECT key,
            json_extract(CAST(body AS TEXT), '$.customerId'),
            json_extract(CAST(body AS TEXT), '$.groupId'),
            json_extract(CAST(body AS TEXT), '$.productId'),
            due_at,
            json_remove(
                json_set(CAST(body AS TEXT),
                    '$.latestTransaction',
                    CASE WHEN json_array_length(CAST(body AS TEXT), '$.transactions') > 0
                        THEN json(json_extract(CAST(body AS TEXT),
                            '$.transactions[' || (json_array_length(CAST(body AS TEXT), '$.transactions') - 1) || ']'))
                        ELSE NULL END,
                    '$.transactionCount', json_array_length(CAST(body AS TEXT), '$.transactions')),
                '$.transactions', '$.requestResults')
        FROM document WHERE kind = 'subscription';

        INSERT INTO transaction_history (subscription_id, position, transaction_id, body)
        SELECT document.key, item.key, json_extract(item.value, '$.transactionId'), item.value
        FROM document, json_each(CAST(document.body AS TEXT), '$.transactions') AS item
        WHERE document.kind = 'subscription'
            AND item.key < json_array_length(CAST(document.body AS TEXT), '$.transactions') - 1;

        INSERT INTO request_result (subscription_id, key, body)
        SELECT document.key, item.key, item.value
        FROM document, json_each(CAST(document.body AS TEXT), '$.requestResults') AS item
        WHERE document.kind = 'subscription';

        INSERT INTO mass_extension (id, product_id, due_at, body)
        SELECT key, json_extract(CAST(body AS TEXT), '$.productId'), due_at,
            json_remove(
                json_set(CAST(body AS TEXT), '$.resumeAt',
                    CASE WHEN json_array_length(CAST(body AS TEXT), '$.pendingIds') > 0
                        THEN json_extract(CAST(body AS TEXT), '$.pendingIds[0]')
                        ELSE '' END),
                '$.pendingIds')
        FROM document WHERE kind = 'mass-extension';

        DROP TABLE document;
        """
}
