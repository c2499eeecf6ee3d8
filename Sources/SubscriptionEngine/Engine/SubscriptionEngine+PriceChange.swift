import AppleErrorCatalog

extension SubscriptionEngine {
    /// Change Subscription Price (R-PRC-1..4, R-PRC-7).
    func changePrice(
        _ request: ChangePriceRequest, at now: Timestamp, store: inout some EngineStore, log: inout EventLog
    ) throws -> EngineReply {
        let key = try requestKey(request.requestInfo)
        var subscription = try load(transactionId: request.transactionId, store: store)
        if let reply = try storedReply(key, of: subscription, store: store) { return reply }
        try checkPriceChangeAllowed(request, subscription)
        var ids: [String] = []
        for item in request.items {
            guard let index = subscription.itemIndex(item.sku) else { continue }
            let current = subscription.items[index].price
            invalidateUncommunicated(&subscription, sku: item.sku)
            subscription.idCounter += 1
            let id = Subscription.derivedId(subscription.originalTransactionId, "-pc", subscription.idCounter)
            subscription.priceChanges.append(
                try schedule(id: id, sku: item.sku, from: current, to: item.price, dependents: item.dependentSKUs, subscription, at: now))
            ids.append(id)
        }
        log.emit(.priceChange, nil, &subscription, at: now)
        let reply = EngineReply.changePrice(info(subscription, at: now), priceChangeIds: ids)
        subscription.remember(reply, forKey: key)
        try store.save(subscription)
        return reply
    }

    /// A new price change: the renewal where it applies, when it is told, whether it needs consent.
    func schedule(
        id: String, sku: String, from current: Milliunits, to price: Milliunits, dependents: [String],
        _ subscription: Subscription, at now: Timestamp
    ) throws(EngineRejection) -> PriceChange {
        guard price > current else {
            return PriceChange(
                id: id, kind: .decrease, sku: sku, oldPrice: current, newPrice: price, dependentSKUs: dependents,
                requestedAt: now, effectiveDate: subscription.expiresDate, communicationDate: subscription.expiresDate,
                consentRequired: false, status: .scheduled)
        }
        let lead = PriceIncreaseRules.leadDays(for: subscription.period)
        var k = 0
        while try subscription.renewalDate(k).adding(days: -lead) < now { k = try k.checkedSum(1, "renewal \(k) + 1") }
        let effective = try subscription.renewalDate(k)
        let facts = PriceIncreaseRules.Facts(
            storefront: subscription.storefront, currency: subscription.currency, currentPrice: current, newPrice: price,
            period: subscription.period, effectiveDate: effective,
            previousIncreaseDates: subscription.priceIncreaseEffectiveDates, convertsFromOffer: false)
        return PriceChange(
            id: id, kind: .increase, sku: sku, oldPrice: current, newPrice: price, dependentSKUs: dependents,
            requestedAt: now, effectiveDate: effective, communicationDate: try effective.adding(days: -lead),
            consentRequired: try PriceIncreaseRules.consentRequired(facts, policy: catalog.policy), status: .scheduled)
    }

