import SubscriptionAPI
import SubscriptionMessages
import SubscriptionTrust

/// Our answer to Get Subscription History (`GET /v1/subscriptions/{transactionId}/history`,
/// `GET /v1/customers/{customerId}/history`): each subscription's state now, its transactions
/// and renewal info decoded (Apple's field names), and its archived events, each with the
/// signed payload Apple's notification would carry. Instants in ms since 1970.
struct SubscriptionHistoryResponse: Encodable {
    /// One subscription.
    struct Subscription: Encodable {
        var originalTransactionId: String
        var customerId: String
        var productId: String
        var subscriptionGroupIdentifier: String
        /// Apple's status: 1 active, 2 expired, 3 billing retry, 4 billing grace period, 5 revoked.
        var status: Int32?
        /// The renewal info as signed now, decoded.
        var renewalInfo: JWSRenewalInfoDecodedPayload
        /// Every transaction, oldest first, decoded.
        var transactions: [JWSTransactionDecodedPayload]
        /// The archived events, by sequence.
        var events: [EventView]
        /// Older events were left out (`eventLimit`).
        var eventsTruncated: Bool
        /// The sequence of the subscription's latest event, archived or not.
        var lastSequence: UInt64
    }

    /// The engine's "now" (the test clock under CLOCK=manual).
    var now: Int64
    /// Whether the consumer keeps an event archive; without one every `events` is empty.
    var archiveEnabled: Bool
    var subscriptions: [Subscription]

    init(_ reply: Subscriptions_V1_GetSubscriptionHistoryReply) {
        now = reply.now.milliseconds
        archiveEnabled = reply.archiveEnabled
        subscriptions = reply.subscriptions.map { history in
            Subscription(
                originalTransactionId: history.originalTransactionID, customerId: history.customerID, productId: history.productID,
                subscriptionGroupIdentifier: history.subscriptionGroupIdentifier,
                status: history.status.rawValue == 0 ? nil : Int32(history.status.rawValue),
                renewalInfo: JWSRenewalInfoDecodedPayload(history.renewalInfo),
                transactions: history.transactions.map(JWSTransactionDecodedPayload.init),
                events: history.events.map { EventView($0, signed: true) },
                eventsTruncated: history.eventsTruncated, lastSequence: history.lastSequence)
        }
    }
}
