import AppleErrorCatalog

/// The consent and renewal engine: applies commands and fires due transitions on
/// subscription aggregates held by an `EngineStore`. Pure: no I/O, no clock (R-REN-3).
public struct SubscriptionEngine: Sendable {
    public let catalog: Catalog
    /// Told which subscription's due transition is being fired (the consumer's crash journal,
    /// docs/reliability.md, "Poison"); nil: nobody is.
    public var firingObserver: (any FiringObserver)?

    public init(catalog: Catalog, firingObserver: (any FiringObserver)? = nil) {
        self.catalog = catalog
        self.firingObserver = firingObserver
    }

    /// Fires every subscription timer due up to `now` (time order), then applies `command`.
    ///
    /// A query (``EngineCommand/isQuery``) changes nothing: it fires nothing and reads the state
    /// as the clock left it, so under the test clock a queued mass extension runs when the clock
    /// advances, not when its status is read. A refused command comes back as
    /// `EngineReply.rejected`; its events are then only those of the transitions that fell due.
    /// Only store errors are thrown. Mass extensions are not processed here (a command never
    /// pays for thousands of subscriptions): ``advance(to:in:massExtensionBatches:)`` runs them.
    public func apply(
        _ command: EngineCommand, commandId: String, at now: Timestamp, in store: inout some EngineStore
    ) throws -> EngineOutcome {
        let due = command.isQuery ? [] : try advance(to: now, in: &store, massExtensionBatches: 0)
        var log = EventLog(app: catalog.app, commandId: commandId)
        do {
            let reply = try execute(command, at: now, store: &store, log: &log)
            let family = try propagateToFamily(log.events, store: &store, commandId: commandId)
            // Joined without copying the usual command's events: no timer fell due, no family.
            var events = due
            if events.isEmpty { events = log.events } else { events += log.events }
            if !family.isEmpty { events += family }
            return EngineOutcome(reply: reply, events: events)
        } catch let rejection as EngineRejection {
            return EngineOutcome(reply: .rejected(rejection), events: due)
        }
    }

    /// Fires every due transition up to `target` in (time, id) order across subscriptions and
    /// mass extensions: renewals, expiries, grace and retry ends, price-change communications,
    /// and at most `massExtensionBatches` mass-extension batches (of ``MassExtension/batchSize``
    /// subscriptions each), so a caller can bound the work of one transaction and call again
    /// while ``EngineStore/earliestDueTime()`` is due. More than `eventLimit` events is refused
    /// (`TooManyEventsError`, a preview's cap, docs/previews.md); the caller rolls back.
    public func advance(
        to target: Timestamp, in store: inout some EngineStore, massExtensionBatches: Int = .max, eventLimit: Int = .max
    ) throws -> [EngineEvent] {
        let (events, reached) = try advance(toward: target, in: &store, massExtensionBatches: massExtensionBatches, eventLimit: eventLimit)
        guard reached == target else {
            throw EngineRejection(
                .outOfRange, error: .tooManyEvents, field: "previewUntil",
                "the clock would fire more than \(eventLimit) events before \(target); preview a shorter span")
        }
        return events
    }

    /// Fires due transitions toward `target` as ``advance(to:in:massExtensionBatches:eventLimit:)``
    /// does, but stops once more than `eventLimit` events were fired (a test clock's advance
    /// takes more than one request then, instead of holding a year of renewals of every
    /// subscription in memory): returns the events and the instant reached, `target` when
    /// everything due by it fired, else an earlier one up to which everything fired.
    public func advance(
        toward target: Timestamp, in store: inout some EngineStore, massExtensionBatches: Int = .max, eventLimit: Int
    ) throws -> (events: [EngineEvent], reached: Timestamp) {
        var events: [EngineEvent] = []
        var batchesLeft = massExtensionBatches
        while true {
            let subscriptionDue = try store.maySubscriptionBeDue(atOrBefore: target) ? try store.earliestSubscriptionDueTime() : nil
            let jobDue = batchesLeft > 0 ? try store.earliestMassExtensionDueTime() : nil
            guard let time = [subscriptionDue, jobDue].compactMap({ $0 }).min(), time <= target else { break }
            if let subscriptionDue, subscriptionDue == time {
                try EventLog.appending(to: &events, app: catalog.app, commandId: nil) { log in
                    for id in try store.dueSubscriptionIds(atOrBefore: time, limit: 512) {
                        guard var subscription = try store.subscription(id), let due = subscription.nextDueTime, due <= time
                        else { continue }
                        let first = log.events.endIndex
                        firingObserver?.willFire(id)
                        fireOrQuarantine(&subscription, at: due, log: &log)
                        firingObserver?.didFire()
                        try store.save(subscription)
                        try appendFamilyEvents(of: subscription, emittedFrom: first, to: &log, store: &store)
                    }
                }
            }
            if events.count > eventLimit {
                // Everything due before `time` fired; at `time` too unless more is due then.
                let moreAtTime = try store.maySubscriptionBeDue(atOrBefore: time) && (try store.earliestSubscriptionDueTime()) == time
                return (events, moreAtTime ? (try? time.adding(milliseconds: -1)) ?? time : time)
            }
            if let jobDue, jobDue == time {
                for id in try store.dueMassExtensionIds(atOrBefore: time, limit: min(16, batchesLeft)) {
                    try processMassExtensionBatch(id, at: time, store: &store, into: &events)
                    batchesLeft -= 1
                }
            }
        }
        return (events, target)
    }

