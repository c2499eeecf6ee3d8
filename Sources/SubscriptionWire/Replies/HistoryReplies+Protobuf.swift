import SubscriptionEngine
import SubscriptionMessages

extension Subscriptions_V1_GetTransactionHistoryReply {
    init(_ page: TransactionHistoryPage) {
        self.init()
        revision = page.revision
        hasMore_p = page.hasMore
        bundleID = page.bundleId
        appAppleID = page.appAppleId
        environment = Subscriptions_V1_Environment(page.environment)
        transactions = page.transactions.map(Subscriptions_V1_TransactionInfo.init)
    }
}

extension Subscriptions_V1_GetRefundHistoryReply {
    init(_ page: RefundHistoryPage) {
        self.init()
        transactions = page.transactions.map(Subscriptions_V1_TransactionInfo.init)
        revision = page.revision
        hasMore_p = page.hasMore
    }
}

extension Subscriptions_V1_SubscriptionHistory {
    /// The engine's part of a subscription's history; the consumer adds the archived events.
    init(_ life: SubscriptionLife) {
        self.init()
        originalTransactionID = life.originalTransactionId
        customerID = life.customerId
        productID = life.productId
        subscriptionGroupIdentifier = life.subscriptionGroupIdentifier
        status = Subscriptions_V1_SubscriptionStatus(life.status)
        renewalInfo = Subscriptions_V1_RenewalInfo(life.renewalInfo)
        transactions = life.transactions.map(Subscriptions_V1_TransactionInfo.init)
        lastSequence = life.lastSequence
    }
}
