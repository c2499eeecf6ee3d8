import SubscriptionMessages

/// Counters over a stream of events, for `events stats`: events by type and subtype, the
/// price-increase consent funnel, renewals, expirations by reason and revenue by currency.
///
/// The funnel is read from the event stream alone: a consent is *requested* by
/// `PRICE_INCREASE/PENDING`, *reminded* by a `SUBSCRIBER_COMMUNICATION/CONSENT_REMINDER`,
/// *accepted* by `PRICE_INCREASE/ACCEPTED` while pending, *declined* by a renewal-status or
/// renewal-preference change caused by a command while pending, and *expired* by
/// `EXPIRED/PRICE_INCREASE` without a decline. `ACCEPTED` without a pending request is a
/// no-consent notice.
struct EventStatistics: Sendable, Equatable {
    var total = 0
    var byType: [String: Int] = [:]
    var byTypeAndSubtype: [String: Int] = [:]
    var consentRequested = 0
    var consentReminded: Set<String> = []
    var consentAccepted = 0
    var consentDeclined = 0
    var consentExpired = 0
    var noConsentNotices = 0
    var renewals = 0
    var billingRecoveries = 0
    var expirationsByReason: [String: Int] = [:]
    var revenueByCurrency: [String: Int64] = [:]
    private var pending: Set<String> = []
    private var declined: Set<String> = []

    /// Counts one event.
    mutating func record(_ event: Subscriptions_V1_NotificationEvent) {
        let type = event.notificationType.routingSegment
        let subtype = event.subtype.routingSegment
        let subscription = event.subscriptionID
        total += 1
        byType[type, default: 0] += 1
        byTypeAndSubtype["\(type)/\(subtype)", default: 0] += 1
        switch (event.notificationType, event.subtype) {
        case (.priceIncrease, .pending):
            consentRequested += 1
            pending.insert(subscription)
        case (.subscriberCommunication, .consentReminder):
            consentReminded.insert(subscription)
        case (.priceIncrease, .accepted):
            if pending.remove(subscription) != nil { consentAccepted += 1 } else { noConsentNotices += 1 }
        case (.didChangeRenewalStatus, .autoRenewDisabled), (.didChangeRenewalPref, .unspecified):
            if !event.causedByCommandID.isEmpty, pending.remove(subscription) != nil {
                consentDeclined += 1
                declined.insert(subscription)
            }
        case (.expired, .priceIncrease):
            pending.remove(subscription)
            if declined.remove(subscription) == nil { consentExpired += 1 }
        default:
            break
        }
        if event.notificationType == .didRenew {
            renewals += 1
            if event.subtype == .billingRecovery { billingRecoveries += 1 }
        }
        if event.notificationType == .expired { expirationsByReason[subtype, default: 0] += 1 }
        if event.notificationType == .didRenew || event.notificationType == .subscribed, case .data(let data) = event.payload {
            let transaction = data.transactionInfo
            if !transaction.currency.isEmpty { revenueByCurrency[transaction.currency, default: 0] += transaction.price }
        }
    }

    /// The report, one line per counter, sorted by name within each section.
    func report() -> [String] {
        var lines = ["events: \(total)"]
        for (type, count) in byType.sorted(by: { $0.key < $1.key }) { lines.append("  \(type): \(count)") }
        lines.append("by type/subtype:")
        for (key, count) in byTypeAndSubtype.sorted(by: { $0.key < $1.key }) { lines.append("  \(key): \(count)") }
        lines.append("consent funnel: requested \(consentRequested) → reminded \(consentReminded.count) → "
            + "accepted \(consentAccepted) / declined \(consentDeclined) / expired \(consentExpired)"
            + " (no-consent notices \(noConsentNotices))")
        lines.append("renewals: \(renewals) (billing recoveries \(billingRecoveries))")
        let expirations = expirationsByReason.sorted(by: { $0.key < $1.key }).map { "\($0.key) \($0.value)" }
        lines.append("expirations: \(expirations.isEmpty ? "none" : expirations.joined(separator: ", "))")
        let revenue = revenueByCurrency.sorted(by: { $0.key < $1.key }).map { Money.format(milliunits: $0.value, currency: $0.key) }
        lines.append("revenue: \(revenue.isEmpty ? "none" : revenue.joined(separator: ", "))")
        return lines
    }
}
