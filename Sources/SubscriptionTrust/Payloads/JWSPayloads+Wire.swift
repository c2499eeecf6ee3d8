import SubscriptionAPI
import SubscriptionMessages
import SwiftProtobuf

/// Decoded wire transactions and renewal infos as Apple's JWS payloads: dates in milliseconds,
/// enums as Apple's literals, absent (zero) values omitted. Shared by the producer's replies
/// and the consumer's notifier.
extension JWSTransactionDecodedPayload {
    package init(_ info: Subscriptions_V1_TransactionInfo) {
        self.init()
        transactionId = info.transactionID.nonEmpty
        originalTransactionId = info.originalTransactionID.nonEmpty
        webOrderLineItemId = info.webOrderLineItemID.nonEmpty
        previousOriginalTransactionId = info.previousOriginalTransactionID.nonEmpty
        bundleId = info.bundleID.nonEmpty
        productId = info.productID.nonEmpty
        subscriptionGroupIdentifier = info.subscriptionGroupIdentifier.nonEmpty
        purchaseDate = info.hasPurchaseDate ? info.purchaseDate.milliseconds : nil
        originalPurchaseDate = info.hasOriginalPurchaseDate ? info.originalPurchaseDate.milliseconds : nil
        expiresDate = info.hasExpiresDate ? info.expiresDate.milliseconds : nil
        quantity = info.quantity == 0 ? nil : info.quantity
        type = info.type.appleValue
        appAccountToken = info.appAccountToken.nonEmpty
        inAppOwnershipType = info.inAppOwnershipType.appleValue
        signedDate = info.hasSignedDate ? info.signedDate.milliseconds : nil
        revocationReason = info.revocationReason.rawValue == 0 ? nil : Int32(info.revocationReason.rawValue - 1)
        revocationDate = info.hasRevocationDate ? info.revocationDate.milliseconds : nil
        revocationType = info.revocationType.appleValue
        revocationPercentage = info.revocationPercentage == 0 ? nil : info.revocationPercentage
        isUpgraded = info.isUpgraded ? true : nil
        offerType = info.offerType.rawValue == 0 ? nil : Int32(info.offerType.rawValue)
        offerIdentifier = info.offerIdentifier.nonEmpty
        offerDiscountType = info.offerDiscountType.appleValue
        offerPeriod = info.offerPeriod.nonEmpty
        environment = info.environment.appleValue
        storefront = info.storefront.nonEmpty
        storefrontId = info.storefrontID.nonEmpty
        transactionReason = info.transactionReason.appleValue
        price = info.price == 0 && info.currency.isEmpty ? nil : info.price
        currency = info.currency.nonEmpty
        appTransactionId = info.appTransactionID.nonEmpty
    }
}

extension JWSRenewalInfoDecodedPayload {
    package init(_ info: Subscriptions_V1_RenewalInfo) {
        self.init()
        originalTransactionId = info.originalTransactionID.nonEmpty
        productId = info.productID.nonEmpty
        autoRenewProductId = info.autoRenewProductID.nonEmpty
        autoRenewStatus = info.autoRenewStatus ? 1 : 0
        expirationIntent = info.expirationIntent.rawValue == 0 ? nil : Int32(info.expirationIntent.rawValue)
        isInBillingRetryPeriod = info.isInBillingRetryPeriod
        gracePeriodExpiresDate = info.hasGracePeriodExpiresDate ? info.gracePeriodExpiresDate.milliseconds : nil
        priceIncreaseStatus = info.priceIncreaseStatus.rawValue == 0 ? nil : Int32(info.priceIncreaseStatus.rawValue - 1)
        offerType = info.offerType.rawValue == 0 ? nil : Int32(info.offerType.rawValue)
        offerIdentifier = info.offerIdentifier.nonEmpty
        offerDiscountType = info.offerDiscountType.appleValue
        offerPeriod = info.offerPeriod.nonEmpty
        eligibleWinBackOfferIds = info.eligibleWinBackOfferIds.isEmpty ? nil : info.eligibleWinBackOfferIds
        recentSubscriptionStartDate =
            info.hasRecentSubscriptionStartDate ? info.recentSubscriptionStartDate.milliseconds : nil
        renewalDate = info.hasRenewalDate ? info.renewalDate.milliseconds : nil
        renewalPrice = info.renewalPrice == 0 && info.currency.isEmpty ? nil : info.renewalPrice
        currency = info.currency.nonEmpty
        appAccountToken = info.appAccountToken.nonEmpty
        appTransactionId = info.appTransactionID.nonEmpty
        signedDate = info.hasSignedDate ? info.signedDate.milliseconds : nil
        environment = info.environment.appleValue
    }
}

extension Google_Protobuf_Timestamp {
    /// Milliseconds since 1970, Apple's JSON date.
    /// Saturated (``saturatingMilliseconds``): the timestamp may come from a forged message.
    package var milliseconds: Int64 { saturatingMilliseconds }
}

extension String {
    package var nonEmpty: String? { isEmpty ? nil : self }
}

extension Subscriptions_V1_ProductType {
    package var appleValue: String? {
        switch self {
        case .autoRenewableSubscription: "Auto-Renewable Subscription"
        case .nonConsumable: "Non-Consumable"
        case .consumable: "Consumable"
        case .nonRenewingSubscription: "Non-Renewing Subscription"
        case .unspecified, .UNRECOGNIZED: nil
        }
    }
}

extension Subscriptions_V1_InAppOwnershipType {
    package var appleValue: String? {
        switch self {
        case .purchased: "PURCHASED"
        case .familyShared: "FAMILY_SHARED"
        case .assigned: "ASSIGNED"
        case .unspecified, .UNRECOGNIZED: nil
        }
    }
}

extension Subscriptions_V1_RevocationType {
    package var appleValue: String? {
        switch self {
        case .refundFull: "REFUND_FULL"
        case .refundProrated: "REFUND_PRORATED"
        case .familyRevoke: "FAMILY_REVOKE"
        case .unspecified, .UNRECOGNIZED: nil
        }
    }
}

extension Subscriptions_V1_OfferDiscountType {
    package var appleValue: String? {
        switch self {
        case .freeTrial: "FREE_TRIAL"
        case .payAsYouGo: "PAY_AS_YOU_GO"
        case .payUpFront: "PAY_UP_FRONT"
        case .oneTime: "ONE_TIME"
        case .unspecified, .UNRECOGNIZED: nil
        }
    }
}

extension Subscriptions_V1_Environment {
    package var appleValue: String? {
        switch self {
        case .sandbox: "Sandbox"
        case .production: "Production"
        case .xcode: "Xcode"
        case .localTesting: "LocalTesting"
        case .unspecified, .UNRECOGNIZED: nil
        }
    }
}

extension Subscriptions_V1_TransactionReason {
    package var appleValue: String? {
        switch self {
        case .purchase: "PURCHASE"
        case .renewal: "RENEWAL"
        case .unspecified, .UNRECOGNIZED: nil
        }
    }
}
