extension SubscriptionEngine {
    /// Notification types a family member receives when its purchaser's subscription changes.
    static let familyMirrored: Set<NotificationType> = [
        .subscribed, .didRenew, .didChangeRenewalPref, .didChangeRenewalStatus, .didFailToRenew, .gracePeriodExpired,
        .expired, .renewalExtended, .refund, .refundReversed,
    ]

    /// Gives family members access to a family-shareable purchase (`SUBSCRIBED / INITIAL_BUY`
    /// or `/ RESUBSCRIBE` with `inAppOwnershipType` `FAMILY_SHARED`).
    func shareWithFamily(
        _ purchaser: inout Subscription, members: [String], product: Product, at now: Timestamp, store: inout some EngineStore,
        log: inout EventLog
    ) throws {
        guard product.familyShareable else { return }
        for customerId in members where customerId != purchaser.customerId {
            let existing = try store.subscriptionIds(customerId: customerId, groupId: purchaser.groupId).compactMap { try store.subscription($0) }
            guard !existing.contains(where: \.isLive) else { continue }
            var member = try existing.first
                ?? newSubscription(
                    customerId: customerId, groupId: purchaser.groupId, kind: .inApp, at: now, store: store,
                    reserved: purchaser.originalTransactionId)
            member.ownership = .familyShared
            member.familyPurchaserId = purchaser.originalTransactionId
            if !purchaser.familyMemberIds.contains(member.originalTransactionId) {
                purchaser.familyMemberIds.append(member.originalTransactionId)
            }
            mirror(purchaser, into: &member, at: now)
            log.emit(.subscribed, existing.isEmpty ? .initialBuy : .resubscribe, &member, at: now)
            try store.save(member)
        }
    }

    /// Appends to `log` its family members' replay of the events `saved` (as just saved) emitted
    /// into it from `first` on: renewals and mass extensions keep one log for many
    /// subscriptions and call this for each, so one without family members costs nothing.
    func appendFamilyEvents(
        of saved: Subscription, emittedFrom first: Int, to log: inout EventLog, store: inout some EngineStore
    ) throws {
        guard !saved.familyMemberIds.isEmpty else { return }
        log.events += try propagateToFamily(Array(log.events[first...]), of: saved, store: &store, commandId: log.commandId)
    }

    /// Replays a purchaser's events on its family members' subscriptions. `saved` is the
    /// subscription the events are about, as just saved, when the caller has it (no store read
    /// for it then).
    func propagateToFamily(
        _ events: [EngineEvent], of saved: Subscription? = nil, store: inout some EngineStore, commandId: String?
    ) throws -> [EngineEvent] {
        var log = EventLog(app: catalog.app, commandId: commandId)
        for event in events where Self.familyMirrored.contains(event.notificationType) && event.notificationType != .subscribed {
            let purchaser: Subscription
            if let saved, saved.originalTransactionId == event.subscriptionId {
                purchaser = saved
            } else {
                guard let stored = try store.subscription(event.subscriptionId) else { continue }
                purchaser = stored
            }
            guard !purchaser.familyMemberIds.isEmpty else { continue }
            for memberId in purchaser.familyMemberIds {
                guard var member = try store.subscription(memberId), member.familyPurchaserId == purchaser.originalTransactionId,
                    member.isLive || event.notificationType == .expired || event.notificationType == .refundReversed
                else { continue }
                mirror(purchaser, into: &member, at: event.signedDate)
                log.emit(event.notificationType, event.subtype, &member, at: event.signedDate)
                try store.save(member)
            }
        }
        return log.events
    }

    /// Copies the purchaser's period, product and state onto a member, with the member's own
    /// transaction ids for any new transaction.
    private func mirror(_ purchaser: Subscription, into member: inout Subscription, at now: Timestamp) {
        member.productId = purchaser.productId
        member.autoRenewProductId = purchaser.autoRenewProductId
        member.storefront = purchaser.storefront
        member.currency = purchaser.currency
        member.items = purchaser.items
        member.period = purchaser.period
        member.currentPeriodStart = purchaser.currentPeriodStart
        member.expiresDate = purchaser.expiresDate
        member.state = purchaser.state
        member.autoRenewStatus = purchaser.autoRenewStatus
        member.expirationIntent = purchaser.expirationIntent
        member.gracePeriodExpiresDate = purchaser.gracePeriodExpiresDate
        member.billingRetryEndDate = purchaser.billingRetryEndDate
        member.paidPeriodCount = purchaser.paidPeriodCount
        guard let source = purchaser.latestTransaction else { return }
        if let last = member.latestTransaction, last.purchaseDate == source.purchaseDate, last.productId == source.productId {
            member.updateLatestTransaction {
                $0.expiresDate = source.expiresDate
                $0.revocationDate = source.revocationDate
            }
            return
        }
        var copy = source
        let ids = member.nextIds()
        copy.transactionId = ids.transactionId
        copy.webOrderLineItemId = ids.webOrderLineItemId
        member.appendTransaction(copy)
    }
}
