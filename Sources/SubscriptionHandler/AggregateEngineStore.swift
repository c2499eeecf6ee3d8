import CompactCoding
import Foundation
import SubscriptionEngine
import SubscriptionStore
import SubscriptionWire

/// An `EngineStore` over one ``AggregateTransaction``: aggregates, history rows and replies
/// are stored as compact binary records (`CompactRecord`: deterministic, so the same state is
/// the same bytes), indexed by the columns the store keeps beside them.
///
/// Bodies written by the v1 schema are JSON (they start with `{`) and are read as such until
/// the aggregate is next saved (`StoreSchema`, v2).
///
/// The store is scoped to one clock (docs/test-clocks.md): its customer, due and product queries
/// see only that clock's subscriptions and mass extensions, and what it creates lives on that
/// clock. Reads by id see every subscription.
public struct AggregateEngineStore: EngineStore {
    private let transaction: any AggregateTransaction
    /// The test clock this store is scoped to; nil = the consumer's clock.
    public let clockId: String?
    /// Time-ordered on the consumer's clock over a database with one writer at a time (SQLite),
    /// hashed otherwise (PostgreSQL's replicas, test clocks): docs/engine.md, "Ids are
    /// deterministic".
    public let subscriptionIdScheme: SubscriptionIdScheme

    /// A store writing into `transaction`, scoped to the test clock `clockId` (nil = the consumer's clock).
    public init(_ transaction: any AggregateTransaction, clockId: String? = nil) {
        self.transaction = transaction
        self.clockId = clockId
        subscriptionIdScheme = clockId == nil && transaction.hasSingleWriter ? .timeOrdered : .hashed
    }

    public func subscription(_ originalTransactionId: String) throws -> Subscription? {
        try transaction.subscription(originalTransactionId).map { try StoredBody.decode(Subscription.self, from: $0) }
    }

    /// Asks the transaction, which answers for a new time-ordered id without a query
    /// (SQLite's `StoreTransaction`) and for any other id without decoding the aggregate.
    public func containsSubscription(_ originalTransactionId: String) throws -> Bool {
        try transaction.containsSubscription(originalTransactionId)
    }

    public mutating func save(_ subscription: Subscription) throws {
        let id = subscription.originalTransactionId
        for write in subscription.unsaved.transactions {
            try transaction.putTransaction(
                StoredBody.encode(write.record), subscriptionId: id, position: write.position,
                transactionId: write.record.transactionId)
        }
        for result in subscription.unsaved.requestResults {
            try transaction.putRequestResult(StoredBody.encode(reply: result.reply), key: result.key, subscriptionId: id)
        }
        try transaction.putSubscription(
            StoredBody.encode(subscription), id: id, customerId: subscription.customerId, groupId: subscription.groupId,
            productId: subscription.productId, dueAt: subscription.nextDueTime?.millisecondsSince1970,
            clockId: subscription.clockId)
    }

    public func transactions(of originalTransactionId: String) throws -> [TransactionRecord] {
        let history = try transaction.transactions(subscriptionId: originalTransactionId)
            .map { try StoredBody.decode(TransactionRecord.self, from: $0) }
        return history + [try subscription(originalTransactionId)?.latestTransaction].compactMap { $0 }
    }

    public func containsTransaction(_ transactionId: String, of originalTransactionId: String) throws -> Bool {
        try transaction.containsTransaction(transactionId, subscriptionId: originalTransactionId)
    }

    public func requestResult(_ key: String, of originalTransactionId: String) throws -> EngineReply? {
        try transaction.requestResult(key: key, subscriptionId: originalTransactionId).map { try StoredBody.decodeReply(from: $0) }
    }

    public func subscriptionIds(customerId: String, groupId: String) throws -> [String] {
        try transaction.subscriptionIds(customerId: customerId, groupId: groupId, onClock: clockId)
    }

    public func subscriptionIds(customerId: String) throws -> [String] {
        try transaction.subscriptionIds(customerId: customerId, onClock: clockId)
    }

    public func subscriptionIds(productId: String, from firstId: String, limit: Int) throws -> [String] {
        try transaction.subscriptionIds(productId: productId, onClock: clockId, from: firstId, limit: limit)
    }

