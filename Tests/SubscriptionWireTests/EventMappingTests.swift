import Foundation
import SubscriptionMessages
import SwiftProtobuf
import Testing

@testable import SubscriptionEngine
@testable import SubscriptionWire

/// Every field of a fully populated engine event and its expected wire form.
@Suite struct EventMappingTests {
    static let t1 = Timestamp(millisecondsSince1970: 1_767_225_600_123)
    static let t2 = Timestamp(millisecondsSince1970: 1_769_904_000_456)
    static let t3 = Timestamp(millisecondsSince1970: 1_770_000_000_789)

    static func pb(_ timestamp: Timestamp) -> Google_Protobuf_Timestamp {
        Google_Protobuf_Timestamp(
            seconds: timestamp.millisecondsSince1970 / 1000, nanos: Int32(timestamp.millisecondsSince1970 % 1000) * 1_000_000)
    }

    static let item = AdvancedCommerceItemInfo(
        sku: "NEWS_PREMIUM", displayName: "News Premium", description: "News with archives", price: 12990,
        offerPeriod: "P1M", offerPeriodCount: 2, offerPrice: 4990,
        priceIncreaseInfo: PriceIncreaseInfo(status: .pending, price: 14990, dependentSKUs: ["PODCASTS"]),
        revocationDate: t3)

    static let transaction = TransactionInfo(
        transactionId: "otid-2", originalTransactionId: "otid", webOrderLineItemId: "otid-w2", bundleId: "com.example.news",
        productId: "com.example.bundle", subscriptionGroupIdentifier: "bundle", purchaseDate: t1, originalPurchaseDate: t1,
        expiresDate: t2, quantity: 1, type: "Auto-Renewable Subscription", appAccountToken: "token",
        inAppOwnershipType: .purchased, signedDate: t3, revocationReason: .appIssue, revocationDate: t3,
        revocationType: .refundProrated, revocationPercentage: 50000, isUpgraded: true, offerType: .promotional,
        offerIdentifier: "promo", offerDiscountType: .payAsYouGo, offerPeriod: "P1M", environment: .production,
        transactionReason: .renewal, storefront: "KOR", price: 12990, currency: "KRW",
        advancedCommerceInfo: AdvancedCommerceTransactionInfo(
            descriptors: SubscriptionDescriptors(displayName: "Bundle", description: "All of it"), items: [item],
            period: "P1M", requestReferenceId: "ref", taxCode: "C003-00-1"))

    static let renewal = RenewalInfo(
        originalTransactionId: "otid", productId: "com.example.bundle", autoRenewProductId: "com.example.bundle",
        autoRenewStatus: true, expirationIntent: .priceIncreaseNotConsented, gracePeriodExpiresDate: t2,
        isInBillingRetryPeriod: true, priceIncreaseStatus: .notResponded, offerType: .winBack, offerIdentifier: "wb",
        offerDiscountType: .freeTrial, offerPeriod: "P1W", recentSubscriptionStartDate: t1, renewalDate: t2,
        renewalPrice: 14990, currency: "KRW", appAccountToken: "token", signedDate: t3, environment: .production,
        advancedCommerceInfo: AdvancedCommerceRenewalInfo(
            consistencyToken: "1.2.otid", descriptors: SubscriptionDescriptors(displayName: "Bundle", description: "All of it"),
            items: [item], period: "P1M", requestReferenceId: "ref", taxCode: "C003-00-1"))

