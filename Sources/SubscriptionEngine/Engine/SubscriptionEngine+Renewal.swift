extension SubscriptionEngine {
    /// Fires the earliest due transition of one subscription (R-REN-1, R-PRC-5/6, grace/retry).
    /// A refusal (a stored value the arithmetic cannot take) may leave `subscription` and `log`
    /// half-changed: ``SubscriptionEngine/advance(to:in:massExtensionBatches:)`` then keeps
    /// neither and quarantines the subscription instead.
    func fire(_ subscription: inout Subscription, at due: Timestamp, log: inout EventLog) throws(EngineRejection) {
        switch subscription.state {
        case .active:
            let communicationDue = subscription.autoRenewStatus && subscription.priceChanges.contains {
                $0.isOpen && ($0.nextCommunicationDate().map { $0 <= due } ?? false)
            }
            if communicationDue {
                communicatePriceChanges(&subscription, at: due, log: &log)
            } else if due >= subscription.expiresDate {
                try renew(&subscription, at: subscription.expiresDate, log: &log)
            }
        case .gracePeriod:
            if let grace = subscription.gracePeriodExpiresDate, grace <= due,
                subscription.billingRetryEndDate.map({ grace < $0 }) ?? true
            {
                subscription.state = .billingRetry
                log.emit(.gracePeriodExpired, nil, &subscription, at: grace)
            } else {
                expire(&subscription, .billingRetry, intent: .billingError, at: due, log: &log)
            }
        case .billingRetry:
            expire(&subscription, .billingRetry, intent: .billingError, at: due, log: &log)
        case .expired, .revoked:
            break
        }
    }

    /// The renewal at `date`: auto-renew off → expiry; else pending changes, price changes,
    /// then the charge (R-REN-1).
    func renew(_ subscription: inout Subscription, at date: Timestamp, log: inout EventLog) throws(EngineRejection) {
        guard subscription.autoRenewStatus else {
            let declined = subscription.priceChanges.contains { $0.isOpen && $0.status == .declined }
            subscription.closePriceChanges(as: .invalidated)
            if declined {
                expire(&subscription, .priceIncrease, intent: .priceIncreaseNotConsented, at: date, log: &log)
            } else {
                expire(&subscription, .voluntary, intent: .customerCancelled, at: date, log: &log)
            }
            return
        }
        applyPendingChanges(&subscription)
        guard isForSale(subscription) else {
            expire(&subscription, .productNotForSale, intent: .productUnavailable, at: date, log: &log)
            return
        }
        resolvePriceChanges(&subscription, at: date)
        guard !subscription.items.isEmpty else {
            expire(&subscription, .priceIncrease, intent: .priceIncreaseNotConsented, at: date, log: &log)
            return
        }
        subscription.advanceOffers()
        try subscription.startPeriod(at: date)
        try charge(&subscription, at: date, log: &log)
    }

    /// Charges the period that just started: success → `DID_RENEW`, failure → billing retry.
    func charge(_ subscription: inout Subscription, at date: Timestamp, log: inout EventLog) throws(EngineRejection) {
        switch subscription.billingMode {
        case .succeeds:
            try subscription.recordTransaction(reason: .renewal, at: date)
            log.emit(.didRenew, nil, &subscription, at: date)
        case .fails:
            let retryEnd = try date.adding(days: catalog.policy.billingRetryDays)
            let graceEnd = try catalog.policy.graceDays(for: subscription.period).map { (days) throws(EngineRejection) in
                try date.adding(days: days)
            }
            subscription.retryStartDate = date
            subscription.billingRetryEndDate = retryEnd
            if let graceEnd {
                subscription.state = .gracePeriod
                subscription.gracePeriodExpiresDate = graceEnd
                log.emit(.didFailToRenew, .gracePeriod, &subscription, at: date)
            } else {
                subscription.state = .billingRetry
                subscription.gracePeriodExpiresDate = nil
                log.emit(.didFailToRenew, nil, &subscription, at: date)
            }
        }
    }

    /// Recovery during grace or retry (R-REN-1): a new transaction, `DID_RENEW /
    /// BILLING_RECOVERY`. Recovered in grace, the period keeps its original start (no days
    /// lost); recovered later, a new period starts now.
    func recover(_ subscription: inout Subscription, at now: Timestamp, log: inout EventLog) throws(EngineRejection) {
        let inGrace = subscription.state == .gracePeriod
        let start = inGrace ? (subscription.retryStartDate ?? now) : now
        if !inGrace {
            subscription.anchorIndex = 0
            subscription.anchor = now
        }
        subscription.state = .active
        subscription.retryStartDate = nil
        subscription.billingRetryEndDate = nil
        subscription.gracePeriodExpiresDate = nil
        if !inGrace { try subscription.startPeriod(at: start) }
        try subscription.recordTransaction(reason: .renewal, at: now)
        log.emit(.didRenew, .billingRecovery, &subscription, at: now)
    }

    /// Ends the subscription with `EXPIRED / subtype`.
    func expire(
        _ subscription: inout Subscription, _ subtype: NotificationSubtype, intent: ExpirationIntent, at date: Timestamp,
        log: inout EventLog
    ) {
        subscription.state = .expired
        subscription.expirationIntent = intent
        subscription.gracePeriodExpiresDate = nil
        subscription.retryStartDate = nil
        subscription.billingRetryEndDate = nil
        if subtype == .voluntary { subscription.autoRenewStatus = false }
        subscription.closePriceChanges(as: subtype == .priceIncrease ? .expired : .invalidated)
        log.emit(.expired, subtype, &subscription, at: date)
    }

    /// Downgrades, crossgrades and next-cycle Advanced Commerce changes (R-GRP-3, R-MOD-2).
    func applyPendingChanges(_ subscription: inout Subscription) {
        if subscription.kind == .inApp, subscription.autoRenewProductId != subscription.productId,
            let product = catalog.product(subscription.autoRenewProductId),
            let price = product.price(in: subscription.storefront)
        {
            let oldSKU = subscription.productId
            invalidatePriceChanges(&subscription, sku: oldSKU)
            subscription.productId = product.productId
            subscription.period = product.period
            subscription.items = [SubscriptionItem(sku: product.productId, price: price.price)]
        }
        let pending = subscription.pendingChanges
        guard !pending.isEmpty else { return }
        for change in pending.itemChanges {
            guard let index = subscription.itemIndex(change.currentSKU) else { continue }
            if change.item.sku != change.currentSKU { invalidatePriceChanges(&subscription, sku: change.currentSKU) }
            subscription.items[index] = change.item
        }
        subscription.items.removeAll { pending.removals.contains($0.sku) }
        for sku in pending.removals { invalidatePriceChanges(&subscription, sku: sku) }
        if let period = pending.period { subscription.period = period }
        if let descriptors = pending.descriptors { subscription.descriptors = descriptors }
        subscription.pendingChanges = PendingChanges()
    }

    /// Whether the catalog still sells what would renew (after a reload may have removed it).
    func isForSale(_ subscription: Subscription) -> Bool {
        switch subscription.kind {
        case .inApp:
            return catalog.product(subscription.productId)?.price(in: subscription.storefront) != nil
        case .advancedCommerce:
            return subscription.items.allSatisfy { catalog.advancedCommerceProduct(sellingSKU: $0.sku) != nil }
        }
    }

    func invalidatePriceChanges(_ subscription: inout Subscription, sku: String) {
        for index in subscription.priceChanges.indices
        where subscription.priceChanges[index].isOpen && subscription.priceChanges[index].sku == sku {
            subscription.priceChanges[index].status = .invalidated
        }
    }
}
