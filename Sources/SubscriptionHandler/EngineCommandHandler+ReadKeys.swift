import SubscriptionEngine
import SubscriptionMessages
import SubscriptionStore
import SubscriptionWire

extension EngineCommandHandler {
    /// What the commands of a batch will read first (``StoreReadKeys``): their processed-command
    /// records, the subscription each one names, the test clock it names, and for a purchase
    /// the customer's subscriptions and the id a new one would most likely get. Read from the
    /// envelopes alone, so a store can load it all before the first command runs; whatever else
    /// the engine reads is read when it asks.
    public func readKeys(for envelopes: [Subscriptions_V1_CommandEnvelope]) -> StoreReadKeys {
        let engine = self.engine
        var keys = StoreReadKeys()
        keys.commandIds.reserveCapacity(envelopes.count)
        for envelope in envelopes {
            keys.commandIds.append(envelope.commandID)
            guard let command = envelope.command else { continue }
            let named = envelope.testClockID.isEmpty ? nil : envelope.testClockID
            switch command {
            case .advanceTestClock, .createTestClock, .deleteTestClock:
                // They change their clock (locked for that when they run), or create it.
                continue
            case .purchase(let request):
                keys.customers.append(StoreReadKeys.Customer(clockId: named, customerId: request.customerID))
                if let id = engine.likelyNewSubscriptionId(customerId: request.customerID, productId: request.productID, clockId: named) {
                    keys.subscriptionIds.append(id)
                }
            default:
                if case .subscription(let transactionId) = CommandClock.Target(command), !transactionId.isEmpty {
                    keys.subscriptionIds.append(Subscription.originalTransactionId(fromTransactionId: transactionId))
                }
            }
            if let named { keys.testClockIds.append(named) }
        }
        return keys
    }
}
