import SubscriptionEngine
import SubscriptionMessages

extension Subscriptions_V1_RenewalInfo {
    /// Apple's decoded renewal info. `eligibleWinBackOfferIds` and `appTransactionId` are
    /// not modelled by the engine and stay empty.
    init(_ info: RenewalInfo) {
        self.init()
        originalTransactionID = info.originalTransactionId
        productID = info.productId
        autoRenewProductID = info.autoRenewProductId
        autoRenewStatus = info.autoRenewStatus
        expirationIntent = Subscriptions_V1_ExpirationIntent(info.expirationIntent)
        if let date = info.gracePeriodExpiresDate { gracePeriodExpiresDate = date.protobuf }
        isInBillingRetryPeriod = info.isInBillingRetryPeriod
        priceIncreaseStatus = Subscriptions_V1_PriceIncreaseStatus(info.priceIncreaseStatus)
        offerType = Subscriptions_V1_OfferType(info.offerType)
        offerIdentifier = info.offerIdentifier ?? ""
        offerDiscountType = Subscriptions_V1_OfferDiscountType(info.offerDiscountType)
        offerPeriod = info.offerPeriod ?? ""
        recentSubscriptionStartDate = info.recentSubscriptionStartDate.protobuf
        renewalDate = info.renewalDate.protobuf
        renewalPrice = info.renewalPrice.rawValue
        currency = info.currency.rawValue
        appAccountToken = info.appAccountToken
        signedDate = info.signedDate.protobuf
        environment = Subscriptions_V1_Environment(info.environment)
        if let commerce = info.advancedCommerceInfo {
            advancedCommerceInfo = Subscriptions_V1_AdvancedCommerceRenewalInfo(commerce)
        }
    }
}

extension Subscriptions_V1_AdvancedCommerceRenewalInfo {
    init(_ info: AdvancedCommerceRenewalInfo) {
        self.init()
        consistencyToken = info.consistencyToken
        if let descriptors = info.descriptors { self.descriptors = Subscriptions_V1_Descriptors(descriptors) }
        items = info.items.map(Subscriptions_V1_AdvancedCommerceRenewalItem.init)
        period = info.period
        requestReferenceID = info.requestReferenceId
        taxCode = info.taxCode
    }
}

extension Subscriptions_V1_AdvancedCommerceRenewalItem {
    init(_ item: AdvancedCommerceItemInfo) {
        self.init()
        sku = item.sku
        displayName = item.displayName
        description_p = item.description
        price = item.price.rawValue
        if let offer = Subscriptions_V1_Offer(item) { self.offer = offer }
        if let increase = item.priceIncreaseInfo {
            var info = Subscriptions_V1_PriceIncreaseInfo()
            info.status = Subscriptions_V1_PriceIncreaseInfoStatus(increase.status)
            info.price = increase.price.rawValue
            info.dependentSkus = increase.dependentSKUs
            priceIncreaseInfo = info
        }
    }
}
