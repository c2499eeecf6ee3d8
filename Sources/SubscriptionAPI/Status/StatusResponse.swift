/// The answer of `GET /inApps/v1/subscriptions/{transactionId}` (Get All Subscription Statuses).
public struct StatusResponse: Codable, Sendable, Hashable {
    /// `Sandbox`, `Production`, `Xcode` or `LocalTesting`.
    public var environment: String
    /// The app's bundle identifier.
    public var bundleId: String
    /// The app's Apple ID (absent in sandbox).
    public var appAppleId: Int64?
    /// One entry per subscription group.
    public var data: [SubscriptionGroupIdentifierItem]

    /// Creates a response.
    public init(environment: String, bundleId: String, appAppleId: Int64? = nil, data: [SubscriptionGroupIdentifierItem]) {
        self.environment = environment
        self.bundleId = bundleId
        self.appAppleId = appAppleId
        self.data = data
    }
}

/// The subscriptions of one group.
public struct SubscriptionGroupIdentifierItem: Codable, Sendable, Hashable {
    /// The group.
    public var subscriptionGroupIdentifier: String
    /// The latest transaction of each subscription in the group.
    public var lastTransactions: [LastTransactionsItem]

    /// Creates an item.
    public init(subscriptionGroupIdentifier: String, lastTransactions: [LastTransactionsItem]) {
        self.subscriptionGroupIdentifier = subscriptionGroupIdentifier
        self.lastTransactions = lastTransactions
    }
}

/// One subscription's status with its latest transaction and renewal info.
public struct LastTransactionsItem: Codable, Sendable, Hashable {
    /// 1 active, 2 expired, 3 billing retry, 4 grace period, 5 revoked.
    public var status: SubscriptionStatus
    /// The subscription.
    public var originalTransactionId: String
    /// The latest transaction, as a JWS (signed when encoded with a signer, see ``SignedPayload``).
    public var signedTransactionInfo: SignedPayload<JWSTransactionDecodedPayload>
    /// The renewal info, as a JWS.
    public var signedRenewalInfo: SignedPayload<JWSRenewalInfoDecodedPayload>

    /// Creates an item.
    public init(
        status: SubscriptionStatus, originalTransactionId: String,
        signedTransactionInfo: SignedPayload<JWSTransactionDecodedPayload>,
        signedRenewalInfo: SignedPayload<JWSRenewalInfoDecodedPayload>
    ) {
        self.status = status
        self.originalTransactionId = originalTransactionId
        self.signedTransactionInfo = signedTransactionInfo
        self.signedRenewalInfo = signedRenewalInfo
    }
}

/// A subscription's `status` (apple-domain.md §1.6).
public enum SubscriptionStatus: Int32, Codable, Sendable, CaseIterable {
    /// Active.
    case active = 1
    /// Expired.
    case expired = 2
    /// In billing retry, without grace.
    case billingRetry = 3
    /// In the billing grace period.
    case billingGracePeriod = 4
    /// Refunded, or revoked from Family Sharing.
    case revoked = 5
}
