import Foundation
import GRDB
import SubscriptionStore

/// The notifier's own SQLite file (GRDB, WAL), apart from the consumer's state so that
/// deliveries never contend with the command path: every App Store Server Notification sent
/// (its signed payload), one delivery per notification URL with its retry schedule, and
/// every send attempt with its result (docs/notifications.md).
public final class NotificationDatabase: Sendable {
    private let pool: DatabasePool

    /// Opens (and creates or migrates) the database at `path`.
    public init(path: String) throws(StoreError) {
        var configuration = Configuration()
        configuration.busyMode = .timeout(5)
        configuration.label = "notifications"
        do {
            // Synced commits: the notifier acks an event right after storing its notification, and
            // one rolled back by a power loss would never be sent.
            pool = try DatabasePool.durable(path: path, configuration: configuration, migrator: NotificationSchema.migrator)
        } catch {
            throw StoreError(.cannotOpen, "cannot open the notifications database at \(path): \(error)")
        }
    }

    /// The writer connection's `PRAGMA synchronous` (2 = FULL), for tests of durability.
    public func writerSynchronousMode() async throws -> Int {
        try await pool.writerSynchronousMode()
    }

    /// Stores a notification and a pending delivery to each URL, first attempt due at
    /// `firstAttemptAt` (ms). A notification stored before (a redelivered event) is left as it is.
    /// - Returns: whether the notification is new.
    @discardableResult
    public func insert(_ notification: StoredNotification, urls: [String], firstAttemptAt: Int64) async throws -> Bool {
        try await insert([notification], urls: urls, firstAttemptAt: firstAttemptAt) == 1
    }

    /// Stores notifications, each with a pending delivery to each URL, in one transaction: one
    /// synced commit for a run of events instead of one each (docs/notifications.md). A
    /// notification stored before (a redelivered event, or the same event twice in the run) is
    /// left as it is.
    /// - Returns: how many were new.
    @discardableResult
    public func insert(_ notifications: [StoredNotification], urls: [String], firstAttemptAt: Int64) async throws -> Int {
        guard !notifications.isEmpty else { return 0 }
        return try await pool.write { database in
            let insertNotification = try database.cachedStatement(
                sql: """
                    INSERT OR IGNORE INTO notification
                        (uuid, notification_type, subtype, subscription_id, signed_date, signed_payload)
                    VALUES (?, ?, ?, ?, ?, ?)
                    """)
            let insertDelivery = try database.cachedStatement(
                sql: "INSERT INTO delivery (notification_uuid, url, next_attempt_at, attempts) VALUES (?, ?, ?, 0)")
            var new = 0
            for notification in notifications {
                try insertNotification.execute(arguments: [
                    notification.uuid, notification.notificationType, notification.subtype, notification.subscriptionId,
                    notification.signedDate, notification.signedPayload,
                ])
                guard database.changesCount > 0 else { continue }
                new += 1
                for url in urls {
                    try insertDelivery.execute(arguments: [notification.uuid, url, firstAttemptAt])
                }
            }
            return new
        }
    }

    /// Deliveries due at `now` (ms), most overdue first.
    public func dueDeliveries(at now: Int64, limit: Int) async throws -> [DueDelivery] {
        try await pool.read { database in
            try Row.fetchAll(
                database,
                sql: """
                    SELECT d.notification_uuid, d.url, d.attempts, d.first_attempt_at, d.next_attempt_at, n.signed_payload
                    FROM delivery d JOIN notification n ON n.uuid = d.notification_uuid
                    WHERE d.next_attempt_at IS NOT NULL AND d.next_attempt_at <= ?
                    ORDER BY d.next_attempt_at, d.notification_uuid, d.url LIMIT ?
                    """,
                arguments: [now, limit]
            ).map { row in
                DueDelivery(
                    notificationUUID: row[0], url: row[1], attempts: row[2], firstAttemptAt: row[3], dueAt: row[4],
                    signedPayload: row[5])
            }
        }
    }

    /// Records one attempt of a delivery; `nextAttemptAt` nil ends it (delivered or given up).
    public func recordAttempt(
        of delivery: DueDelivery, at attemptedAt: Int64, result: String, httpStatus: Int?, nextAttemptAt: Int64?
    ) async throws {
        try await recordAttempts([
            DeliveryAttempt(delivery: delivery, attemptedAt: attemptedAt, result: result, httpStatus: httpStatus, nextAttemptAt: nextAttemptAt)
        ])
    }

