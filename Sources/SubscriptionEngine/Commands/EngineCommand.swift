/// One operation of `commands.proto` / `advanced_commerce.proto`. Unset proto enums and
/// absent messages are `nil`; the engine rejects them and names the field.
public enum EngineCommand: Codable, Sendable, Hashable {
    case purchase(PurchaseRequest)
    case switchProduct(SwitchProductRequest)
    case createSubscription(CreateSubscriptionRequest)
    case modifySubscription(ModifySubscriptionRequest)
    case reactivateSubscription(ReactivateSubscriptionRequest)
    case changePrice(ChangePriceRequest)
    case respondToPriceIncrease(RespondToPriceIncreaseRequest)
    case setAutoRenew(SetAutoRenewRequest)
    case reportBillingOutcome(ReportBillingOutcomeRequest)
    case extendRenewalDate(ExtendRenewalDateRequest)
    case massExtendRenewalDate(MassExtendRenewalDateRequest)
    case getMassExtensionStatus(GetMassExtensionStatusRequest)
    case getAllSubscriptionStatuses(GetAllSubscriptionStatusesRequest)
    case cancelSubscription(CancelSubscriptionRequest)
    case revokeSubscription(RevokeSubscriptionRequest)
    case requestRefund(RequestRefundRequest)
    case changeMetadata(ChangeMetadataRequest)
    case migrateSubscription(MigrateSubscriptionRequest)
    case getTransactionInfo(GetTransactionInfoRequest)
    case getTransactionHistory(TransactionHistoryRequest)
    case getRefundHistory(RefundHistoryRequest)
    case getSubscriptionHistory(SubscriptionHistoryRequest)
    case requestCustomerRefund(CustomerRefundRequest)
    case sendConsumptionInformation(SendConsumptionInformationRequest)
    case decideRefund(DecideRefundRequest)
    case setAppAccountToken(SetAppAccountTokenRequest)
    case lookUpOrderId(LookUpOrderIdRequest)
    case getAppTransactionInfo(GetAppTransactionInfoRequest)
    case finishTransaction(FinishTransactionRequest)
    case recordRetentionResponse(RecordRetentionResponseRequest)
    case answerRetentionMessage(AnswerRetentionMessageRequest)
    case getRetentionOffer(GetRetentionOfferRequest)

    /// Whether the command only reads (the status, transaction, refund and subscription history queries).
    /// A read changes nothing: it fires no due transition and answers with what time has fired.
    public var isQuery: Bool {
        switch self {
        case .getMassExtensionStatus, .getAllSubscriptionStatuses, .getTransactionInfo, .getTransactionHistory, .getRefundHistory,
            .getSubscriptionHistory, .lookUpOrderId, .getAppTransactionInfo, .getRetentionOffer:
            true
        default: false
        }
    }
}

/// An offer redeemed with an in-app purchase (`PurchaseOffer`).
public struct PurchaseOffer: Codable, Sendable, Hashable {
    public var offerType: OfferType
    public var offerIdentifier: String

    public init(offerType: OfferType, offerIdentifier: String = "") {
        self.offerType = offerType
        self.offerIdentifier = offerIdentifier
    }
}

/// In-app purchase (`PurchaseRequest`, R-GRP-1, R-INT-1).
public struct PurchaseRequest: Codable, Sendable, Hashable {
    public var customerId: String
    public var productId: String
    public var appAccountToken: String
    public var storefront: StorefrontCode
    public var offer: PurchaseOffer?
    /// Customers of the purchaser's family who gain access to a family-shareable product
    /// (R-EXT-3). NOT in commands.proto yet (proposed as field 6); the wire layer leaves it empty.
    public var familyMemberCustomerIds: [String]

    public init(
        customerId: String, productId: String, storefront: StorefrontCode, appAccountToken: String = "",
        offer: PurchaseOffer? = nil, familyMemberCustomerIds: [String] = []
    ) {
        self.customerId = customerId
        self.productId = productId
        self.appAccountToken = appAccountToken
        self.storefront = storefront
        self.offer = offer
        self.familyMemberCustomerIds = familyMemberCustomerIds
    }
}

/// Switch product within the group (`SwitchProductRequest`, R-GRP-2..4).
public struct SwitchProductRequest: Codable, Sendable, Hashable {
    public var originalTransactionId: String
    public var productId: String
    public var offer: PurchaseOffer?
    public var appAccountToken: String

    public init(originalTransactionId: String, productId: String, offer: PurchaseOffer? = nil, appAccountToken: String = "") {
        self.originalTransactionId = originalTransactionId
        self.productId = productId
        self.offer = offer
        self.appAccountToken = appAccountToken
    }
}

/// The subscriber's answer to a price increase.
public enum PriceIncreaseResponse: String, Codable, Sendable, Hashable {
    case consent = "CONSENT"
    case decline = "DECLINE"
    case sheetAcknowledged = "SHEET_ACKNOWLEDGED"
}

/// `RespondToPriceIncreaseRequest` (R-PRC-5, R-PRC-6).
public struct RespondToPriceIncreaseRequest: Codable, Sendable, Hashable {
    public var originalTransactionId: String
    /// Empty = every communicated increase.
    public var priceChangeIds: [String]
    public var response: PriceIncreaseResponse?

    public init(originalTransactionId: String, priceChangeIds: [String] = [], response: PriceIncreaseResponse?) {
        self.originalTransactionId = originalTransactionId
        self.priceChangeIds = priceChangeIds
        self.response = response
    }
}

/// `SetAutoRenewRequest` (R-REN-2); `enable` nil = unset (rejected). With `retention`, turning
/// auto-renew off opens a retention offer instead (docs/retention-messaging.md).
public struct SetAutoRenewRequest: Codable, Sendable, Hashable {
    public var originalTransactionId: String
    public var enable: Bool?
    /// What retention messaging applies; nil = none (the consumer found nothing configured).
    public var retention: RetentionContext?
    /// The subscriber's locale (`userLocale`); empty = en-US.
    public var locale: String

    public init(originalTransactionId: String, enable: Bool?, retention: RetentionContext? = nil, locale: String = "") {
        self.originalTransactionId = originalTransactionId
        self.enable = enable
        self.retention = retention
        self.locale = locale
    }
}

/// Outcome of payment attempts (`BillingOutcome`).
public enum BillingOutcome: String, Codable, Sendable, Hashable {
    case chargeSucceeded = "CHARGE_SUCCEEDED"
    case chargeFailed = "CHARGE_FAILED"
    case paymentMethodFixed = "PAYMENT_METHOD_FIXED"
}

/// `ReportBillingOutcomeRequest` (R-REN-1).
public struct ReportBillingOutcomeRequest: Codable, Sendable, Hashable {
    public var originalTransactionId: String
    public var outcome: BillingOutcome?

    public init(originalTransactionId: String, outcome: BillingOutcome?) {
        self.originalTransactionId = originalTransactionId
        self.outcome = outcome
    }
}
