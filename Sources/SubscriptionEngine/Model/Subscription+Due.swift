extension Subscription {
    /// The earliest instant at which something happens to this subscription without a
    /// command: renewal or expiry, grace or retry end, price-change communications. The store
    /// indexes subscriptions by it; nil when nothing is scheduled.
    public var nextDueTime: Timestamp? {
        // A family member's subscription follows its purchaser's and has no timers of its own.
        guard familyPurchaserId == nil else { return nil }
        // A quarantined subscription waits for an operator (``Quarantine``).
        guard quarantine == nil else { return nil }
        var candidates: [Timestamp] = []
        switch state {
        case .active:
            candidates.append(expiresDate)
            // Nobody is told about a new price while auto-renew is off (R-PRC-11 reschedules).
            if autoRenewStatus {
                candidates.append(contentsOf: priceChanges.filter(\.isOpen).compactMap { $0.nextCommunicationDate() })
            }
        case .gracePeriod:
            if let grace = gracePeriodExpiresDate { candidates.append(grace) }
            if let end = billingRetryEndDate { candidates.append(end) }
        case .billingRetry:
            if let end = billingRetryEndDate { candidates.append(end) }
        case .expired, .revoked:
            break
        }
        return candidates.min()
    }

}
