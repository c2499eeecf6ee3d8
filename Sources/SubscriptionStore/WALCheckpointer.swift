import Dispatch
import Foundation
import GRDB
import GRDBSQLite
import Synchronization

/// Copies the write-ahead log into the database file beside the writer, so that a commit never
/// waits for a checkpoint (docs/consumer.md, "Checkpoints").
///
/// SQLite's automatic checkpoint runs inside the commit that crosses its threshold: that commit
/// (and every command waiting on it) waits while tens of megabytes are copied and synced, which
/// showed as a latency spike every second or so at 1,000 commands/s. Instead, the writer
/// connection's WAL hook (``install(on:)``) only notes the log's size after each commit, and
/// from ``backgroundPages`` on asks for a `PASSIVE` checkpoint on a connection of this type's
/// own, run on a dispatch queue of its own (never the cooperative pool). A passive checkpoint
/// takes no lock the writer needs: commits go on while it copies. Past twice
/// ``backgroundPages``, where a writer that pauses would have let the log restart already, the
/// next pass waits until another ``backgroundPages`` pages were logged: a page rewritten by many
/// commits in between (an index leaf) is then copied and synced once, not once per pass.
///
/// The log restarts from its beginning only when a checkpoint has copied all of it before the
/// writer's next transaction begins, which a writer busy without pause may never allow. So at
/// ``inlinePages`` the writer checkpoints inline after its commit, as SQLite would have: by then
/// the background has copied most of the log (from ``inlinePages`` − ``backgroundPages`` on,
/// its passes follow each other without waiting) and the inline pass copies what is left, so
/// the log stays bounded (about ``inlinePages`` pages) under any load.
///
/// Durability is SQLite's either way: the checkpointing connection runs `synchronous = FULL`,
/// so the database file is synced before the log is reused.
final class WALCheckpointer: Sendable {
    /// Log size (pages) from which a commit asks for a background checkpoint.
    let backgroundPages: Int
    /// Log size (pages) from which the writer checkpoints inline after its commit.
    let inlinePages: Int
    private let path: String
    private let queue = DispatchQueue(label: "subscriptions.wal-checkpointer")
    /// The checkpointing connection, opened on first use (the file exists by then).
    private let connection = Mutex<DatabaseQueue?>(nil)
    /// A background checkpoint is queued or running.
    private let requested = Atomic<Bool>(false)
    private let counters = Mutex(Counters())

    /// What the checkpointer did, for tests and the storage tool.
    struct Counters: Sendable, Equatable {
        var background = 0
        var inline = 0
        var failed = 0
        /// The largest log seen after a commit, in pages.
        var largestLog = 0
        /// The log after the latest commit, in pages (small again once the log restarted).
        var latestLog = 0
        /// Background passes asked for, and the log (pages) at the latest ask (0 once the log
        /// restarted: the next pass is counted from the log's beginning).
        var requests = 0
        var latestRequestLog = 0
        /// Pages logged by all commits, and how many times the log restarted.
        var loggedPages = 0
        var restarts = 0
    }

    init(path: String, backgroundPages: Int = 2_000, inlinePages: Int = 16_000) {
        self.path = path
        self.backgroundPages = backgroundPages
        self.inlinePages = max(inlinePages, backgroundPages)
    }

    var statistics: Counters { counters.withLock { $0 } }

    /// Makes `database` (the writer connection) report its log size after each commit instead
    /// of checkpointing every 1,000 pages. The hook's context is this checkpointer, unretained:
    /// ``SubscriptionDatabase`` keeps it alive longer than its connections.
    func install(on database: Database) {
        guard let handle = database.sqliteConnection else { return }
        let context = Unmanaged.passUnretained(self).toOpaque()
        sqlite3_wal_hook(handle, { context, connection, name, pages in
            guard let context else { return SQLITE_OK }
            Unmanaged<WALCheckpointer>.fromOpaque(context).takeUnretainedValue()
                .committed(logPages: Int(pages), connection: connection, name: name)
            return SQLITE_OK
        }, context)
    }

