import Foundation
import GRDB

/// The consumer's retention messaging tables (docs/retention-messaging.md): documents by kind
/// and key (images, messages, default messages, real-time URLs, performance tests), opaque
/// bodies in the caller's encoding. Both stores implement it in the same transaction as the
/// rest of the consumer's state (``ConsumerStoreTransaction``), so a command's configuration
/// change commits with its processed-command record.
public protocol MessagingStoreTransaction: AnyObject {
    /// The document of `kind` under `key`, or nil.
    func messagingDocument(kind: String, key: String) throws -> Data?
    /// Every document of `kind`, ordered by key.
    func messagingDocuments(kind: String) throws -> [(key: String, body: Data)]
    /// Inserts or replaces a document.
    func putMessagingDocument(_ body: Data, kind: String, key: String) throws
    /// Deletes a document; whether there was one.
    @discardableResult
    func deleteMessagingDocument(kind: String, key: String) throws -> Bool
    /// How many documents of `kind` there are.
    func messagingDocumentCount(kind: String) throws -> Int
}

extension StoreTransaction: MessagingStoreTransaction {
    public func messagingDocument(kind: String, key: String) throws -> Data? {
        try Data.fetchOne(statement("SELECT body FROM messaging_document WHERE kind = ? AND key = ?"), arguments: [kind, key])
    }

    public func messagingDocuments(kind: String) throws -> [(key: String, body: Data)] {
        try Row.fetchAll(statement("SELECT key, body FROM messaging_document WHERE kind = ? ORDER BY key"), arguments: [kind])
            .map { (key: $0[0], body: $0[1]) }
    }

    public func putMessagingDocument(_ body: Data, kind: String, key: String) throws {
        try statement("INSERT OR REPLACE INTO messaging_document (kind, key, body) VALUES (?, ?, ?)")
            .execute(arguments: [kind, key, body])
    }

    @discardableResult
    public func deleteMessagingDocument(kind: String, key: String) throws -> Bool {
        try statement("DELETE FROM messaging_document WHERE kind = ? AND key = ?").execute(arguments: [kind, key])
        return database.changesCount > 0
    }

    public func messagingDocumentCount(kind: String) throws -> Int {
        try Int.fetchOne(statement("SELECT COUNT(*) FROM messaging_document WHERE kind = ?"), arguments: [kind]) ?? 0
    }
}
