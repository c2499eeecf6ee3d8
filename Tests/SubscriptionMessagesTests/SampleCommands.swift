import Foundation
import SubscriptionMessages
import SwiftProtobuf

/// A realistic, fully populated request for every route, used by the round-trip tests.
enum SampleCommands {
    static let requestInfo = Subscriptions_V1_RequestInfo.with {
        $0.requestReferenceID = "6f0b1c0e-4a4c-4c43-9f0e-2f6d1a0c9b11"
        $0.appAccountToken = "7e3fb20b-4cdb-47cc-936d-99d65f608138"
        $0.consistencyToken = "1.12345.6f0b1c0e-4a4c-4c43-9f0e-2f6d1a0c9b11"
    }

    static let offer = Subscriptions_V1_Offer.with {
        $0.period = "P1M"
        $0.periodCount = 1
        $0.price = 0
        $0.reason = .acquisition
    }

    static func envelope(for route: CommandRoute) -> Subscriptions_V1_CommandEnvelope {
        .with {
            $0.commandID = "0d8e7c3a-8a55-4f5e-b7a2-5c1d6f2e9a01"
            $0.schemaVersion = WireContract.schemaVersion
            $0.issuedAt = Google_Protobuf_Timestamp(seconds: 1_767_225_600)
            $0.deadline = Google_Protobuf_Timestamp(seconds: 1_767_225_605, nanos: 500_000_000)
            $0.traceContext = .with {
                $0.traceparent = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01"
                $0.tracestate = "vendor=opaque"
            }
            $0.command = command(for: route)
        }
    }

