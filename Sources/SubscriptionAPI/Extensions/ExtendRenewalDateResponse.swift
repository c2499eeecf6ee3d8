/// The answer to a single renewal-date extension.
public struct ExtendRenewalDateResponse: Codable, Sendable, Hashable {
    /// The extended subscription.
    public var originalTransactionId: String
    /// The subscription purchase event (stable across devices) that was extended.
    public var webOrderLineItemId: String
    /// Whether the extension succeeded.
    public var success: Bool
    /// The new expiration date, in milliseconds since 1970, when successful.
    public var effectiveDate: Int64?

    /// Creates a response.
    public init(originalTransactionId: String, webOrderLineItemId: String, success: Bool, effectiveDate: Int64?) {
        self.originalTransactionId = originalTransactionId
        self.webOrderLineItemId = webOrderLineItemId
        self.success = success
        self.effectiveDate = effectiveDate
    }
}
