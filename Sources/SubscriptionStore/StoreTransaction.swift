import Foundation
import GRDB

/// One SQLite transaction of ``SubscriptionDatabase``: documents with due timers
/// (``DocumentTransaction``), processed commands, the outbox and settings. Valid only inside
/// the `write` or `read` closure that received it.
public final class StoreTransaction {
    let database: Database

    init(database: Database) {
        self.database = database
    }
}

extension StoreTransaction: DocumentTransaction {
    public func document(kind: String, key: String) throws -> Data? {
        try Data.fetchOne(database, sql: "SELECT body FROM document WHERE kind = ? AND key = ?", arguments: [kind, key])
    }

    public func putDocument(_ body: Data, kind: String, key: String, tag: String?, dueAt: Date?) throws {
        try database.execute(
            sql: "INSERT OR REPLACE INTO document (kind, key, body, tag, due_at) VALUES (?, ?, ?, ?, ?)",
            arguments: [kind, key, body, tag, dueAt.map(Self.milliseconds)]
        )
    }

    public func deleteDocument(kind: String, key: String) throws {
        try database.execute(sql: "DELETE FROM document WHERE kind = ? AND key = ?", arguments: [kind, key])
    }

    public func keys(kind: String) throws -> [String] {
        try String.fetchAll(database, sql: "SELECT key FROM document WHERE kind = ? ORDER BY key", arguments: [kind])
    }

    public func keys(kind: String, tag: String) throws -> [String] {
        try String.fetchAll(
            database,
            sql: "SELECT key FROM document WHERE kind = ? AND tag = ? ORDER BY key",
            arguments: [kind, tag]
        )
    }

    public func dueKeys(kind: String, atOrBefore date: Date, limit: Int) throws -> [String] {
        try String.fetchAll(
            database,
            sql: """
                SELECT key FROM document WHERE kind = ? AND due_at IS NOT NULL AND due_at <= ?
                ORDER BY due_at, key LIMIT ?
                """,
            arguments: [kind, Self.milliseconds(date), limit]
        )
    }

    public func earliestDueDate() throws -> Date? {
        try Int64.fetchOne(database, sql: "SELECT MIN(due_at) FROM document WHERE due_at IS NOT NULL")
            .map(Self.date)
    }

    static func milliseconds(_ date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
    }

    static func date(_ milliseconds: Int64) -> Date {
        Date(timeIntervalSince1970: TimeInterval(milliseconds) / 1000)
    }
}
