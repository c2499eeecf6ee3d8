extension Subscription {
    /// Length of the period starting now: an in-app offer's own length, else the regular period.
    var currentPeriodLength: ISOPeriod {
        if kind == .inApp, let offer = items.first?.offer { return offer.periodLength }
        return period
    }

    /// Starts a billing period at `start`, keeping the anchor when the period continues the
    /// anchored series (no month-end drift) and re-anchoring otherwise.
    /// A refusal when the period's end is beyond ``Timestamp/latest``; nothing is changed then.
    mutating func startPeriod(at start: Timestamp) throws(EngineRejection) {
        let length = currentPeriodLength
        var (anchor, anchorPeriod, anchorIndex) = (self.anchor, self.anchorPeriod, self.anchorIndex)
        if length != anchorPeriod || (try? anchor.adding(anchorPeriod, times: anchorIndex)) != start {
            anchor = start
            anchorPeriod = length
            anchorIndex = 0
        }
        anchorIndex = try anchorIndex.checkedSum(1, "period \(anchorIndex) + 1")
        let expires = try anchor.adding(length, times: anchorIndex)
        (self.anchor, self.anchorPeriod, self.anchorIndex) = (anchor, anchorPeriod, anchorIndex)
        currentPeriodStart = start
        expiresDate = expires
    }

    /// Moves the renewal date (extensions) and re-anchors the series on it.
    mutating func moveRenewalDate(to date: Timestamp) {
        expiresDate = date
        anchor = date
        anchorIndex = 0
        anchorPeriod = currentPeriodLength
        updateLatestTransaction { $0.expiresDate = date }
    }

    /// The `k`-th renewal date from now (k = 0 is the next one), assuming regular periods.
    func renewalDate(_ k: Int) throws(EngineRejection) -> Timestamp {
        guard k > 0 else { return expiresDate }
        if anchorPeriod == period { return try anchor.adding(period, times: try anchorIndex.checkedSum(k, "period \(anchorIndex) + \(k)")) }
        return try expiresDate.adding(period, times: k)
    }

    /// Records a charge for the period that just started.
    /// A refusal when an item's price is above what any storefront charges (a stored value from
    /// before the entries were bounded) or the prices do not add up; nothing is changed then.
    mutating func recordTransaction(
        reason: TransactionReason, at now: Timestamp, requestReferenceId: String? = nil
    ) throws(EngineRejection) {
        for item in items { try item.chargedPrice.checkPrice(field: "items.price") }
        let price = try items.lazy.map(\.chargedPrice).sum()
        let ids = nextIds()
        let offer = items.compactMap(\.offer).first
        appendTransaction(
            TransactionRecord(
                transactionId: ids.transactionId, webOrderLineItemId: ids.webOrderLineItemId, productId: productId,
                purchaseDate: now, expiresDate: expiresDate, price: price, currency: currency, reason: reason,
                offerType: offer?.offerType, offerDiscountType: offer?.discountType, offerIdentifier: offer?.identifier,
                offerPeriod: offer?.offerPeriod, appAccountToken: appAccountToken, items: items,
                requestReferenceId: requestReferenceId))
        if price > .zero { paidPeriodCount += 1 }
    }

    /// Moves every item's offer on by one period at a renewal; ended offers are removed.
    mutating func advanceOffers() {
        for index in items.indices {
            guard var offer = items[index].offer else { continue }
            offer.remainingPeriods -= 1
            items[index].offer = offer.remainingPeriods > 0 ? offer : nil
        }
    }

    /// Ends every open price change (the subscription ended or was reset).
    mutating func closePriceChanges(as status: PriceChange.Status) {
        for index in priceChanges.indices where priceChanges[index].isOpen {
            priceChanges[index].status = status
        }
    }
}