    static var expectedTransaction: Subscriptions_V1_TransactionInfo {
        .with {
            $0.transactionID = "otid-2"
            $0.originalTransactionID = "otid"
            $0.webOrderLineItemID = "otid-w2"
            $0.bundleID = "com.example.news"
            $0.productID = "com.example.bundle"
            $0.subscriptionGroupIdentifier = "bundle"
            $0.purchaseDate = pb(t1)
            $0.originalPurchaseDate = pb(t1)
            $0.expiresDate = pb(t2)
            $0.quantity = 1
            $0.type = .autoRenewableSubscription
            $0.appAccountToken = "token"
            $0.inAppOwnershipType = .purchased
            $0.signedDate = pb(t3)
            $0.revocationReason = .appIssue
            $0.revocationDate = pb(t3)
            $0.revocationType = .refundProrated
            $0.revocationPercentage = 50000
            $0.isUpgraded = true
            $0.offerType = .promotional
            $0.offerIdentifier = "promo"
            $0.offerDiscountType = .payAsYouGo
            $0.offerPeriod = "P1M"
            $0.environment = .production
            $0.transactionReason = .renewal
            $0.storefront = "KOR"
            $0.price = 12990
            $0.currency = "KRW"
            $0.advancedCommerceInfo = .with {
                $0.descriptors = .with {
                    $0.displayName = "Bundle"
                    $0.description_p = "All of it"
                }
                $0.items = [.with {
                    $0.sku = "NEWS_PREMIUM"
                    $0.displayName = "News Premium"
                    $0.description_p = "News with archives"
                    $0.price = 12990
                    $0.offer = .with {
                        $0.period = "P1M"
                        $0.periodCount = 2
                        $0.price = 4990
                    }
                    $0.revocationDate = pb(t3)
                }]
                $0.period = "P1M"
                $0.requestReferenceID = "ref"
                $0.taxCode = "C003-00-1"
            }
        }
    }

    static var expectedRenewal: Subscriptions_V1_RenewalInfo {
        .with {
            $0.originalTransactionID = "otid"
            $0.productID = "com.example.bundle"
            $0.autoRenewProductID = "com.example.bundle"
            $0.autoRenewStatus = true
            $0.expirationIntent = .priceIncreaseNotConsented
            $0.gracePeriodExpiresDate = pb(t2)
            $0.isInBillingRetryPeriod = true
            $0.priceIncreaseStatus = .notResponded
            $0.offerType = .winBack
            $0.offerIdentifier = "wb"
            $0.offerDiscountType = .freeTrial
            $0.offerPeriod = "P1W"
            $0.recentSubscriptionStartDate = pb(t1)
            $0.renewalDate = pb(t2)
            $0.renewalPrice = 14990
            $0.currency = "KRW"
            $0.appAccountToken = "token"
            $0.signedDate = pb(t3)
            $0.environment = .production
            $0.advancedCommerceInfo = .with {
                $0.consistencyToken = "1.2.otid"
                $0.descriptors = .with {
                    $0.displayName = "Bundle"
                    $0.description_p = "All of it"
                }
                $0.items = [.with {
                    $0.sku = "NEWS_PREMIUM"
                    $0.displayName = "News Premium"
                    $0.description_p = "News with archives"
                    $0.price = 12990
                    $0.offer = .with {
                        $0.period = "P1M"
                        $0.periodCount = 2
                        $0.price = 4990
                    }
                    $0.priceIncreaseInfo = .with {
                        $0.status = .pending
                        $0.price = 14990
                        $0.dependentSkus = ["PODCASTS"]
                    }
                }]
                $0.period = "P1M"
                $0.requestReferenceID = "ref"
                $0.taxCode = "C003-00-1"
            }
        }
    }

    static func event(_ payload: EngineEvent.Payload, causedBy commandId: String? = "cmd-7") -> EngineEvent {
        EngineEvent(
            notificationType: .priceIncrease, subtype: .pending, notificationUUID: "6f1c0c6e-5b8e-5c59-9a3e-2f0d1c1b7a10",
            signedDate: t3, version: "2.0", sequence: 7, subscriptionId: "otid", causedByCommandId: commandId,
            payload: payload)
    }

    static func expectedEnvelope(_ causedBy: String = "cmd-7") -> Subscriptions_V1_NotificationEvent {
        .with {
            $0.notificationType = .priceIncrease
            $0.subtype = .pending
            $0.notificationUuid = "6f1c0c6e-5b8e-5c59-9a3e-2f0d1c1b7a10"
            $0.signedDate = pb(t3)
            $0.version = "2.0"
            $0.schemaVersion = 1
            $0.sequence = 7
            $0.subscriptionID = "otid"
            $0.causedByCommandID = causedBy
        }
    }

