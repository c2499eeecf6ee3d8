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
        var clockId: String?
    }

    private var subscriptions: [String: Row] = [:]
    private var massExtensions: [String: Row] = [:]
    private var history: [String: [Int: (transactionId: String, body: Data)]] = [:]
    private var results: [String: [String: Data]] = [:]
    private var clocks: [String: StoredTestClock] = [:]

    /// An empty store.
    public init() {}

    /// One test, one writer.
    public var hasSingleWriter: Bool { true }

    public func subscription(_ id: String) throws -> Data? { subscriptions[id]?.body }

    public func putSubscription(
        _ body: Data, id: String, customerId: String, groupId: String, productId: String, dueAt: Int64?, clockId: String?
    ) throws {
        // The clock is given when the subscription is first stored and never changes.
        let clock = subscriptions[id].map(\.clockId) ?? clockId
        subscriptions[id] = Row(
            body: body, customerId: customerId, groupId: groupId, productId: productId, dueAt: dueAt, clockId: clock)
    }

    public func subscriptionIds(customerId: String, groupId: String, onClock clockId: String?) throws -> [String] {
        subscriptions.filter { $0.value.customerId == customerId && $0.value.groupId == groupId && $0.value.clockId == clockId }
            .map(\.key).sorted()
    }

    public func subscriptionIds(customerId: String, onClock clockId: String?) throws -> [String] {
        subscriptions.filter { $0.value.customerId == customerId && $0.value.clockId == clockId }.map(\.key).sorted()
    }

    public func subscriptionIds(productId: String, onClock clockId: String?, from firstId: String, limit: Int) throws -> [String] {
        Array(
            subscriptions.filter { $0.value.productId == productId && $0.value.clockId == clockId && $0.key >= firstId }
                .map(\.key).sorted().prefix(limit))
    }

    public func dueSubscriptionIds(onClock clockId: String?, atOrBefore dueAt: Int64, limit: Int) throws -> [String] {
        Self.due(subscriptions.filter { $0.value.clockId == clockId }, atOrBefore: dueAt, limit: limit)
    }

    public func earliestSubscriptionDue(onClock clockId: String?) throws -> Int64? {
        subscriptions.values.filter { $0.clockId == clockId }.compactMap(\.dueAt).min()
    }

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

    public func putMassExtension(_ body: Data, id: String, productId: String, dueAt: Int64?, clockId: String?) throws {
        let clock = massExtensions[id].map(\.clockId) ?? clockId
        massExtensions[id] = Row(body: body, productId: productId, dueAt: dueAt, clockId: clock)
    }

    public func dueMassExtensionIds(onClock clockId: String?, atOrBefore dueAt: Int64, limit: Int) throws -> [String] {
        Self.due(massExtensions.filter { $0.value.clockId == clockId }, atOrBefore: dueAt, limit: limit)
    }

    public func earliestMassExtensionDue(onClock clockId: String?) throws -> Int64? {
        massExtensions.values.filter { $0.clockId == clockId }.compactMap(\.dueAt).min()
    }

    public func clock(ofSubscription id: String) throws -> StoredClockMembership? {
        subscriptions[id].map { StoredClockMembership(clockId: $0.clockId) }
    }

    public func hasTestClocks() throws -> Bool { !clocks.isEmpty }

    public func testClock(_ id: String) throws -> StoredTestClock? { clocks[id] }

    public func testClocks() throws -> [StoredTestClock] { clocks.values.sorted { $0.id < $1.id } }

    public func putTestClock(_ clock: StoredTestClock) throws { clocks[clock.id] = clock }

    public func subscriptionCount(onClock clockId: String) throws -> Int {
        subscriptions.values.filter { $0.clockId == clockId }.count
    }

    public func deleteTestClock(_ id: String) throws -> Int {
        let ids = subscriptions.filter { $0.value.clockId == id }.map(\.key)
        for subscriptionId in ids {
            subscriptions[subscriptionId] = nil
            history[subscriptionId] = nil
            results[subscriptionId] = nil
        }
        massExtensions = massExtensions.filter { $0.value.clockId != id }
        clocks[id] = nil
        return ids.count
    }

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
