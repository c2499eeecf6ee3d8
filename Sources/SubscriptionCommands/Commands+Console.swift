import SubscriptionAPI
import SubscriptionMessages

/// The console's timeline query as a wire command: a subscription by any of its transaction
/// ids (`GET /v1/subscriptions/{transactionId}/history`) or a customer's subscriptions
/// (`GET /v1/customers/{customerId}/history`), with `eventLimit` from the query string.
extension PreparedCommand {
    /// Events per subscription when the request names no `eventLimit`: small enough that a
    /// history with a signed payload per event stays well under a megabyte.
    static let defaultEventLimit: UInt32 = 100
    /// The most events per subscription a history carries (the consumer's bound too).
    static let maximumEventLimit: UInt32 = 2000

    static func subscriptionHistory(parameters: RequestParameters) throws(ValidationError) -> PreparedCommand {
        var request = Subscriptions_V1_GetSubscriptionHistoryRequest()
        request.eventLimit = defaultEventLimit
        if let text = try HistoryQuery(parameters.query).single("eventLimit", error: .invalidValue) {
            guard let limit = UInt32(text), (1...maximumEventLimit).contains(limit) else {
                throw RequestProblem.invalid("eventLimit", "must be a whole number from 1 to \(maximumEventLimit), got \"\(text.prefix(40))\"")
            }
            request.eventLimit = limit
        }
        if let customer = parameters.customerId {
            request.customerID = try RequestProblem.identifier(customer, name: "customerId")
        } else {
            request.transactionID = try RequestProblem.identifier(
                parameters.transactionId, name: "transactionId", error: .invalidTransactionId)
        }
        return PreparedCommand(.getSubscriptionHistory(request))
    }
}
