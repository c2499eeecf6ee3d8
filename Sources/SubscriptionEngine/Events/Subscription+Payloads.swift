extension Subscription {
    /// The latest transaction as Apple would sign it at `now`.
    func transactionInfo(app: AppInfo, at now: Timestamp) -> TransactionInfo? {
        guard let record = latestTransaction else { return nil }
        return transactionInfo(record, app: app, at: now)
    }

    func transactionInfo(_ record: TransactionRecord, app: AppInfo, at now: Timestamp) -> TransactionInfo {
        TransactionInfo(
            transactionId: record.transactionId, originalTransactionId: originalTransactionId,
            webOrderLineItemId: record.webOrderLineItemId, bundleId: app.bundleId, productId: record.productId,
            subscriptionGroupIdentifier: groupId, purchaseDate: record.purchaseDate,
            originalPurchaseDate: originalPurchaseDate, expiresDate: record.expiresDate, quantity: 1,
            type: "Auto-Renewable Subscription", appAccountToken: record.appAccountToken,
            inAppOwnershipType: ownership, signedDate: now, revocationReason: record.revocationReason,
            revocationDate: record.revocationDate, revocationType: record.revocationType,
            revocationPercentage: record.revocationPercentage, isUpgraded: record.isUpgraded,
            offerType: record.offerType, offerIdentifier: record.offerIdentifier,
            offerDiscountType: record.offerDiscountType, offerPeriod: record.offerPeriod?.description,
            environment: app.environment, transactionReason: record.reason, storefront: storefront,
            price: record.price, currency: record.currency,
            advancedCommerceInfo: kind == .advancedCommerce
                ? AdvancedCommerceTransactionInfo(
                    descriptors: descriptors, items: record.items.map { itemInfo($0, revocationDate: record.revocationDate) },
                    period: period.description, requestReferenceId: record.requestReferenceId ?? "", taxCode: taxCode)
                : nil)
    }

    /// The renewal info as Apple would sign it at `now`.
    func renewalInfo(app: AppInfo, at now: Timestamp) -> RenewalInfo {
        let offer = renewalOffer
        let increases = priceChanges.filter { $0.isOpen && $0.kind == .increase }
        let priceIncreaseStatus: PriceIncreaseStatus? =
            increases.contains { $0.status == .pending || $0.status == .declined } ? .notResponded
            : increases.contains { $0.status == .accepted } ? .accepted : nil
        return RenewalInfo(
            originalTransactionId: originalTransactionId, productId: productId,
            autoRenewProductId: autoRenewProductId, autoRenewStatus: autoRenewStatus,
            expirationIntent: expirationIntent, gracePeriodExpiresDate: state == .gracePeriod ? gracePeriodExpiresDate : nil,
            isInBillingRetryPeriod: state == .gracePeriod || state == .billingRetry,
            priceIncreaseStatus: priceIncreaseStatus, offerType: offer?.offerType, offerIdentifier: offer?.identifier,
            offerDiscountType: offer?.discountType, offerPeriod: offer?.offerPeriod.description,
            recentSubscriptionStartDate: originalPurchaseDate, renewalDate: expiresDate,
            renewalPrice: renewalPrice, currency: currency, appAccountToken: appAccountToken, signedDate: now,
            environment: app.environment,
            advancedCommerceInfo: kind == .advancedCommerce
                ? AdvancedCommerceRenewalInfo(
                    consistencyToken: "1.\(sequence).\(originalTransactionId)", descriptors: descriptors,
                    items: items.map(renewalItemInfo), period: period.description,
                    requestReferenceId: latestTransaction?.requestReferenceId ?? "", taxCode: taxCode)
                : nil)
    }

    /// The offer that still applies at the next renewal (one remaining period after this one).
    var renewalOffer: ItemOffer? {
        items.compactMap(\.offer).first { $0.remainingPeriods > 1 }
    }

    /// What the next renewal will charge, with scheduled price changes and ending offers, as
    /// the payloads show it. The renewal itself charges ``checkedRenewalPrice()``; a sum too large
    /// to compute (only stored values from before the entries were bounded) shows as `Int64.max`
    /// here, and the renewal refuses it (the subscription is quarantined, docs/reliability.md).
    var renewalPrice: Milliunits {
        (try? checkedRenewalPrice()) ?? Milliunits(.max)
    }

    /// What the next renewal will charge, or a refusal when the sum does not fit.
    func checkedRenewalPrice() throws(EngineRejection) -> Milliunits {
        try items.lazy.map(renewalPrice(of:)).sum()
    }

    func renewalPrice(of item: SubscriptionItem) -> Milliunits {
        if let offer = item.offer, offer.remainingPeriods > 1 { return offer.price }
        let change = priceChanges.first {
            $0.isOpen && $0.sku == item.sku && $0.effectiveDate <= expiresDate && $0.kind != .offerConversion
                && $0.status != .declined
        }
        return change?.newPrice ?? item.price
    }

    private func itemInfo(_ item: SubscriptionItem, revocationDate: Timestamp?) -> AdvancedCommerceItemInfo {
        AdvancedCommerceItemInfo(
            sku: item.sku, displayName: item.displayName, description: item.description, price: item.chargedPrice,
            offerPeriod: item.offer?.periodLength.description, offerPeriodCount: item.offer?.remainingPeriods,
            offerPrice: item.offer?.price, priceIncreaseInfo: nil, revocationDate: revocationDate)
    }

    private func renewalItemInfo(_ item: SubscriptionItem) -> AdvancedCommerceItemInfo {
        let change = priceChanges.first { $0.isOpen && $0.sku == item.sku && $0.kind != .offerConversion }
        return AdvancedCommerceItemInfo(
            sku: item.sku, displayName: item.displayName, description: item.description,
            price: renewalPrice(of: item), offerPeriod: item.offer?.periodLength.description,
            offerPeriodCount: item.offer.map { $0.remainingPeriods - 1 }, offerPrice: item.offer?.price,
            priceIncreaseInfo: change.map {
                PriceIncreaseInfo(status: $0.infoStatus, price: $0.newPrice, dependentSKUs: $0.dependentSKUs)
            }, revocationDate: nil)
    }
}
