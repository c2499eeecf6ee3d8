import Foundation
import GRDB

extension StoreTransaction: AggregateTransaction {
    public func subscription(_ id: String) throws -> Data? {
        try Data.fetchOne(statement("SELECT body FROM subscription WHERE id = ?"), arguments: [id])
    }

    public func putSubscription(
        _ body: Data, id: String, customerId: String, groupId: String, productId: String, dueAt: Int64?
    ) throws {
        try statement("""
            INSERT INTO subscription (id, customer_id, group_id, product_id, due_at, body) VALUES (?, ?, ?, ?, ?, ?)
            ON CONFLICT (id) DO UPDATE SET product_id = excluded.product_id, due_at = excluded.due_at, body = excluded.body
            """).execute(arguments: [id, customerId, groupId, productId, dueAt, body])
    }

    public func subscriptionIds(customerId: String, groupId: String) throws -> [String] {
        try String.fetchAll(
            statement("SELECT id FROM subscription WHERE customer_id = ? AND group_id = ? ORDER BY id"),
            arguments: [customerId, groupId])
    }

    public func subscriptionIds(customerId: String) throws -> [String] {
        try String.fetchAll(statement("SELECT id FROM subscription WHERE customer_id = ? ORDER BY id"), arguments: [customerId])
    }

    public func subscriptionIds(productId: String, from firstId: String, limit: Int) throws -> [String] {
        try String.fetchAll(
            // By primary key, skipping other products: a mass extension walks the table once.
            statement("SELECT id FROM subscription WHERE id >= ? AND product_id = ? ORDER BY id LIMIT ?"),
            arguments: [firstId, productId, limit])
    }

    public func dueSubscriptionIds(atOrBefore dueAt: Int64, limit: Int) throws -> [String] {
        try String.fetchAll(
            statement("SELECT id FROM subscription WHERE due_at IS NOT NULL AND due_at <= ? ORDER BY due_at, id LIMIT ?"),
            arguments: [dueAt, limit])
    }

    public func earliestSubscriptionDue() throws -> Int64? {
        try Int64.fetchOne(statement("SELECT MIN(due_at) FROM subscription WHERE due_at IS NOT NULL"))
    }

    public func putTransaction(_ body: Data, subscriptionId: String, position: Int, transactionId: String) throws {
        try statement("""
            INSERT OR REPLACE INTO transaction_history (subscription_id, position, transaction_id, body) VALUES (?, ?, ?, ?)
            """).execute(arguments: [subscriptionId, position, transactionId, body])
    }

    public func transactions(subscriptionId: String) throws -> [Data] {
        try Data.fetchAll(
            statement("SELECT body FROM transaction_history WHERE subscription_id = ? ORDER BY position"),
            arguments: [subscriptionId])
    }

    public func containsTransaction(_ transactionId: String, subscriptionId: String) throws -> Bool {
        try Bool.fetchOne(
            statement("SELECT EXISTS (SELECT 1 FROM transaction_history WHERE subscription_id = ? AND transaction_id = ?)"),
            arguments: [subscriptionId, transactionId]) ?? false
    }

    public func requestResult(key: String, subscriptionId: String) throws -> Data? {
        try Data.fetchOne(
            statement("SELECT body FROM request_result WHERE subscription_id = ? AND key = ?"), arguments: [subscriptionId, key])
    }

    public func putRequestResult(_ body: Data, key: String, subscriptionId: String) throws {
        try statement("INSERT OR REPLACE INTO request_result (subscription_id, key, body) VALUES (?, ?, ?)")
            .execute(arguments: [subscriptionId, key, body])
    }

    public func massExtension(_ id: String) throws -> Data? {
        try Data.fetchOne(statement("SELECT body FROM mass_extension WHERE id = ?"), arguments: [id])
    }

    public func putMassExtension(_ body: Data, id: String, productId: String, dueAt: Int64?) throws {
        try statement("INSERT OR REPLACE INTO mass_extension (id, product_id, due_at, body) VALUES (?, ?, ?, ?)")
            .execute(arguments: [id, productId, dueAt, body])
    }

    public func dueMassExtensionIds(atOrBefore dueAt: Int64, limit: Int) throws -> [String] {
        try String.fetchAll(
            statement("SELECT id FROM mass_extension WHERE due_at IS NOT NULL AND due_at <= ? ORDER BY due_at, id LIMIT ?"),
            arguments: [dueAt, limit])
    }

    public func earliestMassExtensionDue() throws -> Int64? {
        try Int64.fetchOne(statement("SELECT MIN(due_at) FROM mass_extension WHERE due_at IS NOT NULL"))
    }
}
