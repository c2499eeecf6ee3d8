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
