import Foundation
import SubscriptionEngine
import SubscriptionStore

/// An `EngineStore` over one ``DocumentTransaction``: every aggregate is a JSON document
/// (sorted keys, so the same state is the same bytes), indexed by tag and due date.
///
/// | kind | key | tag | due |
/// | --- | --- | --- | --- |
/// | `subscription` | originalTransactionId | current productId | `nextDueTime` |
/// | `index.customer-group` | customer␟group␟otid | customer␟group | — |
/// | `index.customer` | customer␟otid | customer | — |
/// | `mass-extension` | requestIdentifier | productId | `nextDueTime` |
///
/// (␟ is U+001F.) Index documents have an empty body: the key carries the id.
public struct DocumentEngineStore: EngineStore {
    /// Document kinds written by this store.
    public enum Kind {
        /// Subscription aggregates, keyed by originalTransactionId.
        public static let subscription = "subscription"
        /// Empty documents indexing subscriptions by customer and group.
        public static let customerGroupIndex = "index.customer-group"
        /// Empty documents indexing subscriptions by customer.
        public static let customerIndex = "index.customer"
        /// Mass renewal-date extensions, keyed by requestIdentifier.
        public static let massExtension = "mass-extension"
    }

    static let separator: Character = "\u{1F}"

    private let transaction: any DocumentTransaction
    private let encoder: JSONEncoder
    private let decoder = JSONDecoder()

    /// A store writing into `transaction`.
    public init(_ transaction: any DocumentTransaction) {
        self.transaction = transaction
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        self.encoder = encoder
    }

    public func subscription(_ originalTransactionId: String) throws -> Subscription? {
        try transaction.document(kind: Kind.subscription, key: originalTransactionId)
            .map { try decoder.decode(Subscription.self, from: $0) }
    }

    public mutating func save(_ subscription: Subscription) throws {
        let id = subscription.originalTransactionId
        // Customer and group never change, so the index documents are written once.
        let isNew = try transaction.document(kind: Kind.subscription, key: id) == nil
        try transaction.putDocument(
            encoder.encode(subscription), kind: Kind.subscription, key: id, tag: subscription.productId,
            dueAt: subscription.nextDueTime?.date)
        guard isNew else { return }
        let customerGroup = Self.join(subscription.customerId, subscription.groupId)
        try transaction.putDocument(
            Data(), kind: Kind.customerGroupIndex, key: Self.join(customerGroup, id), tag: customerGroup, dueAt: nil)
        try transaction.putDocument(
            Data(), kind: Kind.customerIndex, key: Self.join(subscription.customerId, id),
            tag: subscription.customerId, dueAt: nil)
    }

    public func subscriptionIds(customerId: String, groupId: String) throws -> [String] {
        try transaction.keys(kind: Kind.customerGroupIndex, tag: Self.join(customerId, groupId)).map(Self.lastComponent)
    }

    public func subscriptionIds(customerId: String) throws -> [String] {
        try transaction.keys(kind: Kind.customerIndex, tag: customerId).map(Self.lastComponent)
    }

    public func subscriptionIds(productId: String) throws -> [String] {
        try transaction.keys(kind: Kind.subscription, tag: productId)
    }

    public func dueSubscriptionIds(atOrBefore time: Timestamp, limit: Int) throws -> [String] {
        try transaction.dueKeys(kind: Kind.subscription, atOrBefore: time.date, limit: limit)
    }

    public func massExtension(_ requestIdentifier: String) throws -> MassExtension? {
        try transaction.document(kind: Kind.massExtension, key: requestIdentifier)
            .map { try decoder.decode(MassExtension.self, from: $0) }
    }

    public mutating func save(_ job: MassExtension) throws {
        try transaction.putDocument(
            encoder.encode(job), kind: Kind.massExtension, key: job.requestIdentifier, tag: job.productId,
            dueAt: job.nextDueTime?.date)
    }

    public func dueMassExtensionIds(atOrBefore time: Timestamp, limit: Int) throws -> [String] {
        try transaction.dueKeys(kind: Kind.massExtension, atOrBefore: time.date, limit: limit)
    }

    public func earliestDueTime() throws -> Timestamp? {
        try transaction.earliestDueDate().map(Timestamp.init)
    }

    private static func join(_ first: String, _ second: String) -> String { "\(first)\(separator)\(second)" }

    private static func lastComponent(_ key: String) -> String {
        key.split(separator: separator, omittingEmptySubsequences: false).last.map(String.init) ?? key
    }
}
