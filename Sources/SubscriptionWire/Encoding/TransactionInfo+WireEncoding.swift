import SubscriptionEngine
import SubscriptionMessages

extension ProtobufWriter {
    /// The fields of `subscriptions.v1.TransactionInfo` for `info`, as
    /// `Subscriptions_V1_TransactionInfo(info)` sets them.
    mutating func transactionInfo(_ info: TransactionInfo) throws {
        string(1, info.transactionId)
        string(2, info.originalTransactionId)
        string(3, info.webOrderLineItemId)
        string(5, info.bundleId)
        string(6, info.productId)
        string(7, info.subscriptionGroupIdentifier)
        timestamp(8, info.purchaseDate)
        timestamp(9, info.originalPurchaseDate)
        timestamp(10, info.expiresDate)
        int32(11, Int32(clamping: info.quantity))
        enumeration(12, Subscriptions_V1_ProductType(appleName: info.type).rawValue)
        string(13, info.appAccountToken)
        enumeration(14, Subscriptions_V1_InAppOwnershipType(info.inAppOwnershipType).rawValue)
        timestamp(15, info.signedDate)
        enumeration(16, Subscriptions_V1_RevocationReason(info.revocationReason).rawValue)
        if let date = info.revocationDate { timestamp(17, date) }
        enumeration(18, Subscriptions_V1_RevocationType(info.revocationType).rawValue)
        int32(19, Int32(clamping: info.revocationPercentage ?? 0))
        bool(20, info.isUpgraded)
        enumeration(21, Subscriptions_V1_OfferType(info.offerType).rawValue)
        string(22, info.offerIdentifier ?? "")
        enumeration(23, Subscriptions_V1_OfferDiscountType(info.offerDiscountType).rawValue)
        string(24, info.offerPeriod ?? "")
        enumeration(25, Subscriptions_V1_Environment(info.environment).rawValue)
        enumeration(26, Subscriptions_V1_TransactionReason(info.transactionReason).rawValue)
        string(27, info.storefront.rawValue)
        int64(29, info.price.rawValue)
        string(30, info.currency.rawValue)
        if let commerce = info.advancedCommerceInfo {
            try message(32, serializing: Subscriptions_V1_AdvancedCommerceTransactionInfo(commerce))
        }
    }
}