    private func execute(
        _ command: EngineCommand, at now: Timestamp, store: inout some EngineStore, log: inout EventLog
    ) throws -> EngineReply {
        switch command {
        case .purchase(let request): return try purchase(request, at: now, store: &store, log: &log)
        case .switchProduct(let request): return try switchProduct(request, at: now, store: &store, log: &log)
        case .createSubscription(let request): return try create(request, at: now, store: &store, log: &log)
        case .modifySubscription(let request): return try modify(request, at: now, store: &store, log: &log)
        case .reactivateSubscription(let request): return try reactivate(request, at: now, store: &store, log: &log)
        case .changePrice(let request): return try changePrice(request, at: now, store: &store, log: &log)
        case .respondToPriceIncrease(let request): return try respond(request, at: now, store: &store, log: &log)
        case .setAutoRenew(let request): return try setAutoRenew(request, at: now, store: &store, log: &log)
        case .reportBillingOutcome(let request): return try reportBilling(request, at: now, store: &store, log: &log)
        case .extendRenewalDate(let request): return try extend(request, at: now, store: &store, log: &log)
        case .massExtendRenewalDate(let request): return try massExtend(request, at: now, store: &store, commandId: log.commandId)
        case .getMassExtensionStatus(let request): return try massExtensionStatus(request, store: store)
        case .getAllSubscriptionStatuses(let request): return try allStatuses(request, at: now, store: store)
        case .cancelSubscription(let request): return try cancel(request, at: now, store: &store, log: &log)
        case .revokeSubscription(let request): return try revoke(request, at: now, store: &store, log: &log)
        case .requestRefund(let request): return try refund(request, at: now, store: &store, log: &log)
        case .changeMetadata(let request): return try changeMetadata(request, at: now, store: &store, log: &log)
        case .migrateSubscription(let request): return try migrate(request, at: now, store: &store, log: &log)
        case .getTransactionInfo(let request): return try transactionInfo(request, at: now, store: store)
        case .getTransactionHistory(let request): return try transactionHistory(request, at: now, store: store)
        case .getRefundHistory(let request): return try refundHistory(request, at: now, store: store)
        case .getSubscriptionHistory(let request): return try subscriptionHistory(request, at: now, store: store)
        case .requestCustomerRefund(let request): return try requestCustomerRefund(request, at: now, store: &store, log: &log)
        case .sendConsumptionInformation(let request): return try sendConsumptionInformation(request, store: &store)
        case .decideRefund(let request): return try decideRefund(request, at: now, store: &store, log: &log)
        case .setAppAccountToken(let request): return try setAppAccountToken(request, at: now, store: &store)
        case .lookUpOrderId(let request): return try lookUpOrderId(request, at: now, store: store)
        case .getAppTransactionInfo(let request): return try appTransactionInfo(request, at: now, store: store)
        case .finishTransaction(let request): return try finishTransaction(request, store: &store)
        case .recordRetentionResponse(let request): return try recordRetentionResponse(request, at: now, store: &store, log: &log)
        case .answerRetentionMessage(let request): return try answerRetentionMessage(request, at: now, store: &store, log: &log)
        case .getRetentionOffer(let request): return try retentionOffer(request, at: now, store: store)
        }
    }

    /// Loads a subscription by any of its transaction ids.
    func load(transactionId: String, field: String = "transactionId", store: some EngineStore) throws -> Subscription {
        guard !transactionId.isEmpty else { throw EngineRejection.missing(field, error: .nullTransactionId) }
        let id = Subscription.originalTransactionId(fromTransactionId: transactionId)
        guard let subscription = try store.subscription(id),
            try subscription.latestTransaction?.transactionId == transactionId
                || store.containsTransaction(transactionId, of: id)
        else {
            throw EngineRejection(
                .notFound, error: .transactionIdNotFound, field: field, "no transaction '\(transactionId)'")
        }
        return subscription
    }

    /// The reply stored for an idempotency key of `subscription` (by this command or earlier).
    func storedReply(_ key: String, of subscription: Subscription, store: some EngineStore) throws -> EngineReply? {
        if let reply = subscription.unsaved.reply(forKey: key) { return reply }
        return try store.requestResult(key, of: subscription.originalTransactionId)
    }

    /// Loads a subscription by `originalTransactionId`.
    func load(originalTransactionId id: String, store: some EngineStore) throws -> Subscription {
        guard !id.isEmpty else { throw EngineRejection.missing("originalTransactionId", error: .invalidOriginalTransactionId) }
        guard let subscription = try store.subscription(id) else { throw EngineRejection.subscriptionNotFound(id) }
        return subscription
    }

    /// The reply body shared by most operations.
    func info(_ subscription: Subscription, at now: Timestamp) -> SubscriptionInfo {
        SubscriptionInfo(
            transactionInfo: subscription.transactionInfo(app: catalog.app, at: now),
            renewalInfo: subscription.renewalInfo(app: catalog.app, at: now), status: subscription.status)
    }
}
