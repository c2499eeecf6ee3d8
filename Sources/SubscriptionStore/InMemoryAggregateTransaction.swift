import Foundation

/// An ``AggregateTransaction`` held in memory, for unit tests of pure logic and for replaying
/// scenarios without SQLite. Not thread-safe: one test, one instance.
public final class InMemoryAggregateTransaction: AggregateTransaction {
    private struct Row {
        var body: Data
        var customerId = ""
        var groupId = ""
        var productId: String
        var dueAt: Int64?
    }

    private var subscriptions: [String: Row] = [:]
    private var massExtensions: [String: Row] = [:]
    private var history: [String: [Int: (transactionId: String, body: Data)]] = [:]
    private var results: [String: [String: Data]] = [:]

    /// An empty store.
    public init() {}

    public func subscription(_ id: String) throws -> Data? { subscriptions[id]?.body }

    public func putSubscription(
        _ body: Data, id: String, customerId: String, groupId: String, productId: String, dueAt: Int64?
    ) throws {
        subscriptions[id] = Row(body: body, customerId: customerId, groupId: groupId, productId: productId, dueAt: dueAt)
    }

    public func subscriptionIds(customerId: String, groupId: String) throws -> [String] {
        subscriptions.filter { $0.value.customerId == customerId && $0.value.groupId == groupId }.map(\.key).sorted()
    }

    public func subscriptionIds(customerId: String) throws -> [String] {
        subscriptions.filter { $0.value.customerId == customerId }.map(\.key).sorted()
    }

    public func subscriptionIds(productId: String, from firstId: String, limit: Int) throws -> [String] {
        Array(subscriptions.filter { $0.value.productId == productId && $0.key >= firstId }.map(\.key).sorted().prefix(limit))
    }

    public func dueSubscriptionIds(atOrBefore dueAt: Int64, limit: Int) throws -> [String] {
        Self.due(subscriptions, atOrBefore: dueAt, limit: limit)
    }

    public func earliestSubscriptionDue() throws -> Int64? { subscriptions.values.compactMap(\.dueAt).min() }

    public func putTransaction(_ body: Data, subscriptionId: String, position: Int, transactionId: String) throws {
        history[subscriptionId, default: [:]][position] = (transactionId, body)
    }

    public func transactions(subscriptionId: String) throws -> [Data] {
        (history[subscriptionId] ?? [:]).sorted { $0.key < $1.key }.map(\.value.body)
    }

    public func containsTransaction(_ transactionId: String, subscriptionId: String) throws -> Bool {
        history[subscriptionId]?.values.contains { $0.transactionId == transactionId } ?? false
    }

    public func requestResult(key: String, subscriptionId: String) throws -> Data? { results[subscriptionId]?[key] }

    public func putRequestResult(_ body: Data, key: String, subscriptionId: String) throws {
        results[subscriptionId, default: [:]][key] = body
    }

    public func massExtension(_ id: String) throws -> Data? { massExtensions[id]?.body }

    public func putMassExtension(_ body: Data, id: String, productId: String, dueAt: Int64?) throws {
        massExtensions[id] = Row(body: body, productId: productId, dueAt: dueAt)
    }

    public func dueMassExtensionIds(atOrBefore dueAt: Int64, limit: Int) throws -> [String] {
        Self.due(massExtensions, atOrBefore: dueAt, limit: limit)
    }

    public func earliestMassExtensionDue() throws -> Int64? { massExtensions.values.compactMap(\.dueAt).min() }

    private static func due(_ rows: [String: Row], atOrBefore dueAt: Int64, limit: Int) -> [String] {
        rows.compactMap { id, row -> (Int64, String)? in
            guard let due = row.dueAt, due <= dueAt else { return nil }
            return (due, id)
        }
        .sorted { $0.0 != $1.0 ? $0.0 < $1.0 : $0.1 < $1.1 }
        .prefix(limit)
        .map(\.1)
    }
}
