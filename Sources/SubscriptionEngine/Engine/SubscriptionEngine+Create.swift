import AppleErrorCatalog

extension SubscriptionEngine {
    /// Advanced Commerce CREATE_SUBSCRIPTION: a new bundle subscription (or a resubscription).
    func create(
        _ request: CreateSubscriptionRequest, at now: Timestamp, store: inout some EngineStore, log: inout EventLog
    ) throws -> EngineReply {
        guard request.operation == .createSubscription else {
            throw EngineRejection(.invalidArgument, error: .invalidOperation, field: "operation", "operation must be CREATE_SUBSCRIPTION, got \(request.operation?.rawValue ?? "nothing")")
        }
        try checkVersion(request.version)
        let key = try requestKey(request.requestInfo)
        guard !request.customerId.isEmpty else { throw EngineRejection.missing("customerId") }
        guard let descriptors = request.descriptors else { throw EngineRejection.missing("descriptors", error: .nullDescriptors) }
        guard !request.currency.rawValue.isEmpty else { throw EngineRejection.missing("currency", error: .nullCurrency) }
        guard !request.storefront.rawValue.isEmpty else { throw EngineRejection.missing("storefront", error: .nullStorefront) }
        let period = try parsePeriod(request.period, field: "period")
        guard !request.items.isEmpty else { throw EngineRejection.missing("items", error: .nullItems) }
        var product: AdvancedCommerceProduct?
        var items: [SubscriptionItem] = []
        for (index, item) in request.items.enumerated() {
            let owner = try knownSKU(item.sku, field: "items[\(index)].SKU")
            guard product == nil || product == owner else {
                throw EngineRejection(.invalidArgument, error: .invalidSKU, field: "items[\(index)].SKU", "SKU '\(item.sku)' belongs to another product")
            }
            product = owner
            items.append(try subscriptionItem(item, period: period, field: "items[\(index)]"))
        }
        guard let product else { throw EngineRejection.missing("items") }
        let existing = try store.subscriptionIds(customerId: request.customerId, groupId: product.groupId).compactMap { try store.subscription($0) }
        for previous in existing {
            if let reply = try storedReply(key, of: previous, store: store) { return reply }
        }
        if let live = existing.first(where: \.isLive) {
            throw EngineRejection(.alreadyExists, error: .subscriptionAlreadyExists, "customer already has '\(live.originalTransactionId)' in group '\(product.groupId)'")
        }
        var subscription = try existing.first
            ?? newSubscription(customerId: request.customerId, groupId: product.groupId, kind: .advancedCommerce, at: now, store: store)
        subscription.kind = .advancedCommerce
        subscription.productId = product.productId
        subscription.autoRenewProductId = product.productId
        subscription.storefront = request.storefront
        subscription.currency = request.currency
        subscription.appAccountToken = request.requestInfo?.appAccountToken ?? ""
        subscription.items = items
        subscription.period = period
        subscription.descriptors = descriptors
        subscription.taxCode = request.taxCode
        subscription.state = .active
        subscription.autoRenewStatus = true
        subscription.expirationIntent = nil
        subscription.pendingChanges = PendingChanges()
        try subscription.startPeriod(at: now)
        try subscription.recordTransaction(reason: .purchase, at: now, requestReferenceId: request.requestInfo?.requestReferenceId)
        log.emit(.subscribed, existing.isEmpty ? .initialBuy : .resubscribe, &subscription, at: now)
        let reply = EngineReply.subscription(info(subscription, at: now))
        subscription.remember(reply, forKey: key)
        try store.save(subscription)
        return reply
    }

    func checkVersion(_ version: String) throws {
        guard !version.isEmpty else { throw EngineRejection.missing("version", error: .nullVersion) }
        guard version == "1" else {
            throw EngineRejection(.invalidArgument, error: .unexpectedVersion, field: "version", "version must be \"1\", got \"\(version)\"")
        }
    }

    func parsePeriod(_ text: String, field: String) throws -> ISOPeriod {
        guard !text.isEmpty else { throw EngineRejection.missing(field, error: .nullPeriod) }
        let allowed: Set<String> = ["P1W", "P1M", "P2M", "P3M", "P6M", "P1Y"]
        guard allowed.contains(text), let period = ISOPeriod(iso8601: text) else {
            throw EngineRejection(.invalidArgument, field: field, "'\(text)' is not one of P1W P1M P2M P3M P6M P1Y")
        }
        return period
    }

    func knownSKU(_ sku: String, field: String) throws -> AdvancedCommerceProduct {
        guard !sku.isEmpty else { throw EngineRejection.missing(field, error: .nullSKU) }
        guard let product = catalog.advancedCommerceProduct(sellingSKU: sku) else {
            // Not in the catalog: not found (404), like an unknown product id, not a malformed SKU.
            throw EngineRejection(
                .notFound, error: .productNotFound, field: field, "SKU '\(sku)' is in no Advanced Commerce product of the catalog")
        }
        return product
    }

    /// A validated item with its offer (R-MOD-4 prices, §3.3 offer rules).
    func subscriptionItem(_ item: AdvancedCommerceItem, period: ISOPeriod, field: String) throws -> SubscriptionItem {
        guard item.price > .zero else {
            throw EngineRejection(.invalidArgument, error: .negativePrice, field: "\(field).price", "price must be > 0, got \(item.price.rawValue)")
        }
        try item.price.checkPrice(field: "\(field).price")
        var result = SubscriptionItem(sku: item.sku, displayName: item.displayName, description: item.description, price: item.price)
        if let offer = item.offer {
            let offerPeriod = try parseOfferPeriod(offer.period, field: "\(field).offer.period")
            guard (1...12).contains(offer.periodCount) else {
                throw EngineRejection(.invalidArgument, error: .invalidOfferPeriodCount, field: "\(field).offer.periodCount", "periodCount must be 1...12, got \(offer.periodCount)")
            }
            guard offer.price > .zero || offer.periodCount == 1 else {
                throw EngineRejection(.invalidArgument, error: .freeTrialOfferMustUsePeriodCountOfOne, field: "\(field).offer.periodCount", "a free trial must use periodCount 1, got \(offer.periodCount)")
            }
            guard offer.price >= .zero, offer.price < item.price else {
                throw EngineRejection(.invalidArgument, error: .invalidOfferPrice, field: "\(field).offer.price", "offer price \(offer.price.rawValue) must be below the price \(item.price.rawValue)")
            }
            guard let reason = offer.reason else { throw EngineRejection.missing("\(field).offer.reason", error: .nullReason) }
            let offerType: OfferType = reason == .winBack ? .winBack : reason == .retention ? .promotional : .introductory
            result.offer = ItemOffer(
                offerType: offerType, discountType: offer.price == .zero ? .freeTrial : .payAsYouGo, identifier: reason.rawValue,
                price: offer.price, periodLength: period, remainingPeriods: offer.periodCount,
                offerPeriod: ISOPeriod(count: try offerPeriod.count.checkedProduct(offer.periodCount, "offer period"), unit: offerPeriod.unit))
        }
        return result
    }

    private func parseOfferPeriod(_ text: String, field: String) throws -> ISOPeriod {
        let allowed: Set<String> = ["P3D", "P1W", "P2W", "P1M", "P2M", "P3M", "P6M", "P9M", "P1Y"]
        guard allowed.contains(text), let period = ISOPeriod(iso8601: text) else {
            throw EngineRejection(.invalidArgument, error: .invalidOfferPeriod, field: field, "'\(text)' is not a valid offer period")
        }
        return period
    }
}
