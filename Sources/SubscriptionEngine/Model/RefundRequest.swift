/// A customer's refund request waiting for the operator's decision (R-REF-1…3): which
/// transaction, why, when, and the app's consumption information once sent.
public struct RefundRequest: Codable, Sendable, Hashable {
    public var transactionId: String
    public var reason: ConsumptionRequestReason
    public var requestedAt: Timestamp
    /// What Send Consumption Information said; nil until the app answers.
    public var consumption: ConsumptionInformation?

    public init(
        transactionId: String, reason: ConsumptionRequestReason, requestedAt: Timestamp,
        consumption: ConsumptionInformation? = nil
    ) {
        self.transactionId = transactionId
        self.reason = reason
        self.requestedAt = requestedAt
        self.consumption = consumption
    }
}
