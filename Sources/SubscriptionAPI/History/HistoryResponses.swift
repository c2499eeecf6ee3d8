/// The answer of `GET /inApps/v1/transactions/{transactionId}` (Get Transaction Info).
public struct TransactionInfoResponse: Codable, Sendable, Hashable {
    /// The transaction.
    public var signedTransactionInfo: SignedPayload<JWSTransactionDecodedPayload>

    /// A response.
    public init(signedTransactionInfo: SignedPayload<JWSTransactionDecodedPayload>) {
        self.signedTransactionInfo = signedTransactionInfo
    }
}

/// The answer of `GET /inApps/v2/history/{transactionId}` (Get Transaction History).
public struct HistoryResponse: Codable, Sendable, Hashable {
    /// Pass it as `revision` for the next page.
    public var revision: String
    public var hasMore: Bool
    public var bundleId: String
    /// Absent in sandbox.
    public var appAppleId: Int64?
    public var environment: String
    /// Up to 20 transactions.
    public var signedTransactions: [SignedPayload<JWSTransactionDecodedPayload>]

    /// A page.
    public init(
        revision: String, hasMore: Bool, bundleId: String, appAppleId: Int64?, environment: String,
        signedTransactions: [SignedPayload<JWSTransactionDecodedPayload>]
    ) {
        self.revision = revision
        self.hasMore = hasMore
        self.bundleId = bundleId
        self.appAppleId = appAppleId
        self.environment = environment
        self.signedTransactions = signedTransactions
    }
}

/// The answer of `GET /inApps/v2/refund/lookup/{transactionId}` (Get Refund History).
public struct RefundHistoryResponse: Codable, Sendable, Hashable {
    /// Up to 20 refunded transactions.
    public var signedTransactions: [SignedPayload<JWSTransactionDecodedPayload>]
    /// Pass it as `revision` for the next page.
    public var revision: String
    public var hasMore: Bool

    /// A page.
    public init(signedTransactions: [SignedPayload<JWSTransactionDecodedPayload>], revision: String, hasMore: Bool) {
        self.signedTransactions = signedTransactions
        self.revision = revision
        self.hasMore = hasMore
    }
}
