extension SubscriptionEngine {
    /// Advanced Commerce MODIFY_SUBSCRIPTION (R-MOD-1..5) and its price-increase interactions
    /// (R-PRC-9, R-PRC-10, R-PRC-14). One event: `DID_CHANGE_RENEWAL_PREF / UPGRADE` when
    /// something was charged now, `/ DOWNGRADE` when everything waits for the next renewal.
    func modify(
        _ request: ModifySubscriptionRequest, at now: Timestamp, store: inout some EngineStore, log: inout EventLog
    ) throws -> EngineReply {
        let (key, retain) = try validateModify(request)
        var subscription = try load(transactionId: request.transactionId, store: store)
        if let reply = try storedReply(key, of: subscription, store: store) { return reply }
        try validateModify(request, against: subscription)
        let reference = request.requestInfo?.requestReferenceId
        var immediateCharge = Milliunits.zero
        var immediateItems: [SubscriptionItem] = []
        for change in request.changeItems ?? [] {
            let item = try subscriptionItem(change.item, period: subscription.period, field: "changeItems")
            guard let index = subscription.itemIndex(change.currentSKU) else { continue }
            let old = subscription.items[index]
            if retain, change.effective == .nextBillCycle {
                subscription.pendingChanges.itemChanges.append(PendingItemChange(currentSKU: change.currentSKU, item: item))
                continue
            }
            subscription.items[index] = item
            try adjustPriceChanges(&subscription, old: old, new: item, retain: retain)
            if retain, item.price > old.price {
                immediateCharge = try immediateCharge + (try change.proratedPrice ?? prorated(try item.price - old.price, subscription, at: now))
                immediateItems.append(item)
            }
        }
        for add in request.addItems ?? [] {
            let item = try subscriptionItem(add.item, period: subscription.period, field: "addItems")
            subscription.items.append(item)
            if retain {
                immediateCharge = try immediateCharge + (try add.proratedPrice ?? prorated(item.chargedPrice, subscription, at: now))
                immediateItems.append(item)
            }
        }
        for sku in request.removeItems ?? [] {
            if retain { subscription.pendingChanges.removals.append(sku) } else {
                subscription.items.removeAll { $0.sku == sku }
                invalidatePriceChanges(&subscription, sku: sku)
            }
        }
        if let descriptors = request.descriptors {
            let new = SubscriptionDescriptors(
                displayName: descriptors.displayName.isEmpty ? subscription.descriptors?.displayName ?? "" : descriptors.displayName,
                description: descriptors.description.isEmpty ? subscription.descriptors?.description ?? "" : descriptors.description)
            if descriptors.effective == .immediately || !retain { subscription.descriptors = new } else { subscription.pendingChanges.descriptors = new }
        }
        if let change = request.periodChange {
            let period = try parsePeriod(change.period, field: "periodChange.period")
            if retain { subscription.pendingChanges.period = period } else { subscription.period = period }
        }
        let subtype: NotificationSubtype
        if !retain {
            for index in subscription.priceChanges.indices where subscription.priceChanges[index].isOpen && !subscription.priceChanges[index].isCommunicated {
                subscription.priceChanges[index].status = .invalidated
            }
            try subscription.startPeriod(at: now)
            try subscription.recordTransaction(reason: .purchase, at: now, requestReferenceId: reference)
            subtype = .upgrade
        } else if !immediateItems.isEmpty {
            recordProratedCharge(&subscription, amount: immediateCharge, items: immediateItems, at: now, reference: reference)
            subtype = .upgrade
        } else {
            subtype = .downgrade
        }
        log.emit(.didChangeRenewalPref, subtype, &subscription, at: now)
        let reply = EngineReply.subscription(info(subscription, at: now))
        subscription.remember(reply, forKey: key)
        try store.save(subscription)
        return reply
    }

    /// R-PRC-9 (retain) and R-PRC-10 (reset) for an item changed immediately.
    private func adjustPriceChanges(
        _ subscription: inout Subscription, old: SubscriptionItem, new: SubscriptionItem, retain: Bool
    ) throws(EngineRejection) {
        for index in subscription.priceChanges.indices
        where subscription.priceChanges[index].isOpen && subscription.priceChanges[index].sku == old.sku {
            var change = subscription.priceChanges[index]
            if new.sku != old.sku {
                change.status = .invalidated
            } else if !retain {
                if change.isCommunicated, new.price == change.newPrice {
                    change.status = .applied
                    subscription.priceIncreaseEffectiveDates.append(subscription.expiresDate)
                } else {
                    change.status = .invalidated
                }
            } else if let offer = new.offer {
                let lead = PriceIncreaseRules.leadDays(for: subscription.period)
                change.effectiveDate = try subscription.renewalDate(offer.remainingPeriods - 1)
                if !change.isCommunicated { change.communicationDate = try change.effectiveDate.adding(days: -lead) }
            }
            subscription.priceChanges[index] = change
        }
        if let itemIndex = subscription.itemIndex(new.sku), new.sku == old.sku, !retain,
            subscription.priceChanges.contains(where: { $0.sku == new.sku && $0.status == .applied && $0.newPrice == new.price })
        {
            subscription.items[itemIndex].price = new.price
        }
    }

    /// `amount × (expires − now) / (expires − periodStart)`, half-even (R-MOD-3).
    func prorated(_ amount: Milliunits, _ subscription: Subscription, at now: Timestamp) throws(EngineRejection) -> Milliunits {
        try Proration.refund(price: amount, purchase: subscription.currentPeriodStart, expires: subscription.expiresDate, switchDate: now)
    }

    private func recordProratedCharge(
        _ subscription: inout Subscription, amount: Milliunits, items: [SubscriptionItem], at now: Timestamp, reference: String?
    ) {
        let ids = subscription.nextIds()
        subscription.appendTransaction(
            TransactionRecord(
                transactionId: ids.transactionId, webOrderLineItemId: ids.webOrderLineItemId, productId: subscription.productId,
                purchaseDate: now, expiresDate: subscription.expiresDate, price: amount, currency: subscription.currency,
                reason: .purchase, appAccountToken: subscription.appAccountToken, items: items, requestReferenceId: reference))
    }
}
