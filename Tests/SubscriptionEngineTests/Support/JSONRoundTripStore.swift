import CompactCoding
import Foundation

@testable import SubscriptionEngine

/// An `EngineStore` that keeps every aggregate as bytes (JSON, as the v1 schema stored them,
/// or the compact records the consumer stores now), so tests prove the aggregates survive
/// persistence unchanged.
struct JSONRoundTripStore: EngineStore {
    /// How aggregates are turned into bytes.
    enum Encoding {
        case json
        case record
    }

    var encoding = Encoding.json
    var inner = InMemoryEngineStore()
    var documents: [String: Data] = [:]

    init(encoding: Encoding = .json) {
        self.encoding = encoding
    }

    private func encode<T: Encodable & CompactRecord>(_ value: T) throws -> Data {
        switch encoding {
        case .json: return try JSONEncoder().encode(value)
        case .record: return Data(value.recordBytes())
        }
    }

    private func decode<T: Decodable & CompactRecord>(_ type: T.Type, from data: Data) throws -> T {
        switch encoding {
        case .json: return try JSONDecoder().decode(type, from: data)
        case .record: return try T(recordBytes: [UInt8](data))
        }
    }

    func subscription(_ originalTransactionId: String) throws -> Subscription? {
        guard let data = documents[originalTransactionId] else { return nil }
        return try decode(Subscription.self, from: data)
    }

    mutating func save(_ subscription: Subscription) throws {
        documents[subscription.originalTransactionId] = try encode(subscription)
        try inner.save(subscription)
    }

    func subscriptionIds(customerId: String, groupId: String) throws -> [String] {
        try inner.subscriptionIds(customerId: customerId, groupId: groupId)
    }

    func subscriptionIds(customerId: String) throws -> [String] { try inner.subscriptionIds(customerId: customerId) }
    func subscriptionIds(productId: String, from firstId: String, limit: Int) throws -> [String] {
        try inner.subscriptionIds(productId: productId, from: firstId, limit: limit)
    }

    func dueSubscriptionIds(atOrBefore time: Timestamp, limit: Int) throws -> [String] {
        try inner.dueSubscriptionIds(atOrBefore: time, limit: limit)
    }

    func massExtension(_ requestIdentifier: String) throws -> MassExtension? {
        guard let data = documents["mass/\(requestIdentifier)"] else { return nil }
        return try decode(MassExtension.self, from: data)
    }

    mutating func save(_ job: MassExtension) throws {
        documents["mass/\(job.requestIdentifier)"] = try encode(job)
        try inner.save(job)
    }

    func dueMassExtensionIds(atOrBefore time: Timestamp, limit: Int) throws -> [String] {
        try inner.dueMassExtensionIds(atOrBefore: time, limit: limit)
    }

    func earliestSubscriptionDueTime() throws -> Timestamp? { try inner.earliestSubscriptionDueTime() }
    func earliestMassExtensionDueTime() throws -> Timestamp? { try inner.earliestMassExtensionDueTime() }

    func transactions(of originalTransactionId: String) throws -> [TransactionRecord] {
        try inner.transactions(of: originalTransactionId)
    }

    func containsTransaction(_ transactionId: String, of originalTransactionId: String) throws -> Bool {
        try inner.containsTransaction(transactionId, of: originalTransactionId)
    }

    func requestResult(_ key: String, of originalTransactionId: String) throws -> EngineReply? {
        try inner.requestResult(key, of: originalTransactionId)
    }
}
