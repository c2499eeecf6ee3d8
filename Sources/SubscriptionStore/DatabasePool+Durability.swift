import Foundation
import GRDB

extension DatabasePool {
    /// Opens the pool of one of the consumer's SQLite files the way all of them are opened: its
    /// directory created, the writer syncing the WAL before every commit returns (`PRAGMA
    /// synchronous = FULL`), then `migrator` run. GRDB's WAL setup leaves the writer at `NORMAL`,
    /// under which the last commits can roll back after an OS crash or a power loss although they
    /// were committed (docs/reliability.md, "Durability of an acked command"); each file's
    /// commits are followed by something that cannot be undone (an ack, an outbox deletion).
    /// The process's SQLite settings are made first (``SQLiteProcessSettings``).
    package static func durable(path: String, configuration: Configuration, migrator: DatabaseMigrator) throws -> DatabasePool {
        _ = SQLiteProcessSettings.memoryStatisticsOff
        let directory = URL(filePath: path).deletingLastPathComponent()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let pool = try DatabasePool(path: path, configuration: configuration)
        // After GRDB's WAL setup, which sets NORMAL on the writer.
        try pool.writeWithoutTransaction { try $0.execute(sql: "PRAGMA synchronous = FULL") }
        try migrator.migrate(pool)
        return pool
    }

    /// The writer connection's `PRAGMA synchronous` (2 = FULL), for tests of durability.
    package func writerSynchronousMode() async throws -> Int {
        try await writeWithoutTransaction { try Int.fetchOne($0, sql: "PRAGMA synchronous") ?? -1 }
    }
}
