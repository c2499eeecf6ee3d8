extension SubscriptionEngine {
    /// Sends the price-change communications due at `now` (R-PRC-5, R-PRC-6, R-PRC-8). All
    /// increases of the subscription due together share one communication per channel.
    func communicatePriceChanges(_ subscription: inout Subscription, at now: Timestamp, log: inout EventLog) {
        let due = subscription.priceChanges.indices.filter {
            let change = subscription.priceChanges[$0]
            return change.isOpen && (change.nextCommunicationDate().map { $0 <= now } ?? false)
        }
        let firstConsent = due.filter { subscription.priceChanges[$0].status == .scheduled && subscription.priceChanges[$0].consentRequired }
        let firstNotice = due.filter { subscription.priceChanges[$0].status == .scheduled && !subscription.priceChanges[$0].consentRequired }
        let reminders = due.filter { subscription.priceChanges[$0].status == .pending }
        let pushes = due.filter { subscription.priceChanges[$0].status == .accepted }

        if !firstConsent.isEmpty {
            for index in firstConsent {
                subscription.priceChanges[index].status = .pending
                subscription.priceChanges[index].lastCommunicationDate = now
            }
            log.emit(.priceIncrease, .pending, &subscription, at: now)
            send(CommunicationChannel.allCases, .consentRequest, firstConsent, &subscription, at: now, log: &log)
        }
        if !firstNotice.isEmpty {
            for index in firstNotice {
                subscription.priceChanges[index].status = .accepted
                subscription.priceChanges[index].lastCommunicationDate = now
            }
            log.emit(.priceIncrease, .accepted, &subscription, at: now)
            send([.email, .priceIncreaseSheet], .notice, firstNotice, &subscription, at: now, log: &log)
            let pushNow = firstNotice.filter { subscription.priceChanges[$0].nextCommunicationDate().map { $0 <= now } ?? false }
            sendPush(pushNow, &subscription, at: now, log: &log)
        }
        if !reminders.isEmpty {
            for index in reminders { subscription.priceChanges[index].lastCommunicationDate = now }
            send(CommunicationChannel.allCases, .consentReminder, reminders, &subscription, at: now, log: &log)
        }
        sendPush(pushes, &subscription, at: now, log: &log)
    }

    /// The no-consent push, sent only when the sheet was not acknowledged (R-PRC-6).
    private func sendPush(_ indices: [Int], _ subscription: inout Subscription, at now: Timestamp, log: inout EventLog) {
        guard !indices.isEmpty else { return }
        let unacknowledged = indices.filter { !subscription.priceChanges[$0].sheetAcknowledged }
        for index in indices { subscription.priceChanges[index].pushHandled = true }
        send([.push], .notice, unacknowledged, &subscription, at: now, log: &log)
    }

    private func send(
        _ channels: [CommunicationChannel], _ kind: CommunicationKind, _ indices: [Int],
        _ subscription: inout Subscription, at now: Timestamp, log: inout EventLog
    ) {
        guard !indices.isEmpty else { return }
        let changes = indices.map { subscription.priceChanges[$0] }
        for channel in channels { log.communicate(channel, kind, changes: changes, &subscription, at: now) }
    }

    /// Applies the price changes whose renewal is `date` (R-PRC-5, R-PRC-6, R-PRC-7): accepted
    /// or no-consent increases and decreases set the new price; an increase without consent
    /// (or declined) removes its item and the item's dependent SKUs.
    func resolvePriceChanges(_ subscription: inout Subscription, at date: Timestamp) {
        var expiredSKUs: Set<String> = []
        for index in subscription.priceChanges.indices {
            let change = subscription.priceChanges[index]
            guard change.isOpen, change.effectiveDate <= date else { continue }
            let consented = change.status == .accepted || (!change.consentRequired && change.status != .declined)
            if change.kind == .decrease || consented {
                if change.kind != .offerConversion, let item = subscription.itemIndex(change.sku) {
                    subscription.items[item].price = change.newPrice
                }
                if change.kind == .increase { subscription.priceIncreaseEffectiveDates.append(date) }
                subscription.priceChanges[index].status = .applied
            } else {
                subscription.priceChanges[index].status = .expired
                expiredSKUs.insert(change.sku)
                expiredSKUs.formUnion(change.dependentSKUs)
            }
        }
        guard !expiredSKUs.isEmpty else { return }
        subscription.items.removeAll { expiredSKUs.contains($0.sku) }
        for sku in expiredSKUs { invalidatePriceChanges(&subscription, sku: sku) }
    }
}
