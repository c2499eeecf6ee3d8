import Foundation
import GRDB

extension StoreTransaction {
    /// The reply stored when `commandId` was first processed, or nil if it never was.
    public func processedReply(commandId: String) throws -> Data? {
        try Data.fetchOne(statement("SELECT reply FROM processed_command WHERE command_id = ?"), arguments: [commandId])
    }

    /// Records that `commandId` was processed and what was answered, so a redelivery or a
    /// replay returns the same reply and changes nothing.
    public func recordProcessed(commandId: String, method: String, reply: Data, at date: Date) throws {
        try statement("INSERT INTO processed_command (command_id, method, reply, processed_at) VALUES (?, ?, ?, ?)")
            .execute(arguments: [commandId, method, reply, Self.milliseconds(date)])
    }

    /// The number of processed commands (for tests and metrics).
    public func processedCommandCount() throws -> Int {
        try Int.fetchOne(database, sql: "SELECT COUNT(*) FROM processed_command") ?? 0
    }
}

extension StoreTransaction {
    /// Every processed command id (audits, e.g. `subscriptions-load chaos`).
    public func processedCommandIds() throws -> [String] {
        try String.fetchAll(database, sql: "SELECT command_id FROM processed_command")
    }
}