    public func walkSubscriptions(productId: String, from cursor: String, limit: Int) throws -> SubscriptionWalkPage {
        let walk = try transaction.walkSubscriptions(productId: productId, onClock: clockId, from: cursor, limit: limit)
        return SubscriptionWalkPage(ids: walk.ids, next: walk.next)
    }

    public func dueSubscriptionIds(atOrBefore time: Timestamp, limit: Int) throws -> [String] {
        try transaction.dueSubscriptionIds(onClock: clockId, atOrBefore: time.millisecondsSince1970, limit: limit)
    }

    public func earliestSubscriptionDueTime() throws -> Timestamp? {
        try transaction.earliestSubscriptionDue(onClock: clockId).map(Timestamp.init(millisecondsSince1970:))
    }

    public func maySubscriptionBeDue(atOrBefore time: Timestamp) throws -> Bool {
        try transaction.maySubscriptionBeDue(onClock: clockId, atOrBefore: time.millisecondsSince1970)
    }

    public func massExtension(_ requestIdentifier: String) throws -> MassExtension? {
        try transaction.massExtension(requestIdentifier).map { try StoredBody.decode(MassExtension.self, from: $0) }
    }

    public mutating func save(_ job: MassExtension) throws {
        try transaction.putMassExtension(
            StoredBody.encode(job), id: job.requestIdentifier, productId: job.productId,
            dueAt: job.nextDueTime?.millisecondsSince1970, clockId: clockId)
    }

    public func dueMassExtensionIds(atOrBefore time: Timestamp, limit: Int) throws -> [String] {
        try transaction.dueMassExtensionIds(onClock: clockId, atOrBefore: time.millisecondsSince1970, limit: limit)
    }

    public func earliestMassExtensionDueTime() throws -> Timestamp? {
        try transaction.earliestMassExtensionDue(onClock: clockId).map(Timestamp.init(millisecondsSince1970:))
    }
}

/// How stored bodies are encoded, told apart by their first byte:
///
/// | first byte | encoding | used for |
/// | --- | --- | --- |
/// | `R` | `CompactRecord` (hand-written fields, protocol buffers' wire format) | aggregates, history, replies of idempotency keys (`StoredReply`) |
/// | `C` | a retired `Codable` binary format, read by ``LegacyCompactDecoder`` | replies (and aggregates) stored before they became records |
/// | `{` | JSON | bodies written by the v1 schema, read until saved again |
enum StoredBody {
    private static let record = UInt8(ascii: "R")
    private static let legacyCompact = UInt8(ascii: "C")
    private static let json = UInt8(ascii: "{")

    static func encode<T: CompactRecord>(_ value: T) -> Data {
        var writer = RecordWriter()
        writer.writeMarker(record)
        value.write(to: &writer)
        return Data(writer.bytes)
    }

    /// A reply remembered under an idempotency key; the engine remembers no other kind.
    static func encode(reply: EngineReply) throws -> Data {
        guard let stored = StoredReply(reply) else {
            throw StoreError(.corruptValue, "the engine remembers no reply of this kind under an idempotency key: \(reply)")
        }
        return encode(stored)
    }

    static func decode<T: CompactRecord & Decodable>(_ type: T.Type, from body: Data) throws -> T {
        guard body.first == record else { return try decodeLegacy(type, from: body) }
        return try body.withUnsafeBytes { try T(recordBytes: UnsafeRawBufferPointer(rebasing: $0.dropFirst())) }
    }

    /// A reply remembered under an idempotency key (stored as an ``EngineReply`` before it
    /// became a record).
    static func decodeReply(from body: Data) throws -> EngineReply {
        guard body.first == record else { return try decodeLegacy(EngineReply.self, from: body) }
        return try body.withUnsafeBytes { try StoredReply(recordBytes: UnsafeRawBufferPointer(rebasing: $0.dropFirst())) }.reply
    }

    private static func decodeLegacy<T: Decodable>(_ type: T.Type, from body: Data) throws -> T {
        switch body.first {
        case json:
            return try JSONDecoder().decode(type, from: body)
        case legacyCompact:
            return try LegacyCompactDecoder().decode(type, from: [UInt8](body).dropFirst())
        default:
            throw StoreError(.corruptValue, "a stored \(T.self) starts with byte \(body.first.map(String.init) ?? "none"), no known encoding")
        }
    }
}
