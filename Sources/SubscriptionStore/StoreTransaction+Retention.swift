import Foundation
import GRDB

extension StoreTransaction {
    /// Deletes at most `limit` processed-command records processed before `horizon`, oldest
    /// first (through the `processed_command_age` index); returns how many it deleted.
    ///
    /// A command whose record is gone is no longer recognised as a replay: replay protection
    /// holds within the retention window (docs/consumer.md, "Storage and retention").
    public func pruneProcessedCommands(before horizon: Date, limit: Int) throws -> Int {
        try statement("""
            DELETE FROM processed_command WHERE command_id IN (
                SELECT command_id FROM processed_command WHERE processed_at < ? ORDER BY processed_at LIMIT ?)
            """).execute(arguments: [Self.milliseconds(horizon), limit])
        return database.changesCount
    }

    /// Rows per table and the file's pages: what the database holds (the storage tool, tests).
    public func storageStatistics() throws -> StorageStatistics {
        var rows: [String: Int] = [:]
        for table in StorageStatistics.tables {
            rows[table] = try Int.fetchOne(database, sql: "SELECT COUNT(*) FROM \(table)") ?? 0
        }
        let pageSize = try Int.fetchOne(database, sql: "PRAGMA page_size") ?? 0
        let pages = try Int.fetchOne(database, sql: "PRAGMA page_count") ?? 0
        let free = try Int.fetchOne(database, sql: "PRAGMA freelist_count") ?? 0
        return StorageStatistics(rows: rows, pageSize: pageSize, pageCount: pages, freePages: free)
    }
}

/// What the database holds: rows per table and its size in pages.
public struct StorageStatistics: Sendable, Equatable {
    /// The tables counted, in the order they are printed.
    public static let tables = [
        "subscription", "transaction_history", "request_result", "mass_extension", "processed_command", "outbox", "setting",
    ]

    /// Rows per table.
    public var rows: [String: Int]
    /// SQLite's page size in bytes.
    public var pageSize: Int
    /// Pages in the main database file (free pages included).
    public var pageCount: Int
    /// Pages free for reuse (left by deletions; the file does not shrink without `VACUUM`).
    public var freePages: Int

    /// Bytes of the main database file (after a checkpoint; the WAL is separate).
    public var bytes: Int { pageSize * pageCount }
    /// Bytes in use (free pages left out).
    public var usedBytes: Int { pageSize * (pageCount - freePages) }
}
