import AppleErrorCatalog

extension SubscriptionEngine {
    /// The subscriber answers a communicated price increase (R-PRC-5, R-PRC-6).
    func respond(
        _ request: RespondToPriceIncreaseRequest, at now: Timestamp, store: inout some EngineStore, log: inout EventLog
    ) throws -> EngineReply {
        guard let response = request.response else { throw EngineRejection.missing("response") }
        var subscription = try load(originalTransactionId: request.originalTransactionId, store: store)
        let targets = subscription.priceChanges.indices.filter {
            let change = subscription.priceChanges[$0]
            return change.isOpen && change.isCommunicated && change.kind != .decrease
                && (request.priceChangeIds.isEmpty || request.priceChangeIds.contains(change.id))
        }
        guard !targets.isEmpty else {
            throw EngineRejection(.failedPrecondition, field: "priceChangeIds", "no communicated price increase to answer on '\(subscription.originalTransactionId)'")
        }
        switch response {
        case .consent:
            let pending = targets.filter { [.pending, .declined].contains(subscription.priceChanges[$0].status) }
            guard !pending.isEmpty else { break }
            for index in pending { subscription.priceChanges[index].status = .accepted }
            log.emit(.priceIncrease, .accepted, &subscription, at: now)
        case .decline:
            let open = targets.filter { subscription.priceChanges[$0].consentRequired && subscription.priceChanges[$0].status != .declined }
            guard !open.isEmpty else {
                throw EngineRejection(.failedPrecondition, field: "response", "no consent-required increase to decline")
            }
            var declinedSKUs: Set<String> = []
            for index in open {
                subscription.priceChanges[index].status = .declined
                declinedSKUs.insert(subscription.priceChanges[index].sku)
                declinedSKUs.formUnion(subscription.priceChanges[index].dependentSKUs)
            }
            if subscription.items.allSatisfy({ declinedSKUs.contains($0.sku) }) {
                subscription.autoRenewStatus = false
                log.emit(.didChangeRenewalStatus, .autoRenewDisabled, &subscription, at: now)
            } else {
                log.emit(.didChangeRenewalPref, nil, &subscription, at: now)
            }
        case .sheetAcknowledged:
            for index in targets { subscription.priceChanges[index].sheetAcknowledged = true }
        }
        try store.save(subscription)
        return .renewalInfo(info(subscription, at: now))
    }

    /// Auto-renew on or off (R-REN-2); off with retention messaging on opens a retention offer
    /// instead (docs/retention-messaging.md).
    func setAutoRenew(
        _ request: SetAutoRenewRequest, at now: Timestamp, store: inout some EngineStore, log: inout EventLog
    ) throws -> EngineReply {
        guard let enable = request.enable else { throw EngineRejection.missing("action") }
        var subscription = try load(originalTransactionId: request.originalTransactionId, store: store)
        if let retention = try openRetentionOffer(request, &subscription, at: now, log: &log) {
            try store.save(subscription)
            return retention
        }
        try setAutoRenew(&subscription, enable, at: now, log: &log)
        if enable, let open = subscription.retentionOffer, open.isOpen {
            // Turning auto-renew back on answers the open offer: the subscriber kept it.
            subscription.retentionOffer?.state = .answered
            subscription.retentionOffer?.answer = .keep
            subscription.retentionOffer?.answeredAt = now
            log.retention(.retentionAnswered, &subscription, at: now)
        }
        try store.save(subscription)
        return .renewalInfo(info(subscription, at: now))
    }

    func setAutoRenew(_ subscription: inout Subscription, _ enable: Bool, at now: Timestamp, log: inout EventLog) throws {
        guard subscription.isLive else {
            throw EngineRejection(.failedPrecondition, error: .inactiveACASub, "subscription '\(subscription.originalTransactionId)' \(subscription.state.plainDescription)")
        }
        guard subscription.autoRenewStatus != enable else { return }
        subscription.autoRenewStatus = enable
        if enable {
            for index in subscription.priceChanges.indices where subscription.priceChanges[index].status == .declined {
                subscription.priceChanges[index].status = .pending
            }
        }
        log.emit(.didChangeRenewalStatus, enable ? .autoRenewEnabled : .autoRenewDisabled, &subscription, at: now)
    }

    /// The simulated payment side (R-REN-1): failures start at the next charge; success or a
    /// fixed payment method during grace or retry recovers at once.
    func reportBilling(
        _ request: ReportBillingOutcomeRequest, at now: Timestamp, store: inout some EngineStore, log: inout EventLog
    ) throws -> EngineReply {
        guard let outcome = request.outcome else { throw EngineRejection.missing("outcome") }
        var subscription = try load(originalTransactionId: request.originalTransactionId, store: store)
        switch outcome {
        case .chargeFailed:
            subscription.billingMode = .fails
        case .chargeSucceeded, .paymentMethodFixed:
            subscription.billingMode = .succeeds
            if subscription.state == .gracePeriod || subscription.state == .billingRetry {
                try recover(&subscription, at: now, log: &log)
            }
        }
        try store.save(subscription)
        return .billingOutcome(status: subscription.status, info(subscription, at: now))
    }
}
