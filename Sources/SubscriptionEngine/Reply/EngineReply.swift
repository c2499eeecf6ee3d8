/// What a command returns on success (one case per reply message of `replies.proto`).
public enum EngineReply: Codable, Sendable, Hashable {
    /// Purchase, create, modify, reactivate, cancel, revoke, refund, metadata, migrate.
    case subscription(SubscriptionInfo)
    case switchProduct(SubscriptionInfo, effectiveImmediately: Bool, proratedRefund: Milliunits)
    case changePrice(SubscriptionInfo, priceChangeIds: [String])
    /// Respond to price increase, set auto-renew: the subscription after the change (the
    /// reply's `renewal_info` is its renewal info).
    case renewalInfo(SubscriptionInfo)
    case billingOutcome(status: SubscriptionStatus, SubscriptionInfo)
    case extendRenewalDate(ExtendRenewalDateResult)
    case massExtendRenewalDate(requestIdentifier: String)
    case massExtensionStatus(MassExtensionStatus)
    case allSubscriptionStatuses(AllSubscriptionStatuses)
    case transactionInfo(TransactionInfo)
    case transactionHistory(TransactionHistoryPage)
    case refundHistory(RefundHistoryPage)
    /// The subscriptions asked for, ordered by `originalTransactionId`.
    case subscriptionHistory([SubscriptionLife])
    /// Look Up Order ID: whether the order id is valid, and its transactions (none when not).
    case orderLookup(valid: Bool, [TransactionInfo])
    /// Done, with nothing to answer (Send Consumption Information's 202, Set App Account Token's
    /// and Finish Transaction's 200).
    case accepted
    /// The subscription and its retention offer (auto-renew off with retention messaging on,
    /// the app's answer recorded, the subscriber's answer, a read of the offer); nil = none ever.
    case retention(SubscriptionInfo, RetentionOffer?)
    /// Get App Transaction Info.
    case appTransaction(AppTransaction)
    /// The command was refused; nothing of it was applied (see `EngineRejection`).
    case rejected(EngineRejection)

    /// The rejection, if the command was refused.
    public var rejection: EngineRejection? {
        if case .rejected(let rejection) = self { return rejection }
        return nil
    }
}

/// The latest transaction and renewal info (`SubscriptionInfo`).
public struct SubscriptionInfo: Codable, Sendable, Hashable {
    public var transactionInfo: TransactionInfo?
    public var renewalInfo: RenewalInfo
    /// Apple's status of the subscription after the operation (nil in replies stored before
    /// it was recorded).
    public var status: SubscriptionStatus? = nil
}

/// Apple's `ExtendRenewalDateResponse`.
public struct ExtendRenewalDateResult: Codable, Sendable, Hashable {
    public var originalTransactionId: String
    public var webOrderLineItemId: String
    public var success: Bool
    public var effectiveDate: Timestamp?
}

/// Apple's `MassExtendRenewalDateStatusResponse`.
public struct MassExtensionStatus: Codable, Sendable, Hashable {
    public var requestIdentifier: String
    public var complete: Bool
    public var completeDate: Timestamp?
    public var succeededCount: Int64
    public var failedCount: Int64
}

/// Apple's `StatusResponse`.
public struct AllSubscriptionStatuses: Codable, Sendable, Hashable {
    public struct LastTransaction: Codable, Sendable, Hashable {
        public var status: SubscriptionStatus
        public var originalTransactionId: String
        public var transactionInfo: TransactionInfo?
        public var renewalInfo: RenewalInfo
    }

    public struct Group: Codable, Sendable, Hashable {
        public var subscriptionGroupIdentifier: String
        public var lastTransactions: [LastTransaction]
    }

    public var environment: Environment
    public var bundleId: String
    public var appAppleId: Int64
    public var data: [Group]
}

/// A command's reply and the events it caused (including transitions that fell due first).
public struct EngineOutcome: Sendable, Hashable {
    public var reply: EngineReply
    public var events: [EngineEvent]
}
