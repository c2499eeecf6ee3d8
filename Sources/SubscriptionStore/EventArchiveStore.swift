import Foundation

/// Where the event archive keeps the events for the console's timeline (docs/console.md, "The
/// event archive"): ``EventArchiveDatabase`` (a SQLite file beside the consumer's) or, with
/// `DATABASE_URL`, the consumer's PostgreSQL database, which every replica shares.
public protocol EventArchiveStore: Sendable {
    /// Stores `events` in one transaction; an event stored before (same subscription and
    /// sequence: a re-published event) is left as it is. Returns how many were new.
    @discardableResult
    func insert(_ events: [ArchivedEvent]) async throws -> Int

    /// The latest `limit` events of a subscription, by sequence ascending, and whether older
    /// ones were left out. Synchronous: the consumer answers Get Subscription History inside its
    /// command transaction, off the cooperative pool.
    func events(ofSubscription subscriptionId: String, limit: Int) throws -> (events: [ArchivedEvent], truncated: Bool)

    /// Deletes the events archived before `instant` (ms since 1970, wall clock); returns how many.
    @discardableResult
    func prune(archivedBefore instant: Int64) async throws -> Int

    /// How many events the archive holds.
    func count() throws -> Int
}

/// Where the notifier keeps notifications, deliveries and send attempts (docs/notifications.md):
/// ``NotificationDatabase`` (a SQLite file beside the consumer's) or, with `DATABASE_URL`, the
/// consumer's PostgreSQL database, which every replica shares.
public protocol NotificationStore: Sendable {
    /// Stores notifications, each with a pending delivery to each URL, first attempt due at
    /// `firstAttemptAt` (ms), in one transaction; one stored before is left as it is. Returns how
    /// many were new.
    @discardableResult
    func insert(_ notifications: [StoredNotification], urls: [String], firstAttemptAt: Int64) async throws -> Int

    /// Deliveries due at `now` (ms), most overdue first, at most `limit`. A store shared by
    /// several replicas hands each due delivery to one of them at a time.
    func dueDeliveries(at now: Int64, limit: Int) async throws -> [DueDelivery]

    /// Records attempts (a round of them) in one transaction.
    func recordAttempts(_ attempts: [DeliveryAttempt]) async throws

    /// The earliest pending attempt (ms), nil when nothing is pending.
    func nextDueTime() async throws -> Int64?

    /// One page of the history, oldest first. Synchronous (see ``EventArchiveStore/events(ofSubscription:limit:)``).
    func history(_ query: NotificationHistoryQuery) throws -> NotificationHistoryPage

    /// A notification with its attempts, nil when there is none with `uuid`. Synchronous.
    func notification(uuid: String) throws -> NotificationHistoryEntry?
}

extension NotificationStore {
    /// Stores one notification; whether it is new.
    @discardableResult
    public func insert(_ notification: StoredNotification, urls: [String], firstAttemptAt: Int64) async throws -> Bool {
        try await insert([notification], urls: urls, firstAttemptAt: firstAttemptAt) == 1
    }

    /// Records one attempt of a delivery; `nextAttemptAt` nil ends it (delivered or given up).
    public func recordAttempt(
        of delivery: DueDelivery, at attemptedAt: Int64, result: String, httpStatus: Int?, nextAttemptAt: Int64?
    ) async throws {
        try await recordAttempts([
            DeliveryAttempt(delivery: delivery, attemptedAt: attemptedAt, result: result, httpStatus: httpStatus, nextAttemptAt: nextAttemptAt)
        ])
    }
}
