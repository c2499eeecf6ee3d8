import SubscriptionAPI
import SubscriptionMessages
import SwiftProtobuf

/// Our own bodies (purchase, switch, consent, auto-renew, payment outcome, test clock, catalog)
/// as wire commands.
package enum ServiceCommands {
    package static func purchase(_ request: PurchaseRequest) -> Subscriptions_V1_PurchaseRequest {
        var command = Subscriptions_V1_PurchaseRequest()
        command.customerID = request.customerId
        command.productID = request.productId.rawValue
        command.appAccountToken = request.appAccountToken?.rawValue ?? ""
        command.storefront = request.storefront.rawValue
        if let offer = request.offer {
            command.offer = .with {
                $0.offerType = Subscriptions_V1_OfferType(rawValue: Int(offer.offerType)) ?? .unspecified
                $0.offerIdentifier = offer.offerIdentifier
            }
        }
        return command
    }

    package static func switchProduct(_ request: SwitchProductRequest) -> Subscriptions_V1_SwitchProductRequest {
        var command = Subscriptions_V1_SwitchProductRequest()
        command.originalTransactionID = request.originalTransactionId
        command.productID = request.productId.rawValue
        return command
    }

    /// The answer to every price increase communicated on the subscription. The body's `SKU`
    /// has no field on the wire (the contract names increases by price-change id), so it is not sent.
    package static func respondToPriceIncrease(_ request: PriceIncreaseResponseRequest) -> Subscriptions_V1_RespondToPriceIncreaseRequest {
        var command = Subscriptions_V1_RespondToPriceIncreaseRequest()
        command.originalTransactionID = request.originalTransactionId
        command.response = switch request.response {
        case .consent: .consent
        case .decline: .decline
        case .sheetAcknowledged: .sheetAcknowledged
        }
        return command
    }

    package static func setAutoRenew(_ request: AutoRenewRequest) -> Subscriptions_V1_SetAutoRenewRequest {
        var command = Subscriptions_V1_SetAutoRenewRequest()
        command.originalTransactionID = request.originalTransactionId
        command.action = request.isEnabling ? .enable : .disable
        command.locale = request.locale ?? ""
        return command
    }

    package static func reportBillingOutcome(_ request: PaymentOutcomeRequest) -> Subscriptions_V1_ReportBillingOutcomeRequest {
        var command = Subscriptions_V1_ReportBillingOutcomeRequest()
        command.originalTransactionID = request.originalTransactionId
        command.outcome = switch request.outcome {
        case .chargeSucceeded: .chargeSucceeded
        case .chargeFailed: .chargeFailed
        case .paymentMethodFixed: .paymentMethodFixed
        }
        return command
    }

    /// The clock advance. `advanceBy` may hold every part of an ISO 8601 duration: weeks, days
    /// (24 h in UTC) and clock parts go out as a fixed `advance_by`; with years or months it goes
    /// out as `advance_by_calendar` (months, a year being 12, then the rest), which the consumer
    /// applies in UTC with the day clamped to the end of a shorter month, as renewals are.
    package static func advanceTestClock(_ request: ClockAdvanceRequest) -> Subscriptions_V1_AdvanceTestClockRequest {
        var command = Subscriptions_V1_AdvanceTestClockRequest()
        switch request.target {
        case .instant(let milliseconds):
            command.advanceTo = Google_Protobuf_Timestamp(
                seconds: milliseconds / 1000, nanos: Int32(milliseconds % 1000) * 1_000_000)
        case .duration(let duration):
            let days = Int64(duration.weeks) * 7 + Int64(duration.days)
            let seconds = days * 86_400 + Int64(duration.hours) * 3_600 + Int64(duration.minutes) * 60
                + Int64(duration.seconds)
            let months = Int64(duration.years) * 12 + Int64(duration.months)
            if months == 0 {
                command.advanceBy = Google_Protobuf_Duration(seconds: seconds, nanos: 0)
            } else {
                command.advanceByCalendar = .with {
                    $0.months = Int32(clamping: months)
                    $0.plus = Google_Protobuf_Duration(seconds: seconds, nanos: 0)
                }
            }
        }
        return command
    }

    /// A test clock at `frozenTime` (docs/test-clocks.md).
    package static func createTestClock(_ request: TestClockCreateRequest) -> Subscriptions_V1_CreateTestClockRequest {
        .with {
            $0.frozenTime = Google_Protobuf_Timestamp(
                seconds: request.frozenTime / 1000, nanos: Int32(request.frozenTime % 1000) * 1_000_000)
            $0.name = request.name
        }
    }

    /// The catalog reload: the consumer re-reads the file it was started with; nothing to send.
    package static func reloadCatalog(_ request: CatalogReloadRequest) -> Subscriptions_V1_ReloadCatalogRequest {
        Subscriptions_V1_ReloadCatalogRequest()
    }
}
