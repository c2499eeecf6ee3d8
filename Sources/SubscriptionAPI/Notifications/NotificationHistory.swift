/// One delivery attempt of a notification (`SendAttemptItem`).
public struct SendAttemptItem: Codable, Sendable, Hashable {
    /// When the attempt was made, milliseconds since 1970 (the test clock's time under `CLOCK=manual`).
    public var attemptDate: Int64
    /// `SUCCESS`, `TIMED_OUT`, `UNSUCCESSFUL_HTTP_RESPONSE_CODE`, … (``SendAttemptResult``).
    public var sendAttemptResult: String

    /// An attempt.
    public init(attemptDate: Int64, sendAttemptResult: String) {
        self.attemptDate = attemptDate
        self.sendAttemptResult = sendAttemptResult
    }
}

/// Apple's `sendAttemptResult` values.
public enum SendAttemptResult: String, Codable, Sendable, Hashable, CaseIterable {
    case success = "SUCCESS"
    case timedOut = "TIMED_OUT"
    case tlsIssue = "TLS_ISSUE"
    case circularRedirect = "CIRCULAR_REDIRECT"
    case noResponse = "NO_RESPONSE"
    case socketIssue = "SOCKET_ISSUE"
    case unsupportedCharset = "UNSUPPORTED_CHARSET"
    case invalidResponse = "INVALID_RESPONSE"
    case prematureClose = "PREMATURE_CLOSE"
    case unsuccessfulHTTPResponseCode = "UNSUCCESSFUL_HTTP_RESPONSE_CODE"
    case other = "OTHER"
}

/// One notification in the history (`NotificationHistoryResponseItem`).
public struct NotificationHistoryResponseItem: Codable, Sendable, Hashable {
    /// The signed payload as it was sent.
    public var signedPayload: String
    /// Every attempt, oldest first.
    public var sendAttempts: [SendAttemptItem]

    /// An item.
    public init(signedPayload: String, sendAttempts: [SendAttemptItem]) {
        self.signedPayload = signedPayload
        self.sendAttempts = sendAttempts
    }
}

/// The answer of `POST /inApps/v1/notifications/history`.
public struct NotificationHistoryResponse: Codable, Sendable, Hashable {
    /// Present when ``hasMore``: pass it as `paginationToken` for the next page.
    public var paginationToken: String?
    public var hasMore: Bool
    public var notificationHistory: [NotificationHistoryResponseItem]

    /// A page.
    public init(paginationToken: String?, hasMore: Bool, notificationHistory: [NotificationHistoryResponseItem]) {
        self.paginationToken = paginationToken
        self.hasMore = hasMore
        self.notificationHistory = notificationHistory
    }
}

/// The answer of `POST /inApps/v1/notifications/test`.
public struct SendTestNotificationResponse: Codable, Sendable, Hashable {
    /// Pass it to `GET /inApps/v1/notifications/test/{testNotificationToken}`.
    public var testNotificationToken: String

    /// A response.
    public init(testNotificationToken: String) { self.testNotificationToken = testNotificationToken }
}

/// The answer of `GET /inApps/v1/notifications/test/{testNotificationToken}`.
public struct CheckTestNotificationResponse: Codable, Sendable, Hashable {
    /// The test notification as it was sent.
    public var signedPayload: String
    /// Its attempts so far.
    public var sendAttempts: [SendAttemptItem]

    /// A response.
    public init(signedPayload: String, sendAttempts: [SendAttemptItem]) {
        self.signedPayload = signedPayload
        self.sendAttempts = sendAttempts
    }
}
