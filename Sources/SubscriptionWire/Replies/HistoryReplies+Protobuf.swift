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
