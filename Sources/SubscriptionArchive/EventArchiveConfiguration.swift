/// How the event archive keeps events (docs/console.md, "The event archive").
public struct EventArchiveConfiguration: Sendable {
    /// The archive's SQLite file (`EVENT_ARCHIVE_DATABASE_PATH`).
    public var databasePath: String
    /// How long an event is kept after it was archived (`EVENT_ARCHIVE_RETENTION_DAYS`), by the
    /// wall clock: the test clock may jump years without emptying the archive.
    public var retention: Duration
    /// How often events older than ``retention`` are deleted.
    public var pruneInterval: Duration
    /// Most events stored in one transaction (a larger handover is stored in one anyway).
    public var batchLimit: Int
    /// How many times a failing transaction is tried before its events are let go unarchived.
    public var attempts: Int
    /// The pause between two attempts.
    public var retryDelay: Duration
    /// How long a wake-up with fewer than a quarter of ``batchLimit`` events waits for more
    /// before storing them: at a few hundred commands/s every batch of the command pipeline
    /// would otherwise cost the archive a transaction and a sync of its own. Zero: no wait.
    public var linger: Duration

    /// A configuration.
    public init(
        databasePath: String, retention: Duration = .seconds(400 * 86_400), pruneInterval: Duration = .seconds(3600),
        batchLimit: Int = 1024, attempts: Int = 5, retryDelay: Duration = .seconds(1), linger: Duration = .milliseconds(25)
    ) {
        self.databasePath = databasePath
        self.retention = retention
        self.pruneInterval = pruneInterval
        self.batchLimit = max(1, batchLimit)
        self.attempts = max(1, attempts)
        self.retryDelay = retryDelay
        self.linger = linger
    }

    /// The archive beside the consumer's database: `subscriptions.sqlite` gives
    /// `subscriptions.archive.sqlite`.
    public static func defaultDatabasePath(besides databasePath: String) -> String {
        databasePath.hasSuffix(".sqlite")
            ? String(databasePath.dropLast(".sqlite".count)) + ".archive.sqlite" : databasePath + ".archive"
    }
}