    /// R-PRC-2 refusals and request validation.
    private func checkPriceChangeAllowed(_ request: ChangePriceRequest, _ subscription: Subscription) throws {
        guard !request.items.isEmpty else { throw EngineRejection.missing("items", error: .nullItems) }
        for (index, item) in request.items.enumerated() { try item.price.checkPrice(field: "items[\(index)].price") }
        if let currency = request.currency, currency != subscription.currency {
            throw EngineRejection(.invalidArgument, error: .invalidCurrency, field: "currency",
                "currency '\(currency)' differs from the subscription's \(subscription.currency)")
        }
        guard subscription.storefront != .india else {
            throw EngineRejection(.failedPrecondition, error: .acaPriceIncreaseIsNotCurrentlySupportedInIndia,
                field: "storefront", "price changes are not supported in storefront IND")
        }
        switch subscription.state {
        case .active:
            break
        case .gracePeriod:
            throw EngineRejection(.failedPrecondition, error: .priceChangeInGracePeriod,
                "subscription '\(subscription.originalTransactionId)' is in its billing grace period (its last renewal charge failed); change the price once a charge succeeds")
        case .billingRetry:
            throw EngineRejection(.failedPrecondition, error: .priceChangeInBillingRetry,
                "subscription '\(subscription.originalTransactionId)' is in billing retry (its last renewal charge failed); change the price once a charge succeeds")
        case .expired, .revoked:
            throw EngineRejection(.failedPrecondition, error: .subscriptionNotEligible,
                "subscription '\(subscription.originalTransactionId)' \(subscription.state.plainDescription): only an active subscription gets a price change")
        }
        guard subscription.autoRenewStatus else {
            throw EngineRejection(.failedPrecondition, error: .priceChangeAutoRenewOff,
                "auto-renew of subscription '\(subscription.originalTransactionId)' is off, so it will not renew at any price; a price change needs auto-renew on")
        }
        // Sets only where they are needed: one item (nearly every request) allocates none, and a
        // field's name is built only for an error.
        var dependentsSeen: Set<String> = []
        var skusSeen: Set<String> = []
        for (index, item) in request.items.enumerated() {
            var field: String { "items[\(index)]" }
            guard request.items.count == 1 || skusSeen.insert(item.sku).inserted else {
                throw EngineRejection(.invalidArgument, error: .itemCannotBeSpecifiedMultipleTimes, field: "\(field).SKU", "SKU '\(item.sku)' appears twice")
            }
            guard item.price > .zero else {
                throw EngineRejection(.invalidArgument, error: .negativePrice, field: "\(field).price", "price must be > 0, got \(item.price.rawValue)")
            }
            guard let current = subscription.itemIndex(item.sku).map({ subscription.items[$0] }) else {
                throw EngineRejection(.invalidArgument, error: .invalidSKUProvidedMustBeCurrentSKUSetToRenew, field: "\(field).SKU", "SKU '\(item.sku)' is not in the subscription")
            }
            guard current.offer == nil else {
                throw EngineRejection(.failedPrecondition, error: .priceChangeInOfferPeriod, field: "\(field).SKU",
                    "SKU '\(item.sku)' is in an offer period until its offer ends; change its price after that")
            }
            guard item.price != current.price else {
                throw EngineRejection(.invalidArgument, field: "\(field).price", "price \(item.price.rawValue) equals the current price")
            }
            if subscription.priceChanges.contains(where: { $0.isOpen && $0.sku == item.sku && $0.isCommunicated }) {
                throw EngineRejection(.failedPrecondition, error: .priceChangeCannotBeIssuedWhenAlreadyCommunicated, field: "\(field).SKU", "a price change of '\(item.sku)' was already communicated")
            }
            for dependent in item.dependentSKUs {
                let existingParent = subscription.priceChanges.contains { $0.isOpen && !$0.dependentSKUs.isEmpty && $0.sku == dependent }
                guard dependent != item.sku, subscription.itemIndex(dependent) != nil else {
                    throw EngineRejection(.invalidArgument, error: .invalidSKUProvidedMustBeCurrentSKUSetToRenew, field: "\(field).dependentSKUs", "dependent SKU '\(dependent)' is not another item of the subscription")
                }
                let dependentHasOwn = request.items.contains { $0.sku == dependent && !$0.dependentSKUs.isEmpty }
                guard !dependentHasOwn, !existingParent, !dependentsSeen.contains(item.sku) else {
                    throw EngineRejection(.invalidArgument, error: .dependentSKUsCannotBeChained, field: "\(field).dependentSKUs", "dependent SKU '\(dependent)' would form a chain")
                }
                guard dependentsSeen.insert(dependent).inserted else {
                    throw EngineRejection(.invalidArgument, error: .dependentSKUsCannotBeShared, field: "\(field).dependentSKUs", "dependent SKU '\(dependent)' has two parents")
                }
            }
        }
        for item in request.items where !item.dependentSKUs.isEmpty && dependentsSeen.contains(item.sku) {
            throw EngineRejection(.invalidArgument, error: .dependentSKUsCannotBeChained, field: "items", "SKU '\(item.sku)' is both a dependent and a parent")
        }
    }

    private func invalidateUncommunicated(_ subscription: inout Subscription, sku: String) {
        for index in subscription.priceChanges.indices
        where subscription.priceChanges[index].isOpen && subscription.priceChanges[index].sku == sku
            && !subscription.priceChanges[index].isCommunicated
        {
            subscription.priceChanges[index].status = .invalidated
        }
    }

    /// The idempotency key of an Advanced Commerce request (R-MOD-5).
    func requestKey(_ info: RequestInfo?) throws -> String {
        guard let info else { throw EngineRejection.missing("requestInfo", error: .nullRequestInfo) }
        guard !info.requestReferenceId.isEmpty else {
            throw EngineRejection.missing("requestInfo.requestReferenceId", error: .nullRequestReferenceId)
        }
        return "ref:\(info.requestReferenceId)"
    }
}
