import AppleErrorCatalog

extension SubscriptionEngine {
    /// REACTIVATE_SUBSCRIPTION: auto-renew back on (R-PRC-11). Communicated increases of the
    /// named items are accepted (they renew at the higher price); those of unnamed items are
    /// not. Uncommunicated increases are rescheduled to the next eligible renewal.
    func reactivate(
        _ request: ReactivateSubscriptionRequest, at now: Timestamp, store: inout some EngineStore, log: inout EventLog
    ) throws -> EngineReply {
        guard request.operation == .reactivateSubscription else {
            throw EngineRejection(.invalidArgument, error: .invalidOperation, field: "operation", "operation must be REACTIVATE_SUBSCRIPTION, got \(request.operation?.rawValue ?? "nothing")")
        }
        try checkVersion(request.version)
        let key = try requestKey(request.requestInfo)
        var subscription = try load(transactionId: request.transactionId, store: store)
        if let reply = try storedReply(key, of: subscription, store: store) { return reply }
        guard subscription.isLive else {
            throw EngineRejection(.failedPrecondition, error: .inactiveACASub, "subscription '\(subscription.originalTransactionId)' \(subscription.state.plainDescription)")
        }
        guard !subscription.autoRenewStatus else {
            throw EngineRejection(.failedPrecondition, error: .subscriptionAlreadyActive, "auto-renew is already on")
        }
        for (index, sku) in request.items.enumerated() where subscription.itemIndex(sku) == nil {
            throw EngineRejection(.invalidArgument, error: .changeItemNotFound, field: "items[\(index)].SKU", "SKU '\(sku)' is not in the subscription")
        }
        let named = request.items.isEmpty ? Set(subscription.items.map(\.sku)) : Set(request.items)
        let lead = PriceIncreaseRules.leadDays(for: subscription.period)
        for index in subscription.priceChanges.indices where subscription.priceChanges[index].isOpen {
            var change = subscription.priceChanges[index]
            if change.isCommunicated {
                change.status = named.contains(change.sku) ? .accepted : (change.consentRequired ? .declined : change.status)
            } else if change.communicationDate < now {
                var k = 0
                while try subscription.renewalDate(k).adding(days: -lead) < now { k = try k.checkedSum(1, "renewal \(k) + 1") }
                change.effectiveDate = try subscription.renewalDate(k)
                change.communicationDate = try change.effectiveDate.adding(days: -lead)
            }
            subscription.priceChanges[index] = change
        }
        subscription.autoRenewStatus = true
        log.emit(.didChangeRenewalStatus, .autoRenewEnabled, &subscription, at: now)
        let reply = EngineReply.subscription(info(subscription, at: now))
        subscription.remember(reply, forKey: key)
        try store.save(subscription)
        return reply
    }
}
