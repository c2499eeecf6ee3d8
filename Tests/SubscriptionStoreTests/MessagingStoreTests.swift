import Foundation
import SubscriptionStore
import Testing

private struct Rollback: Error {}

/// The retention messaging documents (docs/retention-messaging.md), on SQLite and PostgreSQL alike.
@Suite("Messaging documents (SQLite and PostgreSQL)")
struct MessagingStoreTests {
    @Test("documents round-trip by kind and key, list in key order, replace, delete and count", arguments: StoreBackend.available)
    func documents(backend: StoreBackend) async throws {
        let database = try await backend.open()
        try await database.write { transaction in
            let messaging = try #require(transaction as? any MessagingStoreTransaction)
            try messaging.putMessagingDocument(Data("b".utf8), kind: "image", key: "b")
            try messaging.putMessagingDocument(Data("a".utf8), kind: "image", key: "a")
            try messaging.putMessagingDocument(Data("m".utf8), kind: "message", key: "a")
            try messaging.putMessagingDocument(Data("a2".utf8), kind: "image", key: "a")
        }
        let (images, message, count, absent) = try await database.read { transaction in
            let messaging = try #require(transaction as? any MessagingStoreTransaction)
            return (
                try messaging.messagingDocuments(kind: "image").map { "\($0.key)=\(String(decoding: $0.body, as: UTF8.self))" },
                try messaging.messagingDocument(kind: "message", key: "a"),
                try messaging.messagingDocumentCount(kind: "image"),
                try messaging.messagingDocument(kind: "message", key: "b"))
        }
        #expect(images == ["a=a2", "b=b"])
        #expect(message == Data("m".utf8))
        #expect(count == 2)
        #expect(absent == nil)
        let (deleted, again) = try await database.write { transaction in
            let messaging = try #require(transaction as? any MessagingStoreTransaction)
            return (
                try messaging.deleteMessagingDocument(kind: "image", key: "a"),
                try messaging.deleteMessagingDocument(kind: "image", key: "a"))
        }
        #expect(deleted && !again)
        #expect(try await database.read { try ($0 as? any MessagingStoreTransaction)?.messagingDocumentCount(kind: "image") } == 1)
    }

    @Test("a rolled-back write leaves the documents as they were", arguments: StoreBackend.available)
    func rollback(backend: StoreBackend) async throws {
        let database = try await backend.open()
        try await database.write { try ($0 as? any MessagingStoreTransaction)?.putMessagingDocument(Data([1]), kind: "url", key: "Sandbox") }
        await #expect(throws: Rollback.self) {
            try await database.write { transaction in
                try (transaction as? any MessagingStoreTransaction)?.putMessagingDocument(Data([2]), kind: "url", key: "Sandbox")
                throw Rollback()
            }
        }
        #expect(try await database.read { try ($0 as? any MessagingStoreTransaction)?.messagingDocument(kind: "url", key: "Sandbox") } == Data([1]))
    }
}
