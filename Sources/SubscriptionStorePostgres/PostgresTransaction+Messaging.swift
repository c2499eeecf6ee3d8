import Foundation
import PostgresNIO
import SubscriptionStore

/// The retention messaging tables (docs/retention-messaging.md) on PostgreSQL.
extension PostgresTransaction: MessagingStoreTransaction {
    public func messagingDocument(kind: String, key: String) throws -> Data? {
        try value(Data.self, "SELECT body FROM messaging_document WHERE kind = \(kind) AND key = \(key)")
    }

    public func messagingDocuments(kind: String) throws -> [(key: String, body: Data)] {
        try execute("SELECT key, body FROM messaging_document WHERE kind = \(kind) ORDER BY key").map { row in
            let (key, body) = try row.decode((String, Data).self)
            return (key: key, body: body)
        }
    }

    public func putMessagingDocument(_ body: Data, kind: String, key: String) throws {
        try execute("""
            INSERT INTO messaging_document (kind, key, body) VALUES (\(kind), \(key), \(body))
            ON CONFLICT (kind, key) DO UPDATE SET body = excluded.body
            """)
    }

    @discardableResult
    public func deleteMessagingDocument(kind: String, key: String) throws -> Bool {
        (try execute("DELETE FROM messaging_document WHERE kind = \(kind) AND key = \(key)").metadata.rows ?? 0) > 0
    }

    public func messagingDocumentCount(kind: String) throws -> Int {
        try value(Int.self, "SELECT COUNT(*) FROM messaging_document WHERE kind = \(kind)") ?? 0
    }
}
