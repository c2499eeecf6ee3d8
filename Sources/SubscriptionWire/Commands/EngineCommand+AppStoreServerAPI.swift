import AppleErrorCatalog
import SubscriptionEngine
import SubscriptionMessages

// In-app purchases and App Store Server API operations: proto request -> engine request.

extension PurchaseOffer {
    /// An offer; a present offer without `offer_type` is refused, naming `field`.
    init(_ offer: Subscriptions_V1_PurchaseOffer, field: String) throws(EngineRejection) {
        guard let type = OfferType(offer.offerType) else {
            throw EngineRejection(.invalidArgument, field: field, "\(field) is required when an offer is sent")
        }
        self.init(offerType: type, offerIdentifier: offer.offerIdentifier)
    }
}

extension PurchaseRequest {
    init(_ request: Subscriptions_V1_PurchaseRequest) throws(EngineRejection) {
        self.init(
            customerId: request.customerID, productId: request.productID, storefront: StorefrontCode(request.storefront),
            appAccountToken: request.appAccountToken,
            offer: request.hasOffer ? try PurchaseOffer(request.offer, field: "offer.offerType") : nil)
    }
}

extension SwitchProductRequest {
    init(_ request: Subscriptions_V1_SwitchProductRequest) throws(EngineRejection) {
        self.init(
            originalTransactionId: request.originalTransactionID, productId: request.productID,
            offer: request.hasOffer ? try PurchaseOffer(request.offer, field: "offer.offerType") : nil,
            appAccountToken: request.appAccountToken)
    }
}

extension RespondToPriceIncreaseRequest {
    init(_ request: Subscriptions_V1_RespondToPriceIncreaseRequest) {
        self.init(
            originalTransactionId: request.originalTransactionID, priceChangeIds: request.priceChangeIds,
            response: PriceIncreaseResponse(request.response))
    }
}

extension SetAutoRenewRequest {
    init(_ request: Subscriptions_V1_SetAutoRenewRequest) {
        self.init(
            originalTransactionId: request.originalTransactionID, enable: Bool(request.action),
            retention: request.hasRetention ? RetentionContext(request.retention) : nil, locale: request.locale)
    }
}

extension ReportBillingOutcomeRequest {
    init(_ request: Subscriptions_V1_ReportBillingOutcomeRequest) {
        self.init(originalTransactionId: request.originalTransactionID, outcome: BillingOutcome(request.outcome))
    }
}

extension ExtendRenewalDateRequest {
    init(_ request: Subscriptions_V1_ExtendRenewalDateRequest) {
        self.init(
            originalTransactionId: request.originalTransactionID, extendByDays: Int(request.extendByDays),
            extendReasonCode: request.hasExtendReasonCode ? Int(request.extendReasonCode.value) : nil,
            requestIdentifier: request.requestIdentifier)
    }
}

extension MassExtendRenewalDateRequest {
    init(_ request: Subscriptions_V1_MassExtendRenewalDateRequest) {
        self.init(
            productId: request.productID, storefrontCountryCodes: request.storefrontCountryCodes.map { StorefrontCode($0) },
            extendByDays: Int(request.extendByDays),
            extendReasonCode: request.hasExtendReasonCode ? Int(request.extendReasonCode.value) : nil,
            requestIdentifier: request.requestIdentifier)
    }
}

extension GetMassExtensionStatusRequest {
    init(_ request: Subscriptions_V1_GetMassExtensionStatusRequest) {
        self.init(productId: request.productID, requestIdentifier: request.requestIdentifier)
    }
}

extension GetAllSubscriptionStatusesRequest {
    /// Refuses a status filter value that is unset or unknown, naming `status[i]`.
    init(_ request: Subscriptions_V1_GetAllSubscriptionStatusesRequest) throws(EngineRejection) {
        var statuses: [SubscriptionStatus] = []
        for (index, value) in request.status.enumerated() {
            guard let status = SubscriptionStatus(value) else {
                throw EngineRejection(
                    .invalidArgument, error: .invalidStatus, field: "status[\(index)]",
                    "status[\(index)] is not a subscription status (\(value.rawValue))")
            }
            statuses.append(status)
        }
        self.init(transactionId: request.transactionID, status: statuses)
    }
}
