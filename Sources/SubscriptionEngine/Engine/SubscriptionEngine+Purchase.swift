import AppleErrorCatalog

extension SubscriptionEngine {
    /// In-app purchase (R-GRP-1, R-INT-1, R-INT-2): a new subscription, a resubscription of a
    /// lapsed one, or, when the customer already has a live subscription in the group, a switch.
    func purchase(
        _ request: PurchaseRequest, at now: Timestamp, store: inout some EngineStore, log: inout EventLog
    ) throws -> EngineReply {
        guard !request.customerId.isEmpty else { throw EngineRejection.missing("customerId") }
        guard let product = catalog.product(request.productId) else {
            throw EngineRejection(.notFound, error: .productNotFound, field: "productId", "unknown product '\(request.productId)'")
        }
        guard let price = product.price(in: request.storefront) else {
            // Our route: a product without a price in the storefront is not sold there, so not found.
            throw EngineRejection(.notFound, error: .productNotFound, field: "storefront",
                "product '\(product.productId)' is not sold in storefront '\(request.storefront)' (the catalog has no price there)")
        }
        let ids = try store.subscriptionIds(customerId: request.customerId, groupId: product.groupId)
        let existing = try ids.compactMap { try store.subscription($0) }
        if let live = existing.first(where: \.isLive) {
            guard live.productId != product.productId || live.autoRenewProductId != product.productId else {
                throw EngineRejection(.alreadyExists, error: .subscriptionAlreadyActive, field: "productId",
                    "customer already subscribes to '\(product.productId)' (\(live.originalTransactionId))")
            }
            let switchRequest = SwitchProductRequest(
                originalTransactionId: live.originalTransactionId, productId: product.productId, appAccountToken: request.appAccountToken)
            return try switchProduct(switchRequest, at: now, store: &store, log: &log)
        }
        var subscription = try existing.first
            ?? newSubscription(customerId: request.customerId, groupId: product.groupId, kind: .inApp, at: now, store: store)
        let eligible = !subscription.introOfferRedeemed
            && (catalog.policy.introOfferEligibility == .neverRedeemedInGroup || existing.isEmpty)
        var item = SubscriptionItem(sku: product.productId, price: price.price)
        if let requested = request.offer, requested.offerType != .introductory {
            item.offer = try redeem(requested, of: product, storefront: request.storefront, lapsed: !existing.isEmpty)
        } else if eligible, let intro = product.introductoryOffer {
            item.offer = try introOffer(intro, product: product, storefront: request.storefront)
            subscription.introOfferRedeemed = item.offer != nil
        }
        let resubscribe = !existing.isEmpty
        subscription.productId = product.productId
        subscription.autoRenewProductId = product.productId
        subscription.storefront = request.storefront
        subscription.currency = price.currency
        subscription.appAccountToken = request.appAccountToken
        subscription.items = [item]
        subscription.period = product.period
        subscription.state = .active
        subscription.autoRenewStatus = true
        subscription.expirationIntent = nil
        try subscription.startPeriod(at: now)
        try subscription.recordTransaction(reason: .purchase, at: now)
        try scheduleKoreaConversion(&subscription, at: now)
        log.emit(.subscribed, resubscribe ? .resubscribe : .initialBuy, &subscription, at: now)
        try shareWithFamily(&subscription, members: request.familyMemberCustomerIds, product: product, at: now, store: &store, log: &log)
        try store.save(subscription)
        return .subscription(info(subscription, at: now))
    }

    /// The offer state for an introductory offer (R-INT-2).
    func introOffer(
        _ intro: IntroductoryOffer, product: Product, storefront: StorefrontCode
    ) throws(EngineRejection) -> ItemOffer? {
        let total = ISOPeriod(
            count: try intro.period.count.checkedProduct(intro.periodCount, "\(intro.period) × \(intro.periodCount)"),
            unit: intro.period.unit)
        switch intro.type {
        case .freeTrial:
            return ItemOffer(offerType: .introductory, discountType: .freeTrial, identifier: "", price: .zero,
                periodLength: total, remainingPeriods: 1, offerPeriod: total)
        case .payUpFront:
            guard let price = intro.prices?[storefront.rawValue] else { return nil }
            return ItemOffer(offerType: .introductory, discountType: .payUpFront, identifier: "", price: price.price,
                periodLength: total, remainingPeriods: 1, offerPeriod: total)
        case .payAsYouGo:
            guard let price = intro.prices?[storefront.rawValue] else { return nil }
            return ItemOffer(offerType: .introductory, discountType: .payAsYouGo, identifier: "", price: price.price,
                periodLength: product.period, remainingPeriods: intro.periodCount, offerPeriod: total)
        case .oneTime:
            return nil
        }
    }

