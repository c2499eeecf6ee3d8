import Foundation
import GRDB

extension StoreTransaction {
    /// The reply stored when `commandId` was first processed, or nil if it never was.
    public func processedReply(commandId: String) throws -> Data? {
        try firstRow("SELECT reply FROM processed_command WHERE command_id = ?", commandId) { $0.data(0) ?? Data() }
    }

    /// The reply stored when `commandId` was first processed and the digest of that command's
    /// body (nil for commands processed before schema v4), or nil if it never was.
    ///
    /// A keyless command's id (UUID version 7, time-ordered) above every stored one was never
    /// processed: answered without a lookup (``KeyCeiling``). A redelivery, a replay or a keyed
    /// command's id is looked up.
    public func processedCommand(commandId: String) throws -> (reply: Data, digest: Data?)? {
        if try keyCeiling(&processedCommandIdsKnown, greatest: "SELECT MAX(command_id) FROM processed_command").excludes(commandId) {
            return nil
        }
        return try firstRow("SELECT reply, command_digest FROM processed_command WHERE command_id = ?", commandId) {
            (reply: $0.data(0) ?? Data(), digest: $0.data(1))
        }
    }

    /// Records that `commandId` was processed, what was answered and the digest of its body, so
    /// a redelivery or a replay returns the same reply and changes nothing, and the id reused
    /// for another body is refused.
    public func recordProcessed(commandId: String, method: String, reply: Data, at date: Date, digest: Data?) throws {
        try run(
            "INSERT INTO processed_command (command_id, method, reply, processed_at, command_digest) VALUES (?, ?, ?, ?, ?)",
            commandId, method, reply, Self.milliseconds(date), digest)
        processedCommandIdsKnown?.inserted(commandId)
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
