/// A notification as the notifier stored it.
public struct StoredNotification: Sendable, Hashable {
    /// `notificationUUID`.
    public var uuid: String
    /// Apple's `notificationType`, e.g. `SUBSCRIBED`.
    public var notificationType: String
    /// Apple's `subtype`; nil when none.
    public var subtype: String?
    /// The subscription (`originalTransactionId`); empty for a summary or a test.
    public var subscriptionId: String
    /// `signedDate`, ms since 1970.
    public var signedDate: Int64
    /// The compact JWS sent, unchanged on every retry.
    public var signedPayload: String

    /// A notification.
    public init(uuid: String, notificationType: String, subtype: String?, subscriptionId: String, signedDate: Int64, signedPayload: String) {
        self.uuid = uuid
        self.notificationType = notificationType
        self.subtype = subtype
        self.subscriptionId = subscriptionId
        self.signedDate = signedDate
        self.signedPayload = signedPayload
    }
}

/// A delivery whose next attempt is due.
public struct DueDelivery: Sendable, Hashable {
    public var notificationUUID: String
    public var url: String
    /// Attempts made so far.
    public var attempts: Int
    /// When the first attempt was made (ms); nil before it.
    public var firstAttemptAt: Int64?
    /// When this attempt is due (ms).
    public var dueAt: Int64
    public var signedPayload: String

    /// A due delivery.
    public init(notificationUUID: String, url: String, attempts: Int, firstAttemptAt: Int64?, dueAt: Int64, signedPayload: String) {
        self.notificationUUID = notificationUUID
        self.url = url
        self.attempts = attempts
        self.firstAttemptAt = firstAttemptAt
        self.dueAt = dueAt
        self.signedPayload = signedPayload
    }
}

/// One attempt of a delivery, to record: `nextAttemptAt` nil ends the delivery (delivered or
/// given up).
public struct DeliveryAttempt: Sendable, Hashable {
    public var delivery: DueDelivery
    /// ms since 1970 (the test clock's time under CLOCK=manual).
    public var attemptedAt: Int64
    /// Apple's `sendAttemptResult`.
    public var result: String
    /// The receiver's HTTP status, when it answered.
    public var httpStatus: Int?
    /// When the next attempt is due (ms); nil when there is none.
    public var nextAttemptAt: Int64?

    /// An attempt.
    public init(delivery: DueDelivery, attemptedAt: Int64, result: String, httpStatus: Int?, nextAttemptAt: Int64?) {
        self.delivery = delivery
        self.attemptedAt = attemptedAt
        self.result = result
        self.httpStatus = httpStatus
        self.nextAttemptAt = nextAttemptAt
    }
}

/// One attempt as recorded.
public struct SendAttemptRecord: Sendable, Hashable {
    /// ms since 1970 (the test clock's time under CLOCK=manual).
    public var attemptedAt: Int64
    /// Apple's `sendAttemptResult`.
    public var result: String
    public var url: String
    /// The receiver's HTTP status, when it answered.
    public var httpStatus: Int?

    /// A recorded attempt.
    public init(attemptedAt: Int64, result: String, url: String, httpStatus: Int?) {
        self.attemptedAt = attemptedAt
        self.result = result
        self.url = url
        self.httpStatus = httpStatus
    }
}

/// A notification with its attempts, oldest first.
public struct NotificationHistoryEntry: Sendable, Hashable {
    public var uuid: String
    public var signedDate: Int64
    public var signedPayload: String
    public var attempts: [SendAttemptRecord]

    /// A notification with its attempts.
    public init(uuid: String, signedDate: Int64, signedPayload: String, attempts: [SendAttemptRecord]) {
        self.uuid = uuid
        self.signedDate = signedDate
        self.signedPayload = signedPayload
        self.attempts = attempts
    }
}

/// What a history page asks for. Times are ms since 1970; `after` is the position of the last
/// item of the previous page.
public struct NotificationHistoryQuery: Sendable, Hashable {
    public var startDate: Int64
    public var endDate: Int64
    public var notificationType: String?
    public var subtype: String?
    /// Only these subscriptions' notifications; nil = everybody's.
    public var subscriptionIds: [String]?
    public var onlyFailures: Bool
    public var after: HistoryPosition?
    public var limit: Int

    /// A query.
    public init(
        startDate: Int64, endDate: Int64, notificationType: String? = nil, subtype: String? = nil,
        subscriptionIds: [String]? = nil, onlyFailures: Bool = false, after: HistoryPosition? = nil,
        limit: Int = 20
    ) {
        self.startDate = startDate
        self.endDate = endDate
        self.notificationType = notificationType
        self.subtype = subtype
        self.subscriptionIds = subscriptionIds
        self.onlyFailures = onlyFailures
        self.limit = limit
        self.after = after
    }
}

/// Where a history page ended: its last notification's signed date and uuid.
public struct HistoryPosition: Sendable, Hashable {
    public var signedDate: Int64
    public var uuid: String

    public init(signedDate: Int64, uuid: String) {
        self.signedDate = signedDate
        self.uuid = uuid
    }
}

/// One page of the history.
public struct NotificationHistoryPage: Sendable, Hashable {
    public var items: [NotificationHistoryEntry]
    public var hasMore: Bool

    /// A page.
    public init(items: [NotificationHistoryEntry], hasMore: Bool) {
        self.items = items
        self.hasMore = hasMore
    }
}
