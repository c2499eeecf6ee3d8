import AppleErrorCatalog

extension SubscriptionEngine {
    /// Cancel: auto-renew off (`DID_CHANGE_RENEWAL_STATUS / AUTO_RENEW_DISABLED`).
    func cancel(
        _ request: CancelSubscriptionRequest, at now: Timestamp, store: inout some EngineStore, log: inout EventLog
    ) throws -> EngineReply {
        let key = try requestKey(request.requestInfo)
        var subscription = try load(transactionId: request.transactionId, store: store)
        if let reply = try storedReply(key, of: subscription, store: store) { return reply }
        try setAutoRenew(&subscription, false, at: now, log: &log)
        let reply = EngineReply.subscription(info(subscription, at: now))
        subscription.remember(reply, forKey: key)
        try store.save(subscription)
        return reply
    }

    /// Revoke: ends the subscription now with a full or prorated refund (`REFUND`).
    func revoke(
        _ request: RevokeSubscriptionRequest, at now: Timestamp, store: inout some EngineStore, log: inout EventLog
    ) throws -> EngineReply {
        let key = try requestKey(request.requestInfo)
        guard request.refundReason != nil else { throw EngineRejection.missing("refundReason") }
        guard let type = request.refundType, type != .custom else {
            throw EngineRejection(.invalidArgument, field: "refundType", "refundType must be FULL or PRORATED")
        }
        var subscription = try load(transactionId: request.transactionId, store: store)
        if let reply = try storedReply(key, of: subscription, store: store) { return reply }
        guard subscription.isLive else {
            throw EngineRejection(.failedPrecondition, error: .inactiveACASub, "subscription '\(subscription.originalTransactionId)' \(subscription.state.plainDescription)")
        }
        try refundLatest(&subscription, type: type, amount: nil, at: now)
        subscription.state = .revoked
        subscription.autoRenewStatus = false
        subscription.closePriceChanges(as: .invalidated)
        log.emit(.refund, nil, &subscription, at: now)
        let reply = EngineReply.subscription(info(subscription, at: now))
        subscription.remember(reply, forKey: key)
        try store.save(subscription)
        return reply
    }

    /// Refund of the latest transaction, optionally revoking the subscription (`REFUND`).
    func refund(
        _ request: RequestRefundRequest, at now: Timestamp, store: inout some EngineStore, log: inout EventLog
    ) throws -> EngineReply {
        let key = try requestKey(request.requestInfo)
        guard request.refundReason != nil else { throw EngineRejection.missing("items[0].refundReason") }
        guard let type = request.refundType else { throw EngineRejection.missing("items[0].refundType") }
        if type == .custom, request.refundAmount == nil { throw EngineRejection.missing("items[0].refundAmount") }
        if let amount = request.refundAmount {
            guard amount >= .zero else {
                throw EngineRejection(.invalidArgument, error: .invalidValue, field: "items[0].refundAmount", "refundAmount must be >= 0, got \(amount.rawValue)")
            }
            try amount.checkPrice(field: "items[0].refundAmount")
        }
        var subscription = try load(transactionId: request.transactionId, store: store)
        if let reply = try storedReply(key, of: subscription, store: store) { return reply }
        guard subscription.latestTransaction?.revocationDate == nil else {
            throw EngineRejection(.failedPrecondition, error: .alreadyRefunded, field: "transactionId", "transaction '\(request.transactionId)' was already refunded")
        }
        try refundLatest(&subscription, type: type, amount: request.refundAmount, at: now)
        if request.revoke {
            subscription.state = .revoked
            subscription.autoRenewStatus = false
            subscription.closePriceChanges(as: .invalidated)
        }
        log.emit(.refund, nil, &subscription, at: now)
        let reply = EngineReply.subscription(info(subscription, at: now))
        subscription.remember(reply, forKey: key)
        try store.save(subscription)
        return reply
    }

    /// Refunds the latest transaction: the whole price, the unused time, or `amount` (CUSTOM).
    func refundLatest(
        _ subscription: inout Subscription, type: RefundType, amount: Milliunits?, at now: Timestamp,
        reason: RevocationReason = .other
    ) throws(EngineRejection) {
        guard var last = subscription.latestTransaction else { return }
        let refund: Milliunits
        switch type {
        case .full: refund = last.price
        case .prorated:
            refund = try Proration.refund(price: last.price, purchase: last.purchaseDate, expires: last.expiresDate, switchDate: now)
        case .custom: refund = max(min(amount ?? .zero, last.price), .zero)
        }
        last.revocationDate = now
        last.revocationReason = reason
        last.revocationType = type == .full ? .refundFull : .refundProrated
        last.revocationPercentage = last.price.rawValue > 0
            ? Int(try refund.scaled(by: 100_000, over: last.price.rawValue).rawValue) : 0
        last.refundAmount = refund
        subscription.updateLatestTransaction { $0 = last }
    }
}
