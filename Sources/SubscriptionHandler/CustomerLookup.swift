import SubscriptionEngine
import SubscriptionStore
import SubscriptionWire

/// Finds a customer's subscriptions by any of their transaction ids, in the consumer's
/// transaction: what a handler offers to queries answered outside the engine (the
/// notification history's `transactionId` filter).
public protocol CustomerLookup: Sendable {
    /// The customer's subscription ids (`originalTransactionId`s); throws ``EngineRejection``
    /// when the transaction is unknown.
    func subscriptionIds(ofCustomerOwning transactionId: String, in transaction: any AggregateTransaction) throws -> [String]
}

extension EngineCommandHandler: CustomerLookup {
    public func subscriptionIds(ofCustomerOwning transactionId: String, in transaction: any AggregateTransaction) throws -> [String] {
        // The customer is the one on the clock of the subscription that owns the transaction.
        let owner = Subscription.originalTransactionId(fromTransactionId: transactionId)
        let clockId = try transaction.clock(ofSubscription: owner)?.testClockId
        return try engine.subscriptionIds(ofCustomerOwning: transactionId, store: AggregateEngineStore(transaction, clockId: clockId))
    }
}
