import Foundation

/// How the notifier delivers App Store Server Notifications V2 (docs/notifications.md).
public struct NotifierConfiguration: Sendable {
    /// Where every notification is POSTed (`NOTIFICATION_URLS`, comma-separated); each URL has
    /// its own delivery and retries.
    public var urls: [URL]
    /// The notifier's SQLite file (`NOTIFICATIONS_DATABASE_PATH`).
    public var databasePath: String
    /// How long one attempt waits for the receiver (`NOTIFICATION_TIMEOUT`).
    public var timeout: Duration
    /// When failed deliveries are tried again.
    public var retrySchedule: RetrySchedule
    /// How often due deliveries are looked for when nothing wakes the notifier earlier.
    public var pollInterval: Duration
    /// Attempts made at once.
    public var concurrency: Int

    /// A configuration.
    public init(
        urls: [URL], databasePath: String, timeout: Duration = .seconds(10), retrySchedule: RetrySchedule = .apple,
        pollInterval: Duration = .milliseconds(250), concurrency: Int = 8
    ) {
        self.urls = urls
        self.databasePath = databasePath
        self.timeout = timeout
        self.retrySchedule = retrySchedule
        self.pollInterval = pollInterval
        self.concurrency = concurrency
    }

    /// The notifications database beside the consumer's: `subscriptions.sqlite` gives
    /// `subscriptions.notifications.sqlite`.
    public static func defaultDatabasePath(besides databasePath: String) -> String {
        databasePath.hasSuffix(".sqlite")
            ? String(databasePath.dropLast(".sqlite".count)) + ".notifications.sqlite" : databasePath + ".notifications"
    }
}
