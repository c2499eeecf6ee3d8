import SubscriptionEngine
import SubscriptionMessages

extension Subscriptions_V1_TransactionInfo {
    /// Apple's decoded transaction. Fields the engine does not model
    /// (`previousOriginalTransactionId`, `storefrontId`, `appTransactionId`) stay empty.
    init(_ info: TransactionInfo) {
        self.init()
        transactionID = info.transactionId
        originalTransactionID = info.originalTransactionId
        webOrderLineItemID = info.webOrderLineItemId
        bundleID = info.bundleId
        productID = info.productId
        subscriptionGroupIdentifier = info.subscriptionGroupIdentifier
        purchaseDate = info.purchaseDate.protobuf
        originalPurchaseDate = info.originalPurchaseDate.protobuf
        expiresDate = info.expiresDate.protobuf
        quantity = Int32(clamping: info.quantity)
        type = Subscriptions_V1_ProductType(appleName: info.type)
        appAccountToken = info.appAccountToken
        inAppOwnershipType = Subscriptions_V1_InAppOwnershipType(info.inAppOwnershipType)
        signedDate = info.signedDate.protobuf
        revocationReason = Subscriptions_V1_RevocationReason(info.revocationReason)
        if let date = info.revocationDate { revocationDate = date.protobuf }
        revocationType = Subscriptions_V1_RevocationType(info.revocationType)
        revocationPercentage = Int32(clamping: info.revocationPercentage ?? 0)
        isUpgraded = info.isUpgraded
        offerType = Subscriptions_V1_OfferType(info.offerType)
        offerIdentifier = info.offerIdentifier ?? ""
        offerDiscountType = Subscriptions_V1_OfferDiscountType(info.offerDiscountType)
        offerPeriod = info.offerPeriod ?? ""
        environment = Subscriptions_V1_Environment(info.environment)
        transactionReason = Subscriptions_V1_TransactionReason(info.transactionReason)
        storefront = info.storefront.rawValue
        price = info.price.rawValue
        currency = info.currency.rawValue
        if let commerce = info.advancedCommerceInfo {
            advancedCommerceInfo = Subscriptions_V1_AdvancedCommerceTransactionInfo(commerce)
        }
    }
}

extension Subscriptions_V1_AdvancedCommerceTransactionInfo {
    init(_ info: AdvancedCommerceTransactionInfo) {
        self.init()
        if let descriptors = info.descriptors { self.descriptors = Subscriptions_V1_Descriptors(descriptors) }
        items = info.items.map(Subscriptions_V1_AdvancedCommerceTransactionItem.init)
        period = info.period
        requestReferenceID = info.requestReferenceId
        taxCode = info.taxCode
    }
}

extension Subscriptions_V1_AdvancedCommerceTransactionItem {
    init(_ item: AdvancedCommerceItemInfo) {
        self.init()
        sku = item.sku
        displayName = item.displayName
        description_p = item.description
        price = item.price.rawValue
        if let offer = Subscriptions_V1_Offer(item) { self.offer = offer }
        if let date = item.revocationDate { revocationDate = date.protobuf }
    }
}

extension Subscriptions_V1_Descriptors {
    init(_ descriptors: SubscriptionDescriptors) {
        self.init()
        displayName = descriptors.displayName
        description_p = descriptors.description
    }
}

extension Subscriptions_V1_Offer {
    /// The offer of an item info; nil when the item has none.
    init?(_ item: AdvancedCommerceItemInfo) {
        guard item.offerPeriod != nil || item.offerPeriodCount != nil || item.offerPrice != nil else { return nil }
        self.init()
        period = item.offerPeriod ?? ""
        periodCount = Int32(clamping: item.offerPeriodCount ?? 0)
        price = item.offerPrice?.rawValue ?? 0
    }
}
