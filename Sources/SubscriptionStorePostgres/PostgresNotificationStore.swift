import Foundation
import Logging
import PostgresNIO
import SubscriptionStore

/// The notifier's notifications, deliveries and send attempts in the consumer's PostgreSQL
/// database (``PostgresSchema`` `pg2`): every replica records what it sent there, so Get
/// Notification History answers the same on every replica (docs/scale-out.md). The same contract
/// as the SQLite ``NotificationDatabase``, and one more guarantee that a shared database needs:
/// a due delivery is handed to one replica at a time. ``dueDeliveries(at:limit:)`` claims what it
/// returns (`FOR UPDATE SKIP LOCKED`, then its next attempt moved to the end of the claim), so
/// another replica's poll skips it; the attempt's record sets the real next attempt, and a
/// replica that died while sending leaves the delivery due again when its claim ends.
///
/// Two connections of its own: one for its writes and claims, one for the synchronous history
/// reads (made from the store's writer queue).
public final class PostgresNotificationStore: NotificationStore {
    private let writer: PostgresSession
    private let reader: PostgresSession
    private let claim: Int64
    private let logger: Logger

    init(configuration: PostgresConnection.Configuration, claimMilliseconds: Int64, logger: Logger) {
        writer = PostgresSession(label: "subscriptions.postgres.notifications", configuration: configuration, logger: logger)
        reader = PostgresSession(label: "subscriptions.postgres.notifications-reader", configuration: configuration, logger: logger)
        claim = claimMilliseconds
        self.logger = logger
    }

    /// Closes both connections.
    public func close() async {
        await writer.close()
        await reader.close()
    }

    @discardableResult
    public func insert(_ notifications: [StoredNotification], urls: [String], firstAttemptAt: Int64) async throws -> Int {
        guard !notifications.isEmpty else { return 0 }
        var uuids = PostgresArrayColumn(.text, capacity: notifications.count)
        var types = PostgresArrayColumn(.text, capacity: notifications.count)
        var subtypes = PostgresArrayColumn(.text, capacity: notifications.count)
        var subscriptions = PostgresArrayColumn(.text, capacity: notifications.count)
        var dates = PostgresArrayColumn(.int8, capacity: notifications.count)
        var payloads = PostgresArrayColumn(.text, capacity: notifications.count)
        for notification in notifications {
            uuids.append(notification.uuid)
            types.append(notification.notificationType)
            subtypes.append(notification.subtype)
            subscriptions.append(notification.subscriptionId)
            dates.append(notification.signedDate)
            payloads.append(notification.signedPayload)
        }
        var targets = PostgresArrayColumn(.text, capacity: urls.count)
        for url in urls { targets.append(url) }
        let query: PostgresQuery = """
            WITH new AS (
                INSERT INTO notification (uuid, notification_type, subtype, subscription_id, signed_date, signed_payload)
                SELECT * FROM unnest(\(uuids), \(types), \(subtypes), \(subscriptions), \(dates), \(payloads))
                ON CONFLICT (uuid) DO NOTHING
                RETURNING uuid),
            deliveries AS (
                INSERT INTO delivery (notification_uuid, url, next_attempt_at, attempts)
                SELECT new.uuid, target.url, \(firstAttemptAt), 0 FROM new CROSS JOIN unnest(\(targets)) AS target(url))
            SELECT count(*) FROM new
            """
        return try await writer.run { [logger] connection in
            try BoundedWait.value(of: connection.query(query, logger: logger), closing: connection).first?.decode(Int.self) ?? 0
        }
    }

    /// Claims the due deliveries it returns until `now` plus the claim (see the type's comment).
    public func dueDeliveries(at now: Int64, limit: Int) async throws -> [DueDelivery] {
        let query: PostgresQuery = """
            WITH due AS (
                SELECT notification_uuid, url, attempts, first_attempt_at, next_attempt_at FROM delivery
                WHERE next_attempt_at IS NOT NULL AND next_attempt_at <= \(now)
                ORDER BY next_attempt_at, notification_uuid, url LIMIT \(limit)
                FOR UPDATE SKIP LOCKED),
            claimed AS (
                UPDATE delivery AS d SET next_attempt_at = \(now + claim) FROM due
                WHERE d.notification_uuid = due.notification_uuid AND d.url = due.url)
            SELECT due.notification_uuid, due.url, due.attempts, due.first_attempt_at, due.next_attempt_at, n.signed_payload
            FROM due JOIN notification AS n ON n.uuid = due.notification_uuid
            ORDER BY due.next_attempt_at, due.notification_uuid, due.url
            """
        return try await writer.run { [logger] connection in
            try BoundedWait.value(of: connection.query(query, logger: logger), closing: connection).map { row in
                let (uuid, url, attempts, first, due, payload) = try row.decode((String, String, Int, Int64?, Int64, String).self)
                return DueDelivery(notificationUUID: uuid, url: url, attempts: attempts, firstAttemptAt: first, dueAt: due, signedPayload: payload)
            }
        }
    }

