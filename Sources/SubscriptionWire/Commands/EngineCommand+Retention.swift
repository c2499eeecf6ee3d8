import SubscriptionEngine
import SubscriptionMessages

// Retention messaging (docs/retention-messaging.md) and the app transaction, protobuf <-> engine.

extension RetentionContext {
    init(_ context: Subscriptions_V1_RetentionContext) {
        self.init(
            realtimeURLConfigured: context.realtimeURLConfigured, defaultMessageProductIds: context.defaultMessageProductIds,
            requestIdentifier: context.requestIdentifier)
    }
}

extension RecordRetentionResponseRequest {
    /// The consumer's checked presentation and the default of the offer's product; a request
    /// without a presentation (not through the consumer's retention handler) is refused.
    init(_ request: Subscriptions_V1_RecordRetentionResponseRequest) throws(EngineRejection) {
        guard request.hasPresentation else {
            throw EngineRejection(
                .invalidArgument, error: .missingField, field: "presentation",
                "presentation is set by the consumer's retention handler; this consumer has none")
        }
        var defaultPresentation: RetentionPresentation?
        if let fallback = request.defaults.first(where: { $0.productID == request.productID }) {
            defaultPresentation = try RetentionPresentation(fallback.presentation)
        }
        self.init(
            originalTransactionId: request.originalTransactionID, requestIdentifier: request.requestIdentifier,
            candidate: try RetentionPresentation(request.presentation), defaultPresentation: defaultPresentation)
    }
}

extension AnswerRetentionMessageRequest {
    /// Refuses an answer number this contract does not know.
    init(_ request: Subscriptions_V1_AnswerRetentionMessageRequest) throws(EngineRejection) {
        let answer: RetentionAnswer?
        switch request.answer {
        case .unspecified: answer = nil
        case .keep: answer = .keep
        case .acceptOffer: answer = .acceptOffer
        case .switchPlan: answer = .switchPlan
        case .cancel: answer = .cancel
        case .UNRECOGNIZED(let value):
            throw EngineRejection(.invalidArgument, error: .invalidValue, field: "answer", "answer \(value) is unknown")
        }
        self.init(originalTransactionId: request.originalTransactionID, answer: answer, requestIdentifier: request.requestIdentifier)
    }
}

extension RetentionPresentation {
    init(_ presentation: Subscriptions_V1_RetentionPresentation) throws(EngineRejection) {
        let source: RetentionMessageSource
        switch presentation.source {
        case .app: source = .app
        case .default: source = .defaultMessage
        case .none: source = .none
        case .unspecified, .UNRECOGNIZED:
            throw EngineRejection(.invalidArgument, error: .invalidValue, field: "presentation.source", "source must be APP, DEFAULT or NONE")
        }
        let reason: RetentionFallbackReason?
        switch presentation.fallbackReason {
        case .unspecified: reason = nil
        case .noRealtimeURL: reason = .noRealtimeURL
        case .timedOut: reason = .timedOut
        case .endpointFailed: reason = .endpointFailed
        case .invalidResponse: reason = .invalidResponse
        case .notApproved: reason = .notApproved
        case .invalidChoice: reason = .invalidChoice
        case .UNRECOGNIZED(let value):
            throw EngineRejection(
                .invalidArgument, error: .invalidValue, field: "presentation.fallbackReason", "fallbackReason \(value) is unknown")
        }
        self.init(
            source: source, fallbackReason: reason, fallbackDetail: presentation.fallbackDetail,
            messageIdentifier: presentation.messageIdentifier.nonEmpty,
            alternateProductId: presentation.alternateProductID.nonEmpty,
            promotionalOfferIdentifier: presentation.promotionalOfferIdentifier.nonEmpty,
            promotionalOfferProductId: presentation.promotionalOfferProductID.nonEmpty, httpStatus: Int(presentation.httpStatus),
            latencyMilliseconds: presentation.latencyMs, sendAttemptResult: presentation.sendAttemptResult)
    }
}

extension Subscriptions_V1_RetentionPresentation {
    /// The wire form of an engine presentation.
    public init(_ presentation: RetentionPresentation) {
        self.init()
        switch presentation.source {
        case .app: source = .app
        case .defaultMessage: source = .default
        case .none: source = .none
        }
        if let reason = presentation.fallbackReason {
            switch reason {
            case .noRealtimeURL: fallbackReason = .noRealtimeURL
            case .timedOut: fallbackReason = .timedOut
            case .endpointFailed: fallbackReason = .endpointFailed
            case .invalidResponse: fallbackReason = .invalidResponse
            case .notApproved: fallbackReason = .notApproved
            case .invalidChoice: fallbackReason = .invalidChoice
            }
        }
        fallbackDetail = presentation.fallbackDetail
        messageIdentifier = presentation.messageIdentifier ?? ""
        alternateProductID = presentation.alternateProductId ?? ""
        promotionalOfferIdentifier = presentation.promotionalOfferIdentifier ?? ""
        promotionalOfferProductID = presentation.promotionalOfferProductId ?? ""
        httpStatus = Int32(clamping: presentation.httpStatus)
        latencyMs = presentation.latencyMilliseconds
        sendAttemptResult = presentation.sendAttemptResult
    }
}

extension Subscriptions_V1_RetentionOffer {
    /// The wire form of an engine offer.
    public init(_ offer: RetentionOffer) {
        self.init()
        requestIdentifier = offer.requestIdentifier
        switch offer.state {
        case .requested: state = .requested
        case .presented: state = .presented
        case .answered: state = .answered
        }
        productID = offer.productId
        locale = offer.locale
        requestedAt = offer.requestedAt.protobuf
        if let presentation = offer.presentation { self.presentation = .init(presentation) }
        if let answer = offer.answer {
            switch answer {
            case .keep: self.answer = .keep
            case .acceptOffer: self.answer = .acceptOffer
            case .switchPlan: self.answer = .switchPlan
            case .cancel: self.answer = .cancel
            }
        }
        if let answeredAt = offer.answeredAt { self.answeredAt = answeredAt.protobuf }
    }
}

extension Subscriptions_V1_RetentionMessageEvent {
    init(_ event: RetentionEvent) {
        self.init()
        originalTransactionID = event.originalTransactionId
        retention = .init(event.offer)
        environment = Subscriptions_V1_Environment(event.environment)
        bundleID = event.bundleId
        appAppleID = event.appAppleId
        renewalInfo = Subscriptions_V1_RenewalInfo(event.renewalInfo)
    }
}

extension Subscriptions_V1_AppTransactionInfo {
    init(_ transaction: AppTransaction) {
        self.init()
        receiptType = Subscriptions_V1_Environment(transaction.receiptType)
        appAppleID = transaction.appAppleId
        bundleID = transaction.bundleId
        applicationVersion = transaction.applicationVersion
        receiptCreationDate = transaction.receiptCreationDate.protobuf
        originalPurchaseDate = transaction.originalPurchaseDate.protobuf
        originalApplicationVersion = transaction.originalApplicationVersion
        appTransactionID = transaction.appTransactionId
        originalPlatform = transaction.originalPlatform
        deviceVerification = transaction.deviceVerification
        deviceVerificationNonce = transaction.deviceVerificationNonce
    }
}

extension String {
    /// nil for the empty string (proto3's "not set").
    fileprivate var nonEmpty: String? { isEmpty ? nil : self }
}