    @Test("a data event maps every field, including transaction and renewal info")
    func dataEvent() {
        let data = NotificationData(
            environment: .production, appAppleId: 1_234_567_890, bundleId: "com.example.news", bundleVersion: "1.0",
            status: .billingGracePeriod, transactionInfo: Self.transaction, renewalInfo: Self.renewal)
        var expected = Self.expectedEnvelope()
        expected.data = .with {
            $0.environment = .production
            $0.appAppleID = 1_234_567_890
            $0.bundleID = "com.example.news"
            $0.bundleVersion = "1.0"
            $0.status = .billingGracePeriod
            $0.transactionInfo = Self.expectedTransaction
            $0.renewalInfo = Self.expectedRenewal
        }
        let mapped = Subscriptions_V1_NotificationEvent(Self.event(.data(data)))
        #expect(mapped.data.transactionInfo == expected.data.transactionInfo)
        #expect(mapped.data.renewalInfo == expected.data.renewalInfo)
        #expect(mapped == expected)
        #expect(mapped.routingKey == "PRICE_INCREASE.PENDING")
    }

    @Test("a summary event maps every field")
    func summaryEvent() {
        let summary = MassExtensionSummary(
            requestIdentifier: "mass-1", environment: .sandbox, appAppleId: 0, bundleId: "com.example.news",
            productId: "news.basic.monthly", storefrontCountryCodes: ["USA", "KOR"], failedCount: 2, succeededCount: 9998)
        var expected = Self.expectedEnvelope("")
        expected.summary = .with {
            $0.requestIdentifier = "mass-1"
            $0.environment = .sandbox
            $0.bundleID = "com.example.news"
            $0.productID = "news.basic.monthly"
            $0.storefrontCountryCodes = ["USA", "KOR"]
            $0.failedCount = 2
            $0.succeededCount = 9998
        }
        #expect(Subscriptions_V1_NotificationEvent(Self.event(.summary(summary), causedBy: nil)) == expected)
    }

    @Test("a subscriber communication maps every field")
    func communicationEvent() {
        let communication = SubscriberCommunication(
            channel: .priceIncreaseSheet, kind: .consentReminder, priceChangeIds: ["pc-1", "pc-2"], consentRequired: true,
            effectiveRenewalDate: Self.t2, originalTransactionId: "otid", storefront: "KOR", environment: .production,
            bundleId: "com.example.news", renewalInfo: Self.renewal)
        var expected = Self.expectedEnvelope()
        expected.communication = .with {
            $0.channel = .priceIncreaseSheet
            $0.kind = .consentReminder
            $0.priceChangeIds = ["pc-1", "pc-2"]
            $0.consentRequired = true
            $0.effectiveRenewalDate = Self.pb(Self.t2)
            $0.originalTransactionID = "otid"
            $0.storefront = "KOR"
            $0.environment = .production
            $0.bundleID = "com.example.news"
            $0.renewalInfo = Self.expectedRenewal
        }
        #expect(Subscriptions_V1_NotificationEvent(Self.event(.communication(communication))) == expected)
    }

    @Test("an event the engine did not attribute takes the given command id; absent values stay unset")
    func defaults() {
        var renewal = Self.renewal
        renewal.gracePeriodExpiresDate = nil
        renewal.priceIncreaseStatus = nil
        renewal.expirationIntent = nil
        renewal.advancedCommerceInfo = nil
        let data = NotificationData(
            environment: .sandbox, appAppleId: 0, bundleId: "b", bundleVersion: "1", status: .active,
            transactionInfo: nil, renewalInfo: renewal)
        let mapped = Subscriptions_V1_NotificationEvent(Self.event(.data(data), causedBy: nil), causedBy: "cmd-9")
        #expect(mapped.causedByCommandID == "cmd-9")
        #expect(!mapped.data.hasTransactionInfo)
        #expect(!mapped.data.renewalInfo.hasGracePeriodExpiresDate)
        #expect(!mapped.data.renewalInfo.hasAdvancedCommerceInfo)
        #expect(mapped.data.renewalInfo.priceIncreaseStatus == .unspecified)
        #expect(mapped.data.renewalInfo.expirationIntent == .unspecified)
    }

    @Test("every notification type and subtype has a wire value with the same Apple name")
    func enumsByName() {
        for type in NotificationType.allCases {
            #expect(Subscriptions_V1_NotificationType(type).routingSegment == type.rawValue)
        }
        for subtype in NotificationSubtype.allCases {
            #expect(Subscriptions_V1_Subtype(subtype).routingSegment == subtype.rawValue)
        }
    }
}
