import SubscriptionEngine
import SubscriptionMessages

extension ProtobufWriter {
    /// The fields of `subscriptions.v1.RenewalInfo` for `info`, as
    /// `Subscriptions_V1_RenewalInfo(info)` sets them.
    mutating func renewalInfo(_ info: RenewalInfo) throws {
        string(1, info.originalTransactionId)
        string(2, info.productId)
        string(3, info.autoRenewProductId)
        bool(4, info.autoRenewStatus)
        enumeration(5, Subscriptions_V1_ExpirationIntent(info.expirationIntent).rawValue)
        if let date = info.gracePeriodExpiresDate { timestamp(6, date) }
        bool(7, info.isInBillingRetryPeriod)
        enumeration(8, Subscriptions_V1_PriceIncreaseStatus(info.priceIncreaseStatus).rawValue)
        enumeration(9, Subscriptions_V1_OfferType(info.offerType).rawValue)
        string(10, info.offerIdentifier ?? "")
        enumeration(11, Subscriptions_V1_OfferDiscountType(info.offerDiscountType).rawValue)
        string(12, info.offerPeriod ?? "")
        timestamp(14, info.recentSubscriptionStartDate)
        timestamp(15, info.renewalDate)
        int64(16, info.renewalPrice.rawValue)
        string(17, info.currency.rawValue)
        string(18, info.appAccountToken)
        timestamp(20, info.signedDate)
        enumeration(21, Subscriptions_V1_Environment(info.environment).rawValue)
        if let commerce = info.advancedCommerceInfo {
            try message(22, serializing: Subscriptions_V1_AdvancedCommerceRenewalInfo(commerce))
        }
    }

    /// The fields of `subscriptions.v1.SubscriptionInfo`, as `Subscriptions_V1_SubscriptionInfo(info)` sets them.
    mutating func subscriptionInfo(_ info: SubscriptionInfo) throws {
        if let transaction = info.transactionInfo { try message(1) { try $0.transactionInfo(transaction) } }
        try message(2) { try $0.renewalInfo(info.renewalInfo) }
        if let status = info.status { enumeration(3, Subscriptions_V1_SubscriptionStatus(status).rawValue) }
    }
}
