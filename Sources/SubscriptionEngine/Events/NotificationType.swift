/// Apple's `notificationType`, with Apple's raw values, plus our `SUBSCRIBER_COMMUNICATION`.
public enum NotificationType: String, Codable, Sendable, Hashable, CaseIterable {
    case subscribed = "SUBSCRIBED"
    case didRenew = "DID_RENEW"
    case didChangeRenewalPref = "DID_CHANGE_RENEWAL_PREF"
    case didChangeRenewalStatus = "DID_CHANGE_RENEWAL_STATUS"
    case offerRedeemed = "OFFER_REDEEMED"
    case didFailToRenew = "DID_FAIL_TO_RENEW"
    case gracePeriodExpired = "GRACE_PERIOD_EXPIRED"
    case expired = "EXPIRED"
    case priceIncrease = "PRICE_INCREASE"
    case priceChange = "PRICE_CHANGE"
    case renewalExtended = "RENEWAL_EXTENDED"
    case renewalExtension = "RENEWAL_EXTENSION"
    case refund = "REFUND"
    case refundDeclined = "REFUND_DECLINED"
    case refundReversed = "REFUND_REVERSED"
    case consumptionRequest = "CONSUMPTION_REQUEST"
    case revoke = "REVOKE"
    case metadataUpdate = "METADATA_UPDATE"
    case migration = "MIGRATION"
    /// Ours: a communication to the subscriber (R-EVT-2).
    case subscriberCommunication = "SUBSCRIBER_COMMUNICATION"
    /// Ours: the subscription's due transition was refused and its timers are held until an
    /// operator retries it (``Quarantine``, docs/reliability.md).
    case quarantined = "QUARANTINED"
    /// Ours: a retention offer asked for, shown or answered (docs/retention-messaging.md).
    case retentionMessage = "RETENTION_MESSAGE"
}

/// Apple's `subtype`, with Apple's raw values, plus our communication kinds.
public enum NotificationSubtype: String, Codable, Sendable, Hashable, CaseIterable {
    case initialBuy = "INITIAL_BUY"
    case resubscribe = "RESUBSCRIBE"
    case downgrade = "DOWNGRADE"
    case upgrade = "UPGRADE"
    case autoRenewEnabled = "AUTO_RENEW_ENABLED"
    case autoRenewDisabled = "AUTO_RENEW_DISABLED"
    case voluntary = "VOLUNTARY"
    case billingRetry = "BILLING_RETRY"
    case priceIncrease = "PRICE_INCREASE"
    case gracePeriod = "GRACE_PERIOD"
    case pending = "PENDING"
    case accepted = "ACCEPTED"
    case billingRecovery = "BILLING_RECOVERY"
    case productNotForSale = "PRODUCT_NOT_FOR_SALE"
    case summary = "SUMMARY"
    case failure = "FAILURE"
    /// Ours: first request for consent.
    case consentRequest = "CONSENT_REQUEST"
    /// Ours: a repeated consent request.
    case consentReminder = "CONSENT_REMINDER"
    /// Ours: a notice that needs no consent.
    case notice = "NOTICE"
    /// Ours: auto-renew off was asked; the app's Get Retention Message endpoint is called.
    case retentionRequested = "RETENTION_REQUESTED"
    /// Ours: the retention message is shown.
    case retentionPresented = "RETENTION_PRESENTED"
    /// Ours: the subscriber answered the retention offer.
    case retentionAnswered = "RETENTION_ANSWERED"
}

/// Channel of a subscriber communication (R-EVT-2).
public enum CommunicationChannel: String, Codable, Sendable, Hashable, CaseIterable {
    case email = "EMAIL"
    case priceIncreaseSheet = "PRICE_INCREASE_SHEET"
    case push = "PUSH"
}

/// Kind of a subscriber communication.
public enum CommunicationKind: String, Codable, Sendable, Hashable {
    case consentRequest = "CONSENT_REQUEST"
    case consentReminder = "CONSENT_REMINDER"
    case notice = "NOTICE"

    var subtype: NotificationSubtype {
        switch self {
        case .consentRequest: return .consentRequest
        case .consentReminder: return .consentReminder
        case .notice: return .notice
        }
    }
}