    /// Records attempts (a round of them) in one transaction: one synced commit per round.
    public func recordAttempts(_ attempts: [DeliveryAttempt]) async throws {
        guard !attempts.isEmpty else { return }
        try await pool.write { database in
            let insertAttempt = try database.cachedStatement(
                sql: """
                    INSERT INTO send_attempt (notification_uuid, url, attempted_at, result, http_status)
                    VALUES (?, ?, ?, ?, ?)
                    """)
            let updateDelivery = try database.cachedStatement(
                sql: """
                    UPDATE delivery SET attempts = attempts + 1, first_attempt_at = COALESCE(first_attempt_at, ?),
                        next_attempt_at = ?, delivered = ?
                    WHERE notification_uuid = ? AND url = ?
                    """)
            for attempt in attempts {
                let delivery = attempt.delivery
                try insertAttempt.execute(arguments: [
                    delivery.notificationUUID, delivery.url, attempt.attemptedAt, attempt.result, attempt.httpStatus,
                ])
                try updateDelivery.execute(arguments: [
                    attempt.attemptedAt, attempt.nextAttemptAt, attempt.result == "SUCCESS", delivery.notificationUUID, delivery.url,
                ])
            }
        }
    }

    /// The earliest pending attempt (ms), nil when nothing is pending.
    public func nextDueTime() async throws -> Int64? {
        try await pool.read { database in
            try Int64.fetchOne(database, sql: "SELECT MIN(next_attempt_at) FROM delivery WHERE next_attempt_at IS NOT NULL")
        }
    }

    /// One page of the history, oldest first (see ``NotificationHistoryQuery``). Synchronous: the
    /// consumer answers Get Notification History inside its command transaction, off the
    /// cooperative pool.
    public func history(_ query: NotificationHistoryQuery) throws -> NotificationHistoryPage {
        try pool.read { database in
            var conditions = ["n.signed_date >= ?", "n.signed_date < ?"]
            var arguments: StatementArguments = [query.startDate, query.endDate]
            if let type = query.notificationType {
                conditions.append("n.notification_type = ?")
                arguments += [type]
            }
            if let subtype = query.subtype {
                conditions.append("n.subtype = ?")
                arguments += [subtype]
            }
            if let subscriptions = query.subscriptionIds {
                guard !subscriptions.isEmpty else { return NotificationHistoryPage(items: [], hasMore: false) }
                conditions.append("n.subscription_id IN (\(Array(repeating: "?", count: subscriptions.count).joined(separator: ",")))")
                arguments += StatementArguments(subscriptions)
            }
            if query.onlyFailures {
                conditions.append("NOT EXISTS (SELECT 1 FROM delivery d WHERE d.notification_uuid = n.uuid AND d.delivered)")
            }
            if let after = query.after {
                conditions.append("(n.signed_date > ? OR (n.signed_date = ? AND n.uuid > ?))")
                arguments += [after.signedDate, after.signedDate, after.uuid]
            }
            let rows = try Row.fetchAll(
                database,
                sql: """
                    SELECT n.uuid, n.signed_date, n.signed_payload FROM notification n
                    WHERE \(conditions.joined(separator: " AND "))
                    ORDER BY n.signed_date, n.uuid LIMIT ?
                    """,
                arguments: arguments + [query.limit + 1])
            let items = try rows.prefix(query.limit).map { row in
                let uuid: String = row[0]
                return NotificationHistoryEntry(
                    uuid: uuid, signedDate: row[1], signedPayload: row[2], attempts: try Self.attempts(uuid, in: database))
            }
            return NotificationHistoryPage(items: items, hasMore: rows.count > query.limit)
        }
    }

    /// A notification with its attempts, nil when there is none with `uuid`. Synchronous (see
    /// ``history(_:)``).
    public func notification(uuid: String) throws -> NotificationHistoryEntry? {
        try pool.read { database in
            guard let row = try Row.fetchOne(
                database, sql: "SELECT uuid, signed_date, signed_payload FROM notification WHERE uuid = ?", arguments: [uuid])
            else { return nil }
            return NotificationHistoryEntry(
                uuid: row[0], signedDate: row[1], signedPayload: row[2], attempts: try Self.attempts(uuid, in: database))
        }
    }

    private static func attempts(_ uuid: String, in database: Database) throws -> [SendAttemptRecord] {
        try Row.fetchAll(
            database,
            sql: "SELECT attempted_at, result, url, http_status FROM send_attempt WHERE notification_uuid = ? ORDER BY id",
            arguments: [uuid]
        ).map { SendAttemptRecord(attemptedAt: $0[0], result: $0[1], url: $0[2], httpStatus: $0[3]) }
    }
}

/// The SQLite file is one of the stores the protocol describes (the GRDB-free subset, e.g.
/// scripts/fuzz.sh, compiles the protocol without this file).
extension NotificationDatabase: NotificationStore {}
