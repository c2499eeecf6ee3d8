import AppleErrorCatalog

extension SubscriptionEngine {
    /// Upgrade, downgrade or crossgrade within the group (R-GRP-2..4); choosing the current
    /// product cancels a pending downgrade.
    func switchProduct(
        _ request: SwitchProductRequest, at now: Timestamp, store: inout some EngineStore, log: inout EventLog
    ) throws -> EngineReply {
        var subscription = try load(originalTransactionId: request.originalTransactionId, store: store)
        guard subscription.kind == .inApp, subscription.state == .active else {
            throw EngineRejection(.failedPrecondition, error: .subscriptionNotEligible,
                subscription.kind == .inApp
                    ? "subscription '\(subscription.originalTransactionId)' \(subscription.state.plainDescription); buy again instead"
                    : "subscription '\(subscription.originalTransactionId)' is an Advanced Commerce subscription; modify it instead")
        }
        guard let target = catalog.product(request.productId), target.groupId == subscription.groupId else {
            throw EngineRejection(.notFound, error: .productNotFound, field: "productId",
                "no product '\(request.productId)' in group '\(subscription.groupId)'")
        }
        guard let price = target.price(in: subscription.storefront) else {
            throw EngineRejection(.notFound, error: .productNotFound, field: "productId",
                "product '\(target.productId)' has no price in storefront '\(subscription.storefront)'")
        }
        if !request.appAccountToken.isEmpty { subscription.appAccountToken = request.appAccountToken }
        let offer = try request.offer.flatMap { requested -> ItemOffer? in
            guard requested.offerType != .introductory else {
                throw EngineRejection(.failedPrecondition, field: "offer.offerType", "introductory offers are not available on a product switch")
            }
            return try redeem(requested, of: target, storefront: subscription.storefront, lapsed: false)
        }
        if let offer, target.productId == subscription.productId {
            // Same product: the offer starts with the next period (`OFFER_REDEEMED`, no subtype).
            var pending = offer
            pending.remainingPeriods += 1
            subscription.items[0].offer = pending
            subscription.autoRenewProductId = subscription.productId
            log.emit(.offerRedeemed, nil, &subscription, at: now)
            try store.save(subscription)
            return .switchProduct(info(subscription, at: now), effectiveImmediately: false, proratedRefund: .zero)
        }
        if target.productId == subscription.productId {
            if subscription.autoRenewProductId != subscription.productId {
                subscription.autoRenewProductId = subscription.productId
                log.emit(.didChangeRenewalPref, nil, &subscription, at: now)
            }
            try store.save(subscription)
            return .switchProduct(info(subscription, at: now), effectiveImmediately: false, proratedRefund: .zero)
        }
        let current = catalog.product(subscription.productId)
        let currentLevel = current?.level ?? Int.max
        let immediate = target.level < currentLevel || (target.level == currentLevel && target.period == subscription.period)
        guard immediate else {
            guard offer == nil else {
                throw EngineRejection(.unimplemented, field: "offer", "offers redeemed with a downgrade are not emulated")
            }
            subscription.autoRenewProductId = target.productId
            log.emit(.didChangeRenewalPref, .downgrade, &subscription, at: now)
            try store.save(subscription)
            return .switchProduct(info(subscription, at: now), effectiveImmediately: false, proratedRefund: .zero)
        }
        var refund = Milliunits.zero
        if let last = subscription.latestTransaction {
            refund = try Proration.refund(price: last.price, purchase: last.purchaseDate, expires: last.expiresDate, switchDate: now)
            subscription.updateLatestTransaction {
                $0.isUpgraded = true
                $0.revocationDate = now
                $0.refundAmount = refund
            }
        }
        invalidatePriceChanges(&subscription, sku: subscription.productId)
        subscription.productId = target.productId
        subscription.autoRenewProductId = target.productId
        subscription.period = target.period
        subscription.items = [SubscriptionItem(sku: target.productId, price: price.price, offer: offer)]
        try subscription.startPeriod(at: now)
        try subscription.recordTransaction(reason: .purchase, at: now)
        if offer != nil {
            log.emit(.offerRedeemed, .upgrade, &subscription, at: now)
        } else {
            log.emit(.didChangeRenewalPref, .upgrade, &subscription, at: now)
        }
        try store.save(subscription)
        return .switchProduct(info(subscription, at: now), effectiveImmediately: true, proratedRefund: refund)
    }
}