    // One case per route; the switch is exhaustive so a new route must get a sample.
    static func command(for route: CommandRoute) -> Subscriptions_V1_CommandEnvelope.OneOf_Command {
        switch route {
        case .purchase:
            .purchase(.with {
                $0.customerID = "customer-1"
                $0.productID = "com.example.gold.monthly"
                $0.appAccountToken = "7e3fb20b-4cdb-47cc-936d-99d65f608138"
                $0.storefront = "USA"
                $0.offer = .with { $0.offerType = .promotional; $0.offerIdentifier = "WINTER25" }
            })
        case .switchProduct:
            .switchProduct(.with {
                $0.originalTransactionID = "2000000000000001"
                $0.productID = "com.example.platinum.monthly"
            })
        case .createSubscription:
            .createSubscription(.with {
                $0.customerID = "customer-1"
                $0.operation = .createSubscription
                $0.version = "1"
                $0.requestInfo = requestInfo
                $0.currency = "USD"
                $0.descriptors = .with { $0.displayName = "News+"; $0.description_p = "All channels" }
                $0.items = [.with {
                    $0.sku = "NEWS_BASIC"; $0.displayName = "News"; $0.description_p = "Daily news"
                    $0.price = 4990; $0.offer = offer
                }]
                $0.period = "P1M"
                $0.taxCode = "C003-00-1"
                $0.storefront = "USA"
            })
        case .modifySubscription:
            .modifySubscription(.with {
                $0.operation = .modifySubscription
                $0.version = "1"
                $0.requestInfo = requestInfo
                $0.transactionID = "2000000000000001"
                $0.retainBillingCycle = Google_Protobuf_BoolValue(false)
                $0.addItems = .with { $0.items = [.with { $0.sku = "NEWS_CHANNELS"; $0.price = 4990 }] }
                $0.changeItems = .with {
                    $0.items = [.with {
                        $0.currentSku = "ANNES_GOLD_TIER_1M"; $0.sku = "ANNES_PLATINUM_TIER_1Y"
                        $0.price = 99990; $0.effective = .immediately; $0.reason = .upgrade
                        $0.proratedPrice = Google_Protobuf_Int64Value(1230)
                    }]
                }
                $0.removeItems = .with { $0.items = [.with { $0.sku = "LIVE_SPORTS" }] }
                $0.periodChange = .with { $0.effective = .immediately; $0.period = "P1Y" }
                $0.descriptors = .with { $0.effective = .nextBillCycle; $0.displayName = "Platinum" }
            })
        case .reactivateSubscription:
            .reactivateSubscription(.with {
                $0.operation = .reactivateSubscription
                $0.version = "1"
                $0.requestInfo = requestInfo
                $0.transactionID = "2000000000000001"
                $0.items = [.with { $0.sku = "NEWS_BASIC" }]
            })
        case .changePrice:
            .changePrice(.with {
                $0.transactionID = "2000000000000001"
                $0.requestInfo = requestInfo
                $0.items = [.with { $0.sku = "NEWS_BASIC"; $0.price = 7990; $0.dependentSkus = ["NEWS_ADDON"] }]
                $0.currency = "USD"
            })
        case .respondToPriceIncrease:
            .respondToPriceIncrease(.with {
                $0.originalTransactionID = "2000000000000001"
                $0.priceChangeIds = ["pc-1"]
                $0.response = .consent
            })
        case .setAutoRenew:
            .setAutoRenew(.with { $0.originalTransactionID = "2000000000000001"; $0.action = .disable })
        case .reportBillingOutcome:
            .reportBillingOutcome(.with { $0.originalTransactionID = "2000000000000001"; $0.outcome = .chargeFailed })
        case .extendRenewalDate:
            .extendRenewalDate(.with {
                $0.originalTransactionID = "2000000000000001"
                $0.extendByDays = 30
                $0.extendReasonCode = Google_Protobuf_Int32Value(0)
                $0.requestIdentifier = "ext-1"
            })
        case .massExtendRenewalDate:
            .massExtendRenewalDate(.with {
                $0.productID = "com.example.gold.monthly"
                $0.storefrontCountryCodes = ["USA", "CAN"]
                $0.extendByDays = 7
                $0.extendReasonCode = Google_Protobuf_Int32Value(3)
                $0.requestIdentifier = "b7a6f0a4-3d4a-4c43-9f0e-2f6d1a0c9b22"
            })
        case .getMassExtensionStatus:
            .getMassExtensionStatus(.with {
                $0.productID = "com.example.gold.monthly"
                $0.requestIdentifier = "b7a6f0a4-3d4a-4c43-9f0e-2f6d1a0c9b22"
            })
        case .getAllSubscriptionStatuses:
            .getAllSubscriptionStatuses(.with { $0.transactionID = "2000000000000001"; $0.status = [.active, .billingRetry] })
        case .cancelSubscription:
            .cancelSubscription(.with { $0.transactionID = "2000000000000001"; $0.requestInfo = requestInfo })
        case .revokeSubscription:
            .revokeSubscription(.with {
                $0.transactionID = "2000000000000001"
                $0.requestInfo = requestInfo
                $0.refundReason = .legal
                $0.refundType = .prorated
                $0.refundRiskingPreference = true
            })
        case .requestRefund:
            .requestRefund(.with {
                $0.transactionID = "2000000000000002"
                $0.requestInfo = requestInfo
                $0.items = [.with {
                    $0.sku = "NEWS_BASIC"; $0.refundReason = .other; $0.refundType = .custom
                    $0.revoke = false; $0.refundAmount = Google_Protobuf_Int64Value(1000)
                }]
            })
        case .changeMetadata:
            .changeMetadata(.with {
                $0.transactionID = "2000000000000001"
                $0.requestInfo = requestInfo
                $0.items = [.with { $0.currentSku = "NEWS_A"; $0.sku = "NEWS_B"; $0.effective = .immediately }]
            })
        case .migrateSubscription:
            .migrateSubscription(.with {
                $0.transactionID = "2000000000000001"
                $0.requestInfo = requestInfo
                $0.descriptors = .with { $0.displayName = "News+"; $0.description_p = "All channels" }
                $0.items = [.with { $0.sku = "NEWS_BASIC"; $0.displayName = "News"; $0.description_p = "Daily" }]
                $0.targetProductID = "com.example.aca.generic"
                $0.taxCode = "C003-00-1"
            })
        case .advanceTestClock:
            .advanceTestClock(.with { $0.advanceBy = Google_Protobuf_Duration(seconds: 86_400 * 31) })
        case .reloadCatalog:
            .reloadCatalog(.init())
        case .getTransactionInfo:
            .getTransactionInfo(.with { $0.transactionID = "2000000000000001-3" })
        case .getTransactionHistory:
            .getTransactionHistory(.with {
                $0.transactionID = "2000000000000001"
                $0.revision = "31373030.2d31"
                $0.startDate = Google_Protobuf_Timestamp(seconds: 1_700_000_000)
                $0.productTypes = [.autoRenewableSubscription]
                $0.sort = .descending
                $0.revoked = Google_Protobuf_BoolValue(false)
            })
        case .getRefundHistory:
            .getRefundHistory(.with { $0.transactionID = "2000000000000001"; $0.revision = "" })
        case .getNotificationHistory:
            .getNotificationHistory(.with {
                $0.startDate = Google_Protobuf_Timestamp(seconds: 1_700_000_000)
                $0.endDate = Google_Protobuf_Timestamp(seconds: 1_700_086_400)
                $0.notificationType = .didRenew
                $0.onlyFailures = true
            })
        case .requestTestNotification:
            .requestTestNotification(.init())
        case .getTestNotificationStatus:
            .getTestNotificationStatus(.with { $0.testNotificationToken = "ce3af791-365e-4c60-841b-1674b43c1609_1700000000000" })
        case .getSubscriptionHistory:
            .getSubscriptionHistory(.with {
                $0.customerID = "customer-1"
                $0.eventLimit = 50
            })
        case .createTestClock:
            .createTestClock(.with {
                $0.frozenTime = .init(seconds: 1_767_225_600)
                $0.name = "suite A"
            })
        case .getTestClock:
            .getTestClock(.with { $0.testClockID = "clock_0123456789abcdef01234567" })
        case .listTestClocks:
            .listTestClocks(.init())
        case .deleteTestClock:
            .deleteTestClock(.with { $0.testClockID = "clock_0123456789abcdef01234567" })
        case .requestCustomerRefund:
            .requestCustomerRefund(.with {
                $0.transactionID = "1000000001-2"
                $0.reason = .unintendedPurchase
            })
        case .sendConsumptionInformation:
            .sendConsumptionInformation(.with {
                $0.transactionID = "1000000001-2"
                $0.customerConsented = true
                $0.deliveryStatus = .delivered
                $0.consumptionPercentage = .init(40_000)
                $0.refundPreference = .grantProrated
            })
        case .decideRefund:
            .decideRefund(.with {
                $0.transactionID = "1000000001-2"
                $0.decision = .grantFull
            })
        case .lookUpOrderId:
            .lookUpOrderID(.with { $0.orderID = "M64S36D1N6RVKGE9G" })
        case .priceChangeWhatIf:
            .priceChangeWhatIf(.with {
                $0.productID = "news.basic.monthly"
                $0.prices = [.with { $0.storefront = "USA"; $0.price = 12_990 }]
                $0.consentRateBasisPoints = 8_000
                $0.limit = 100
            })
        case .setAppAccountToken:
            .setAppAccountToken(.with {
                $0.originalTransactionID = "1000000001"
                $0.appAccountToken = "7e3fb20b-4cdb-47cc-936d-99d65f608138"
            })
        case .getAppTransactionInfo:
            .getAppTransactionInfo(.with { $0.transactionID = "1000000001" })
        case .finishTransaction:
            .finishTransaction(.with { $0.transactionID = "1000000001" })
        case .manageRetentionMessaging:
            .manageRetentionMessaging(.with {
                $0.uploadMessage = .with {
                    $0.messageIdentifier = "0b8a1f2e-7c3d-4e5f-9a6b-1c2d3e4f5a6b"
                    $0.content = .with { $0.header = "Stay"; $0.body = "Half price for two months" }
                }
            })
        case .recordRetentionResponse:
            .recordRetentionResponse(.with {
                $0.originalTransactionID = "1000000001"
                $0.requestIdentifier = "5d0c4e4a-1b2c-4d3e-8f9a-0b1c2d3e4f5a"
                $0.sendAttemptResult = "SUCCESS"
                $0.httpStatus = 200
                $0.body = Data(#"{"message":{"messageIdentifier":"0b8a1f2e-7c3d-4e5f-9a6b-1c2d3e4f5a6b"}}"#.utf8)
                $0.latencyMs = 42
            })
        case .answerRetentionMessage:
            .answerRetentionMessage(.with {
                $0.originalTransactionID = "1000000001"
                $0.answer = .acceptOffer
            })
        case .getRetentionOffer:
            .getRetentionOffer(.with { $0.transactionID = "1000000001" })
        }
    }
}
