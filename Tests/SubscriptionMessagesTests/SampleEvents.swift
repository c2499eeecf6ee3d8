import SubscriptionMessages
import SwiftProtobuf

/// Populated events of each payload kind, used by the round-trip tests.
enum SampleEvents {
    static let transaction = Subscriptions_V1_TransactionInfo.with {
        $0.transactionID = "2000000000000002"
        $0.originalTransactionID = "2000000000000001"
        $0.webOrderLineItemID = "2000000000000101"
        $0.bundleID = "com.example.app"
        $0.productID = "com.example.gold.monthly"
        $0.subscriptionGroupIdentifier = "21000001"
        $0.purchaseDate = Google_Protobuf_Timestamp(seconds: 1_767_225_600)
        $0.originalPurchaseDate = Google_Protobuf_Timestamp(seconds: 1_764_547_200)
        $0.expiresDate = Google_Protobuf_Timestamp(seconds: 1_769_904_000)
        $0.quantity = 1
        $0.type = .autoRenewableSubscription
        $0.inAppOwnershipType = .purchased
        $0.signedDate = Google_Protobuf_Timestamp(seconds: 1_767_225_601)
        $0.offerType = .introductory
        $0.offerDiscountType = .freeTrial
        $0.offerPeriod = "P1W"
        $0.environment = .sandbox
        $0.transactionReason = .renewal
        $0.storefront = "USA"
        $0.storefrontID = "143441"
        $0.price = 9990
        $0.currency = "USD"
        $0.advancedCommerceInfo = .with {
            $0.period = "P1M"
            $0.taxRate = "0.15"
            $0.items = [.with {
                $0.sku = "NEWS_BASIC"
                $0.price = 4990
                $0.refunds = [.with { $0.refundAmount = 1000; $0.refundType = .custom; $0.refundReason = .other }]
            }]
        }
    }

    static let renewal = Subscriptions_V1_RenewalInfo.with {
        $0.originalTransactionID = "2000000000000001"
        $0.productID = "com.example.gold.monthly"
        $0.autoRenewProductID = "com.example.silver.monthly"
        $0.autoRenewStatus = true
        $0.priceIncreaseStatus = .notResponded
        $0.renewalDate = Google_Protobuf_Timestamp(seconds: 1_769_904_000)
        $0.renewalPrice = 12990
        $0.currency = "USD"
        $0.eligibleWinBackOfferIds = ["wb-1", "wb-2"]
        $0.environment = .sandbox
        $0.advancedCommerceInfo = .with {
            $0.consistencyToken = "1.12345.ref"
            $0.items = [.with {
                $0.sku = "NEWS_BASIC"
                $0.price = 7990
                $0.priceIncreaseInfo = .with { $0.status = .pending; $0.price = 7990; $0.dependentSkus = ["NEWS_ADDON"] }
            }]
        }
    }

    static func base(_ type: Subscriptions_V1_NotificationType, _ subtype: Subscriptions_V1_Subtype) -> Subscriptions_V1_NotificationEvent {
        .with {
            $0.notificationType = type
            $0.subtype = subtype
            $0.notificationUuid = "4c0b7f2a-9d7e-4f39-8a55-0e1d2c3b4a59"
            $0.signedDate = Google_Protobuf_Timestamp(seconds: 1_767_225_601)
            $0.version = WireContract.notificationVersion
            $0.schemaVersion = WireContract.schemaVersion
            $0.sequence = 7
            $0.subscriptionID = "2000000000000001"
            $0.causedByCommandID = "0d8e7c3a-8a55-4f5e-b7a2-5c1d6f2e9a01"
        }
    }

    static let didRenew: Subscriptions_V1_NotificationEvent = {
        var event = base(.didRenew, .unspecified)
        event.data = .with {
            $0.environment = .sandbox
            $0.bundleID = "com.example.app"
            $0.bundleVersion = "42"
            $0.status = .active
            $0.transactionInfo = transaction
            $0.renewalInfo = renewal
        }
        return event
    }()

    static let summary: Subscriptions_V1_NotificationEvent = {
        var event = base(.renewalExtension, .summary)
        event.sequence = 0
        event.subscriptionID = ""
        event.summary = .with {
            $0.requestIdentifier = "b7a6f0a4-3d4a-4c43-9f0e-2f6d1a0c9b22"
            $0.productID = "com.example.gold.monthly"
            $0.storefrontCountryCodes = ["USA", "CAN"]
            $0.succeededCount = 1200
            $0.failedCount = 3
        }
        return event
    }()

    static let communication: Subscriptions_V1_NotificationEvent = {
        var event = base(.subscriberCommunication, .consentRequest)
        event.communication = .with {
            $0.channel = .priceIncreaseSheet
            $0.kind = .consentRequest
            $0.priceChangeIds = ["pc-1", "pc-2"]
            $0.consentRequired = true
            $0.effectiveRenewalDate = Google_Protobuf_Timestamp(seconds: 1_769_904_000)
            $0.originalTransactionID = "2000000000000001"
            $0.storefront = "USA"
            $0.renewalInfo = renewal
        }
        return event
    }()
}
