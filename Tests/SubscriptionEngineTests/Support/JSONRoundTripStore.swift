import Foundation

@testable import SubscriptionEngine

/// An `EngineStore` that keeps every aggregate as JSON bytes, like the consumer's SQLite
/// documents, so tests prove the aggregates survive persistence unchanged.
struct JSONRoundTripStore: EngineStore {
    var inner = InMemoryEngineStore()
    var documents: [String: Data] = [:]

    func subscription(_ originalTransactionId: String) throws -> Subscription? {
        guard let data = documents[originalTransactionId] else { return nil }
        return try JSONDecoder().decode(Subscription.self, from: data)
    }

    mutating func save(_ subscription: Subscription) throws {
        documents[subscription.originalTransactionId] = try JSONEncoder().encode(subscription)
        try inner.save(subscription)
    }

    func subscriptionIds(customerId: String, groupId: String) throws -> [String] {
        try inner.subscriptionIds(customerId: customerId, groupId: groupId)
    }

    func subscriptionIds(customerId: String) throws -> [String] { try inner.subscriptionIds(customerId: customerId) }
    func subscriptionIds(productId: String) throws -> [String] { try inner.subscriptionIds(productId: productId) }

    func dueSubscriptionIds(atOrBefore time: Timestamp, limit: Int) throws -> [String] {
        try inner.dueSubscriptionIds(atOrBefore: time, limit: limit)
    }

    func massExtension(_ requestIdentifier: String) throws -> MassExtension? {
        guard let data = documents["mass/\(requestIdentifier)"] else { return nil }
        return try JSONDecoder().decode(MassExtension.self, from: data)
    }

    mutating func save(_ job: MassExtension) throws {
        documents["mass/\(job.requestIdentifier)"] = try JSONEncoder().encode(job)
        try inner.save(job)
    }

    func dueMassExtensionIds(atOrBefore time: Timestamp, limit: Int) throws -> [String] {
        try inner.dueMassExtensionIds(atOrBefore: time, limit: limit)
    }

    func earliestDueTime() throws -> Timestamp? { try inner.earliestDueTime() }
}