    /// A promotional, offer-code or win-back offer named in a purchase (R-GRP-1: the
    /// transaction carries it). Win-back offers are for lapsed customers only.
    func redeem(_ requested: PurchaseOffer, of product: Product, storefront: StorefrontCode, lapsed: Bool) throws -> ItemOffer? {
        guard let defined = product.offers?[requested.offerIdentifier], defined.offerType == requested.offerType else {
            throw EngineRejection(.notFound, field: "offer.offerIdentifier",
                "product '\(product.productId)' has no \(requested.offerType) offer '\(requested.offerIdentifier)'")
        }
        guard requested.offerType != .winBack || lapsed else {
            throw EngineRejection(.failedPrecondition, field: "offer.offerIdentifier", "win-back offer '\(requested.offerIdentifier)' is for lapsed subscribers only")
        }
        var offer = try introOffer(defined.offer, product: product, storefront: storefront)
        offer?.offerType = requested.offerType
        offer?.identifier = requested.offerIdentifier
        return offer
    }

    /// South Korea: an offer converting to the regular price needs consent, asked in the 30
    /// days before the payment date (R-PRC-3, R-PRC-8).
    func scheduleKoreaConversion(_ subscription: inout Subscription, at now: Timestamp) throws(EngineRejection) {
        guard subscription.storefront == .southKorea, catalog.policy.koreaOfferConversionConsent,
            let item = subscription.items.first, let offer = item.offer
        else { return }
        let conversion = try subscription.currentPeriodStart.adding(offer.periodLength, times: offer.remainingPeriods)
        subscription.idCounter += 1
        subscription.priceChanges.append(
            PriceChange(
                id: Subscription.derivedId(subscription.originalTransactionId, "-pc", subscription.idCounter), kind: .offerConversion,
                sku: item.sku, oldPrice: offer.price, newPrice: item.price, dependentSKUs: [], requestedAt: now,
                effectiveDate: conversion, communicationDate: max(now, try conversion.adding(days: -30)),
                consentRequired: true, status: .scheduled))
    }

    /// A fresh aggregate. Its `originalTransactionId` comes from the store's scheme
    /// (``NewSubscriptionId``): on a test clock or a hashed store, derived from customer, group
    /// and clock (R-CLK-1: the same customer id on two clocks is two customers, and one used again
    /// after its clock was deleted gets new ids, so no notification UUID repeats); on a
    /// time-ordered store, from `now`. `reserved` is an id the store cannot see yet (the family
    /// purchaser's, saved after its members).
    func newSubscription(
        customerId: String, groupId: String, kind: Subscription.Kind, at now: Timestamp, store: some EngineStore,
        reserved: String? = nil
    ) throws -> Subscription {
        let id = try NewSubscriptionId.make(customerId: customerId, groupId: groupId, at: now, reserved: reserved, in: store)
        return Subscription(
            originalTransactionId: id, customerId: customerId, groupId: groupId, kind: kind, ownership: .purchased,
            familyPurchaserId: nil, familyMemberIds: [], productId: "",
            autoRenewProductId: "", storefront: .unitedStates, currency: .usd, appAccountToken: "", items: [],
            period: .oneMonth, descriptors: nil, taxCode: "", originalPurchaseDate: now, currentPeriodStart: now,
            expiresDate: now, anchor: now, anchorPeriod: .oneMonth, anchorIndex: 0, state: .expired,
            autoRenewStatus: true, expirationIntent: nil, billingMode: .succeeds, retryStartDate: nil,
            gracePeriodExpiresDate: nil, billingRetryEndDate: nil, introOfferRedeemed: false,
            paidPeriodCount: 0, latestTransaction: nil, transactionCount: 0, priceChanges: [], priceIncreaseEffectiveDates: [], extensions: [],
            pendingChanges: PendingChanges(), sequence: 0, idCounter: 0, clockId: store.clockId)
    }
}