    public func recordAttempts(_ attempts: [DeliveryAttempt]) async throws {
        guard !attempts.isEmpty else { return }
        var uuids = PostgresArrayColumn(.text, capacity: attempts.count)
        var urls = PostgresArrayColumn(.text, capacity: attempts.count)
        var times = PostgresArrayColumn(.int8, capacity: attempts.count)
        var results = PostgresArrayColumn(.text, capacity: attempts.count)
        var statuses = PostgresArrayColumn(.int8, capacity: attempts.count)
        var nexts = PostgresArrayColumn(.int8, capacity: attempts.count)
        var delivered = PostgresArrayColumn(.bool, capacity: attempts.count)
        for attempt in attempts {
            uuids.append(attempt.delivery.notificationUUID)
            urls.append(attempt.delivery.url)
            times.append(attempt.attemptedAt)
            results.append(attempt.result)
            statuses.append(attempt.httpStatus.map(Int64.init))
            nexts.append(attempt.nextAttemptAt)
            delivered.append(attempt.result == "SUCCESS")
        }
        let query: PostgresQuery = """
            WITH attempt AS (
                SELECT * FROM unnest(\(uuids), \(urls), \(times), \(results), \(statuses), \(nexts), \(delivered))
                    WITH ORDINALITY AS a(notification_uuid, url, attempted_at, result, http_status, next_attempt_at, delivered, position)),
            recorded AS (
                INSERT INTO send_attempt (notification_uuid, url, attempted_at, result, http_status)
                SELECT notification_uuid, url, attempted_at, result, http_status FROM attempt ORDER BY position)
            UPDATE delivery AS d SET attempts = d.attempts + 1, first_attempt_at = COALESCE(d.first_attempt_at, a.attempted_at),
                next_attempt_at = a.next_attempt_at, delivered = a.delivered
            FROM attempt AS a WHERE d.notification_uuid = a.notification_uuid AND d.url = a.url
            """
        _ = try await writer.run { [logger] connection in
            try BoundedWait.value(of: connection.query(query, logger: logger), closing: connection)
        }
    }

    public func nextDueTime() async throws -> Int64? {
        try await writer.run { [logger] connection in
            try BoundedWait.value(
                of: connection.query("SELECT MIN(next_attempt_at) FROM delivery WHERE next_attempt_at IS NOT NULL", logger: logger),
                closing: connection
            ).first?.decode(Int64?.self) ?? nil
        }
    }

    public func history(_ query: NotificationHistoryQuery) throws -> NotificationHistoryPage {
        if let subscriptions = query.subscriptionIds, subscriptions.isEmpty { return NotificationHistoryPage(items: [], hasMore: false) }
        var bindings = PostgresBindings()
        func bind(_ value: some PostgresDynamicTypeEncodable) -> String {
            bindings.append(value)
            return "$\(bindings.count)"
        }
        var conditions = ["n.signed_date >= \(bind(query.startDate))", "n.signed_date < \(bind(query.endDate))"]
        if let type = query.notificationType { conditions.append("n.notification_type = \(bind(type))") }
        if let subtype = query.subtype { conditions.append("n.subtype = \(bind(subtype))") }
        if let subscriptions = query.subscriptionIds {
            var ids = PostgresArrayColumn(.text, capacity: subscriptions.count)
            for id in subscriptions { ids.append(id) }
            conditions.append("n.subscription_id = ANY(\(bind(ids)))")
        }
        if query.onlyFailures {
            conditions.append("NOT EXISTS (SELECT 1 FROM delivery AS d WHERE d.notification_uuid = n.uuid AND d.delivered)")
        }
        if let after = query.after {
            let date = bind(after.signedDate)
            conditions.append("(n.signed_date > \(date) OR (n.signed_date = \(date) AND n.uuid COLLATE \"C\" > \(bind(after.uuid))))")
        }
        let sql = """
            SELECT n.uuid, n.signed_date, n.signed_payload FROM notification AS n
            WHERE \(conditions.joined(separator: " AND "))
            ORDER BY n.signed_date, n.uuid COLLATE "C" LIMIT \(bind(Int64(query.limit + 1)))
            """
        let page = PostgresQuery(unsafeSQL: sql, binds: bindings)
        return try reader.runBlocking { [logger] connection in
            let rows = try BoundedWait.value(of: connection.query(page, logger: logger), closing: connection).map { row in
                try row.decode((String, Int64, String).self)
            }
            let items = Array(rows.prefix(query.limit))
            let attempts = try Self.attempts(of: items.map(\.0), connection: connection, logger: logger)
            return NotificationHistoryPage(
                items: items.map { NotificationHistoryEntry(uuid: $0.0, signedDate: $0.1, signedPayload: $0.2, attempts: attempts[$0.0] ?? []) },
                hasMore: rows.count > query.limit)
        }
    }

    public func notification(uuid: String) throws -> NotificationHistoryEntry? {
        try reader.runBlocking { [logger] connection in
            guard let row = try BoundedWait.value(
                of: connection.query("SELECT uuid, signed_date, signed_payload FROM notification WHERE uuid = \(uuid)", logger: logger),
                closing: connection
            ).first else { return nil }
            let (found, signedDate, payload) = try row.decode((String, Int64, String).self)
            let attempts = try Self.attempts(of: [found], connection: connection, logger: logger)
            return NotificationHistoryEntry(uuid: found, signedDate: signedDate, signedPayload: payload, attempts: attempts[found] ?? [])
        }
    }

    /// The send attempts of notifications, in the order they were made, by notification.
    private static func attempts(of uuids: [String], connection: PostgresConnection, logger: Logger) throws -> [String: [SendAttemptRecord]] {
        guard !uuids.isEmpty else { return [:] }
        var ids = PostgresArrayColumn(.text, capacity: uuids.count)
        for uuid in uuids { ids.append(uuid) }
        var attempts: [String: [SendAttemptRecord]] = [:]
        let rows = try BoundedWait.value(
            of: connection.query("""
                SELECT notification_uuid, attempted_at, result, url, http_status FROM send_attempt
                WHERE notification_uuid = ANY(\(ids)) ORDER BY id
                """, logger: logger),
            closing: connection)
        for row in rows {
            let (uuid, attemptedAt, result, url, status) = try row.decode((String, Int64, String, String, Int?).self)
            attempts[uuid, default: []].append(SendAttemptRecord(attemptedAt: attemptedAt, result: result, url: url, httpStatus: status))
        }
        return attempts
    }
}
