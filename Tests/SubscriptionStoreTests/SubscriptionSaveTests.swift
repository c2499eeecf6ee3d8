import Foundation
import GRDB
import Testing

@testable import SubscriptionStore

/// How ``StoreTransaction/putSubscription(_:id:customerId:groupId:productId:dueAt:clockId:)``
/// chooses between inserting and updating: a subscription just looked up and not found is
/// inserted straight away; any other save updates, and inserts when nothing was there.
@Suite("Subscription saves")
struct SubscriptionSaveTests {
    private let database: SubscriptionDatabase

    init() throws {
        database = try SubscriptionDatabase(path: temporaryDatabasePath())
    }

    private static func put(_ body: String, id: String, in transaction: StoreTransaction) throws {
        try transaction.putSubscription(
            Data(body.utf8), id: id, customerId: "c-\(id)", groupId: "g", productId: "p", dueAt: nil, clockId: nil)
    }

    private static func body(_ id: String, in transaction: StoreTransaction) throws -> String? {
        try transaction.subscription(id).map { String(decoding: $0, as: UTF8.self) }
    }

    @Test("a new subscription looked up first is inserted once; saved again it is updated, not inserted twice")
    func newThenUpdated() async throws {
        try await database.write { transaction in
            #expect(try Self.body("a", in: transaction) == nil)
            try Self.put("first", id: "a", in: transaction)
            #expect(try Self.body("a", in: transaction) == "first")
            try Self.put("second", id: "a", in: transaction)
            try Self.put("third", id: "a", in: transaction)
            #expect(try Self.body("a", in: transaction) == "third")
        }
        let count = try await database.read { transaction in
            try Int.fetchOne(transaction.database, sql: "SELECT COUNT(*) FROM subscription WHERE id = 'a'")
        }
        #expect(count == 1)
    }

    @Test("a lookup that missed another id, or none at all, still inserts a new subscription and updates an old one")
    func otherIds() async throws {
        try await database.write { transaction in
            // Saved without a lookup: the update finds nothing, then it is inserted.
            try Self.put("x1", id: "x", in: transaction)
            // A miss for "y", then a save of "z": "z" is inserted, and the miss is forgotten.
            #expect(try Self.body("y", in: transaction) == nil)
            try Self.put("z1", id: "z", in: transaction)
            try Self.put("y1", id: "y", in: transaction)
            // A miss for "w", then a save of the existing "x": updated, not inserted.
            #expect(try Self.body("w", in: transaction) == nil)
            try Self.put("x2", id: "x", in: transaction)
            #expect(try Self.body("x", in: transaction) == "x2")
            #expect(try Self.body("y", in: transaction) == "y1")
            #expect(try Self.body("z", in: transaction) == "z1")
        }
    }

    @Test("a rolled-back delete brings a subscription back: a miss inside the savepoint does not make its next save an insert")
    func rolledBackDelete() async throws {
        try await database.write { transaction in
            try Self.put("kept", id: "k", in: transaction)
            try transaction.rollingBack {
                try transaction.database.execute(sql: "DELETE FROM subscription WHERE id = 'k'")
                #expect(try Self.body("k", in: transaction) == nil)
            }
            // The row is back; saving it must update it, not fail on its primary key.
            try Self.put("updated", id: "k", in: transaction)
            #expect(try Self.body("k", in: transaction) == "updated")
        }
    }
}
