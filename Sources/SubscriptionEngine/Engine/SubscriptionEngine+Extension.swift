import AppleErrorCatalog

extension SubscriptionEngine {
    /// Extend one subscription's renewal date (R-EXT-1..3), idempotent on `requestIdentifier`.
    func extend(
        _ request: ExtendRenewalDateRequest, at now: Timestamp, store: inout some EngineStore, log: inout EventLog
    ) throws -> EngineReply {
        try validateExtension(days: request.extendByDays, reasonCode: request.extendReasonCode)
        guard !request.requestIdentifier.isEmpty, request.requestIdentifier.count <= 128 else {
            throw EngineRejection(.invalidArgument, error: .invalidRequestIdentifier, field: "requestIdentifier",
                "requestIdentifier must be 1...128 characters, got \(request.requestIdentifier.count)")
        }
        var subscription = try load(originalTransactionId: request.originalTransactionId, store: store)
        guard subscription.familyPurchaserId == nil else {
            throw EngineRejection(.failedPrecondition, error: .familySharedSubscriptionExtensionIneligible,
                field: "originalTransactionId", "'\(subscription.originalTransactionId)' is family shared: extend the purchaser's subscription")
        }
        let key = "ext:\(request.requestIdentifier)"
        if let reply = try storedReply(key, of: subscription, store: store) { return reply }
        try extend(&subscription, days: request.extendByDays, reasonCode: request.extendReasonCode ?? 0,
            requestIdentifier: request.requestIdentifier, at: now, log: &log)
        let reply = EngineReply.extendRenewalDate(
            ExtendRenewalDateResult(
                originalTransactionId: subscription.originalTransactionId,
                webOrderLineItemId: subscription.latestTransaction?.webOrderLineItemId ?? "", success: true,
                effectiveDate: subscription.expiresDate))
        subscription.remember(reply, forKey: key)
        try store.save(subscription)
        return reply
    }

    func validateExtension(days: Int, reasonCode: Int?) throws {
        guard (1...90).contains(days) else {
            throw EngineRejection(.invalidArgument, error: .invalidExtendByDays, field: "extendByDays",
                "extendByDays must be 1...90, got \(days)")
        }
        guard let reasonCode, (0...3).contains(reasonCode) else {
            throw EngineRejection(.invalidArgument, error: .invalidExtendReasonCode, field: "extendReasonCode",
                "extendReasonCode must be 0...3, got \(reasonCode.map(String.init) ?? "nothing")")
        }
    }

    /// Eligibility (R-EXT-2), the twice-per-365-days cap (R-EXT-1) and the move itself, with
    /// `RENEWAL_EXTENDED`. An extension granted exactly 365 days ago no longer counts.
    func extend(
        _ subscription: inout Subscription, days: Int, reasonCode: Int, requestIdentifier: String, at now: Timestamp,
        log: inout EventLog
    ) throws {
        let inFreeOffer = subscription.items.contains { $0.offer?.discountType == .freeTrial }
        let graceValid = subscription.state == .gracePeriod && (subscription.gracePeriodExpiresDate.map { $0 > now } ?? false)
        guard subscription.state == .active || graceValid, subscription.paidPeriodCount > 0, !inFreeOffer else {
            throw EngineRejection(.failedPrecondition, error: .subscriptionExtensionIneligible,
                "subscription '\(subscription.originalTransactionId)' is not eligible: it \(subscription.state.plainDescription), has \(subscription.paidPeriodCount) paid period(s)\(inFreeOffer ? " and is in a free trial" : "")")
        }
        let windowStart = try now.adding(days: -365)
        let recent = subscription.extensions.filter { $0.date > windowStart }
        guard recent.count < 2 else {
            throw EngineRejection(.failedPrecondition, error: .subscriptionMaxExtension,
                "subscription '\(subscription.originalTransactionId)' was already extended twice in 365 days")
        }
        // Every new date is computed before anything changes: a refusal (a date past 9999) leaves
        // the subscription as it was (a mass extension saves it and counts a failure).
        let oldDate = subscription.expiresDate
        func later(_ date: Timestamp?) throws(EngineRejection) -> Timestamp? {
            guard let date else { return nil }
            return try date.adding(days: days)
        }
        let newExpires = try oldDate.adding(days: days)
        let newGrace = try later(subscription.gracePeriodExpiresDate)
        let newRetryEnd = try later(subscription.billingRetryEndDate)
        var priceChanges = subscription.priceChanges
        for index in priceChanges.indices where priceChanges[index].isOpen && priceChanges[index].effectiveDate >= oldDate {
            priceChanges[index].effectiveDate = try priceChanges[index].effectiveDate.adding(days: days)
            if !priceChanges[index].isCommunicated {
                priceChanges[index].communicationDate = try priceChanges[index].communicationDate.adding(days: days)
            }
        }
        if subscription.state == .gracePeriod {
            subscription.gracePeriodExpiresDate = newGrace
            subscription.billingRetryEndDate = newRetryEnd
        } else {
            subscription.moveRenewalDate(to: newExpires)
        }
        subscription.priceChanges = priceChanges
        subscription.extensions.append(RenewalExtension(requestIdentifier: requestIdentifier, date: now, days: days, reasonCode: reasonCode))
        log.emit(.renewalExtended, nil, &subscription, at: now)
    }
}
