import AppleErrorCatalog

/// Get Subscription History: what the console draws a subscription's life from. A read: it
/// fires nothing and reads every transaction through ``transactionRecords(of:store:)``.
extension SubscriptionEngine {
    /// The subscription owning the request's transaction id, or every subscription of its
    /// customer, each with its state now and its transactions, oldest first.
    func subscriptionHistory(_ request: SubscriptionHistoryRequest, at now: Timestamp, store: some EngineStore) throws -> EngineReply {
        let subscriptions: [Subscription]
        switch request.selection {
        case .transaction(let transactionId):
            subscriptions = [try load(transactionId: transactionId, store: store)]
        case .customer(let customerId):
            guard !customerId.isEmpty else { throw EngineRejection.missing("customerId", error: .invalidValue) }
            subscriptions = try store.subscriptionIds(customerId: customerId).sorted().compactMap { try store.subscription($0) }
            guard !subscriptions.isEmpty else {
                throw EngineRejection(
                    .notFound, error: .customerNotFound, field: "customerId", "no subscription of customer '\(customerId.prefix(80))'")
            }
        }
        let app = catalog.app
        return .subscriptionHistory(
            try subscriptions.map { subscription in
                SubscriptionLife(
                    originalTransactionId: subscription.originalTransactionId, customerId: subscription.customerId,
                    productId: subscription.productId, subscriptionGroupIdentifier: subscription.groupId,
                    status: subscription.status, renewalInfo: subscription.renewalInfo(app: app, at: now),
                    transactions: try transactionRecords(of: subscription, store: store).map {
                        subscription.transactionInfo($0, app: app, at: now)
                    },
                    lastSequence: subscription.sequence)
            })
    }
}
