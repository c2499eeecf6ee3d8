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
