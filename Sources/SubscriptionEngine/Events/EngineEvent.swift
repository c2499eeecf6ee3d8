/// One notification event, shaped after App Store Server Notifications V2 (R-EVT-1);
/// maps 1:1 onto `subscriptions.v1.NotificationEvent`.
public struct EngineEvent: Codable, Sendable, Hashable {
    /// Exactly one payload per event.
    public indirect enum Payload: Codable, Sendable, Hashable {
        case data(NotificationData)
        case summary(MassExtensionSummary)
        case communication(SubscriberCommunication)
        case retention(RetentionEvent)
    }

    public var notificationType: NotificationType
    public var subtype: NotificationSubtype?
    /// Name-based UUID of (subscription, sequence), stable across replays (R-EVT-3).
    public var notificationUUID: String
    public var signedDate: Timestamp
    public var version: String
    /// Gap-free per subscription, from 1; 0 for a mass-extension summary.
    public var sequence: UInt64
    /// `originalTransactionId`; empty for a summary.
    public var subscriptionId: String
    /// Command that caused the event; nil when time passing caused it.
    public var causedByCommandId: String?
    public var payload: Payload
}

/// Apple's `data`.
public struct NotificationData: Codable, Sendable, Hashable {
    public var environment: Environment
    public var appAppleId: Int64
    public var bundleId: String
    public var bundleVersion: String
    public var status: SubscriptionStatus
    public var transactionInfo: TransactionInfo?
    public var renewalInfo: RenewalInfo
    /// `consumptionRequestReason`: `CONSUMPTION_REQUEST` only.
    public var consumptionRequestReason: ConsumptionRequestReason? = nil
}

/// Apple's `summary` of a finished mass extension.
public struct MassExtensionSummary: Codable, Sendable, Hashable {
    public var requestIdentifier: String
    public var environment: Environment
    public var appAppleId: Int64
    public var bundleId: String
    public var productId: String
    public var storefrontCountryCodes: [StorefrontCode]
    public var failedCount: Int64
    public var succeededCount: Int64
}

/// Ours: one communication to the subscriber on one channel (R-EVT-2).
public struct SubscriberCommunication: Codable, Sendable, Hashable {
    public var channel: CommunicationChannel
    public var kind: CommunicationKind
    public var priceChangeIds: [String]
    public var consentRequired: Bool
    public var effectiveRenewalDate: Timestamp
    public var originalTransactionId: String
    public var storefront: StorefrontCode
    public var environment: Environment
    public var bundleId: String
    public var renewalInfo: RenewalInfo
}

/// Ours: a retention offer asked for, shown or answered (docs/retention-messaging.md).
public struct RetentionEvent: Codable, Sendable, Hashable {
    public var originalTransactionId: String
    public var offer: RetentionOffer
    public var environment: Environment
    public var bundleId: String
    public var appAppleId: Int64
    public var renewalInfo: RenewalInfo
}
