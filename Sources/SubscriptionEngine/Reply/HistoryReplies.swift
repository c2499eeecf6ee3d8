/// Apple's `HistoryResponse`: one page of a customer's transactions.
public struct TransactionHistoryPage: Codable, Sendable, Hashable {
    /// Pass it back as `revision` for the next page.
    public var revision: String
    public var hasMore: Bool
    public var bundleId: String
    public var appAppleId: Int64
    public var environment: Environment
    public var transactions: [TransactionInfo]
}

/// Apple's `RefundHistoryResponse`: one page of a customer's refunded transactions.
public struct RefundHistoryPage: Codable, Sendable, Hashable {
    public var transactions: [TransactionInfo]
    /// Pass it back as `revision` for the next page.
    public var revision: String
    public var hasMore: Bool
}

/// One subscription's life as the engine knows it (the console's timeline): its state now and
/// every transaction, oldest first. The events come from the consumer's archive, not from here.
public struct SubscriptionLife: Codable, Sendable, Hashable {
    public var originalTransactionId: String
    public var customerId: String
    /// The product of the current period.
    public var productId: String
    public var subscriptionGroupIdentifier: String
    public var status: SubscriptionStatus
    public var renewalInfo: RenewalInfo
    /// Every transaction as signed now, oldest first.
    public var transactions: [TransactionInfo]
    /// The sequence number of the subscription's latest event (R-EVT-1).
    public var lastSequence: UInt64
}