    /// Called by the writer right after a commit, with the log's size in pages.
    private func committed(logPages: Int, connection: OpaquePointer?, name: UnsafePointer<CChar>?) {
        let previousRequest = counters.withLock {
            if logPages < $0.latestLog {
                $0.restarts += 1
                $0.loggedPages += logPages
                $0.latestRequestLog = 0
            } else {
                $0.loggedPages += logPages - $0.latestLog
            }
            $0.largestLog = max($0.largestLog, logPages)
            $0.latestLog = logPages
            return $0.latestRequestLog
        }
        if logPages >= inlinePages {
            // SQLITE_BUSY when the background pass holds the checkpoint lock: the next commit
            // tries again. Anything else is reported by the next checkpoint as well.
            let code = sqlite3_wal_checkpoint_v2(connection, name, SQLITE_CHECKPOINT_PASSIVE, nil, nil)
            if code != SQLITE_BUSY {
                counters.withLock { counters in
                    if code == SQLITE_OK {
                        counters.inline += 1
                    } else {
                        counters.failed += 1
                    }
                }
            }
        } else if logPages >= backgroundPages, backgroundPassDue(logPages: logPages, previousRequest: previousRequest),
            !requested.exchange(true, ordering: .acquiringAndReleasing)
        {
            counters.withLock {
                $0.requests += 1
                $0.latestRequestLog = logPages
            }
            queue.async { self.checkpointInBackground() }
        }
    }

    /// Whether another background pass is due at a log of `logPages` (at least
    /// ``backgroundPages``), the previous one asked for at `previousRequest` pages:
    /// - under twice ``backgroundPages``, at every commit: a writer that pauses between batches
    ///   lets one of these short passes copy the whole log, and the log restarts near
    ///   ``backgroundPages`` (spaced passes never caught up at an offered 1,000 commands/s, and the
    ///   log grew to 14,000 pages instead of 2,600);
    /// - past that, once ``backgroundPages`` more pages were logged since the previous request
    ///   (or the log's restart):
    ///   a writer that has not paused by then will not let the log restart before the inline
    ///   limit, and passes back to back copied each batch's index leaves again and synced the
    ///   file each time (at 500 commands in flight, a pass every ~400 commands);
    /// - from ``inlinePages`` − ``backgroundPages`` on, at every commit again, so that the inline
    ///   pass finds little left.
    private func backgroundPassDue(logPages: Int, previousRequest: Int) -> Bool {
        logPages < 2 * backgroundPages || logPages - previousRequest >= backgroundPages
            || logPages >= inlinePages - backgroundPages
    }

    /// How many times a background pass tries a checkpoint that finds a lock taken.
    private static let busyAttempts = 5

    private func checkpointInBackground() {
        requested.store(false, ordering: .releasing)
        // A passive checkpoint does not wait: it answers SQLITE_BUSY when a lock it needs is
        // held for an instant by the writer (the store's tests saw it about once in 20 runs,
        // and counted a failure). This queue is the writer's helper, not its path: it tries
        // again a few times, a millisecond apart, before counting a failure.
        for attempt in 1...Self.busyAttempts {
            do {
                try checkpointPassively()
                counters.withLock { $0.background += 1 }
                return
            } catch let error as DatabaseError where error.resultCode == .SQLITE_BUSY && attempt < Self.busyAttempts {
                Thread.sleep(forTimeInterval: 0.001)
            } catch {
                // A locked or full disk: the writer's inline checkpoint still bounds the log.
                counters.withLock { $0.failed += 1 }
                return
            }
        }
    }

    /// One passive checkpoint on the checkpointer's own connection (opened on first use).
    private func checkpointPassively() throws {
        let database = try connection.withLock { connection in
            if let connection { return connection }
            var configuration = Configuration()
            configuration.label = "subscriptions.checkpointer"
            configuration.prepareDatabase { try $0.execute(sql: "PRAGMA synchronous = FULL") }
            let opened = try DatabaseQueue(path: path, configuration: configuration)
            connection = opened
            return opened
        }
        try database.writeWithoutTransaction { _ = try $0.checkpoint(.passive) }
    }

    /// Waits for a queued background checkpoint to finish (tests, shutdown).
    func drain() {
        queue.sync {}
    }

    /// Closes the checkpointing connection (after the writer's connections are closed).
    func close() {
        queue.sync {
            connection.withLock { connection in
                try? connection?.close()
                connection = nil
            }
        }
    }
}
