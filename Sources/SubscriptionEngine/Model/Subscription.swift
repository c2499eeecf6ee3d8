/// One subscription aggregate: everything the engine knows about a customer's subscription
/// in one group. Codable so the consumer can store it as a document; the store indexes it by
/// `nextDueTime` (see `Subscription+Due.swift`), `customerId`/`groupId` and `productId`.
public struct Subscription: Codable, Sendable, Hashable {
    /// Whether the subscription was bought in-app or through Advanced Commerce.
    public enum Kind: String, Codable, Sendable, Hashable {
        case inApp
        case advancedCommerce
    }

    /// Life-cycle state; maps onto Apple's `status`.
    public enum State: String, Codable, Sendable, Hashable {
        case active
        case gracePeriod
        case billingRetry
        case expired
        case revoked
    }

    /// How the next charges go (the simulated payment side, R-REN-1).
    public enum BillingMode: String, Codable, Sendable, Hashable {
        case succeeds
        case fails
    }

    public internal(set) var originalTransactionId: String
    public internal(set) var customerId: String
    public internal(set) var groupId: String
    public internal(set) var kind: Kind
    /// `PURCHASED`, or `FAMILY_SHARED` for a family member's access.
    public internal(set) var ownership: InAppOwnershipType
    /// Family member's subscription: the purchaser's `originalTransactionId`.
    public internal(set) var familyPurchaserId: String?
    /// Purchaser's subscription: the family members' subscriptions, which follow it.
    public internal(set) var familyMemberIds: [String]
    /// Product of the current period (Advanced Commerce: the generic product id).
    public internal(set) var productId: String
    /// Product that renews next; differs from `productId` while a downgrade is pending.
    public internal(set) var autoRenewProductId: String
    public internal(set) var storefront: StorefrontCode
    public internal(set) var currency: CurrencyCode
    public internal(set) var appAccountToken: String
    public internal(set) var items: [SubscriptionItem]
    public internal(set) var period: ISOPeriod
    public internal(set) var descriptors: SubscriptionDescriptors?
    public internal(set) var taxCode: String
    public internal(set) var originalPurchaseDate: Timestamp
    public internal(set) var currentPeriodStart: Timestamp
    /// End of the current period: the renewal date.
    public internal(set) var expiresDate: Timestamp
    /// Billing anchor: renewals fall on `anchor + n × anchorPeriod` (no month-end drift).
    var anchor: Timestamp
    var anchorPeriod: ISOPeriod
    var anchorIndex: Int
    public internal(set) var state: State
    public internal(set) var autoRenewStatus: Bool
    public internal(set) var expirationIntent: ExpirationIntent?
    public internal(set) var billingMode: BillingMode
    public internal(set) var retryStartDate: Timestamp?
    public internal(set) var gracePeriodExpiresDate: Timestamp?
    public internal(set) var billingRetryEndDate: Timestamp?
    public internal(set) var introOfferRedeemed: Bool
    public internal(set) var paidPeriodCount: Int
    public internal(set) var transactions: [TransactionRecord]
    public internal(set) var priceChanges: [PriceChange]
    /// Renewal dates at which a price increase took effect (R-PRC-3, 12-month rule).
    public internal(set) var priceIncreaseEffectiveDates: [Timestamp]
    public internal(set) var extensions: [RenewalExtension]
    public internal(set) var pendingChanges: PendingChanges
    /// Replies of requests with an idempotency key (`requestReferenceId`, `requestIdentifier`).
    var requestResults: [String: EngineReply]
    /// Sequence number of the last event (gap-free per subscription, R-EVT-1).
    public internal(set) var sequence: UInt64
    /// Counter for deterministic transaction ids.
    var idCounter: Int

    /// The latest transaction.
    public var latestTransaction: TransactionRecord? { transactions.last }

    /// Apple's `status` for this state.
    public var status: SubscriptionStatus {
        switch state {
        case .active: return .active
        case .gracePeriod: return .billingGracePeriod
        case .billingRetry: return .billingRetry
        case .expired: return .expired
        case .revoked: return .revoked
        }
    }

    /// True while the customer has access or billing can still recover.
    public var isLive: Bool { state == .active || state == .gracePeriod || state == .billingRetry }

    /// The item with this SKU.
    func itemIndex(_ sku: String) -> Int? { items.firstIndex { $0.sku == sku } }

    /// A new deterministic transaction id and web order line item id.
    mutating func nextIds() -> (transactionId: String, webOrderLineItemId: String) {
        idCounter += 1
        if idCounter == 1 { return (originalTransactionId, "\(originalTransactionId)-w1") }
        return ("\(originalTransactionId)-\(idCounter)", "\(originalTransactionId)-w\(idCounter)")
    }

    /// The `originalTransactionId` embedded in any of this engine's transaction ids.
    static func originalTransactionId(fromTransactionId transactionId: String) -> String {
        String(transactionId.split(separator: "-", maxSplits: 1).first ?? Substring(transactionId))
    }
}

/// Advanced Commerce `descriptors` of a subscription.
public struct SubscriptionDescriptors: Codable, Sendable, Hashable {
    public var displayName: String
    public var description: String

    public init(displayName: String, description: String) {
        self.displayName = displayName
        self.description = description
    }
}

/// A renewal date extension that was granted (R-EXT-1).
public struct RenewalExtension: Codable, Sendable, Hashable {
    public var requestIdentifier: String
    public var date: Timestamp
    public var days: Int
    public var reasonCode: Int
}

extension Subscription.State {
    /// The state in plain words for messages, after "subscription 'id'": "is active",
    /// "is in its billing grace period", "is in billing retry", "has expired", "was revoked".
    public var plainDescription: String {
        switch self {
        case .active: "is active"
        case .gracePeriod: "is in its billing grace period"
        case .billingRetry: "is in billing retry"
        case .expired: "has expired"
        case .revoked: "was revoked"
        }
    }
}
