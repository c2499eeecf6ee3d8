/// Where a retention offer has got to (docs/retention-messaging.md).
public enum RetentionOfferState: String, Codable, Sendable, Hashable {
    /// Auto-renew off was asked; the app's Get Retention Message endpoint is being called.
    case requested = "REQUESTED"
    /// The message is shown; the subscriber may answer.
    case presented = "PRESENTED"
    /// The subscriber answered.
    case answered = "ANSWERED"
}

/// Whose message the subscriber is shown.
public enum RetentionMessageSource: String, Codable, Sendable, Hashable {
    /// The app's real-time answer.
    case app = "APP"
    /// The default message of the product and locale.
    case defaultMessage = "DEFAULT"
    /// Nothing usable: the plain cancel page.
    case none = "NONE"
}

/// Why the app's real-time answer was not used.
public enum RetentionFallbackReason: String, Codable, Sendable, Hashable {
    case noRealtimeURL = "NO_REALTIME_URL"
    case timedOut = "TIMED_OUT"
    case endpointFailed = "ENDPOINT_FAILED"
    case invalidResponse = "INVALID_RESPONSE"
    case notApproved = "NOT_APPROVED"
    case invalidChoice = "INVALID_CHOICE"
}

/// The subscriber's answer to a retention offer.
public enum RetentionAnswer: String, Codable, Sendable, Hashable {
    /// Keep the subscription as it is.
    case keep = "KEEP"
    /// Take the promotional offer.
    case acceptOffer = "ACCEPT_OFFER"
    /// Switch to the suggested plan.
    case switchPlan = "SWITCH_PLAN"
    /// Turn auto-renew off after all.
    case cancel = "CANCEL"
}

/// What the subscriber is shown: a message, a switch-plan suggestion or a promotional offer
/// (each with the message's identifier), the default message, or nothing; and how the app's
/// endpoint answered.
public struct RetentionPresentation: Codable, Sendable, Hashable {
    public var source: RetentionMessageSource
    /// Why the app's answer was not used; nil when it was.
    public var fallbackReason: RetentionFallbackReason?
    /// The reason in plain words.
    public var fallbackDetail: String
    public var messageIdentifier: String?
    /// Switch plan: the product suggested.
    public var alternateProductId: String?
    /// Promotional offer: its identifier and product.
    public var promotionalOfferIdentifier: String?
    public var promotionalOfferProductId: String?
    /// The endpoint's HTTP status; 0 when it did not answer or was not called.
    public var httpStatus: Int
    public var latencyMilliseconds: Int64
    /// Apple's `SendAttemptResult` name of the call; empty when not called.
    public var sendAttemptResult: String

    public init(
        source: RetentionMessageSource, fallbackReason: RetentionFallbackReason? = nil, fallbackDetail: String = "",
        messageIdentifier: String? = nil, alternateProductId: String? = nil, promotionalOfferIdentifier: String? = nil,
        promotionalOfferProductId: String? = nil, httpStatus: Int = 0, latencyMilliseconds: Int64 = 0,
        sendAttemptResult: String = ""
    ) {
        self.source = source
        self.fallbackReason = fallbackReason
        self.fallbackDetail = fallbackDetail
        self.messageIdentifier = messageIdentifier
        self.alternateProductId = alternateProductId
        self.promotionalOfferIdentifier = promotionalOfferIdentifier
        self.promotionalOfferProductId = promotionalOfferProductId
        self.httpStatus = httpStatus
        self.latencyMilliseconds = latencyMilliseconds
        self.sendAttemptResult = sendAttemptResult
    }

    /// This presentation replaced by `fallback` (a default message or nothing) for `reason`,
    /// keeping how the endpoint answered.
    func fallingBack(to fallback: RetentionPresentation?, reason: RetentionFallbackReason, detail: String) -> RetentionPresentation {
        var replaced = fallback ?? RetentionPresentation(source: .none)
        replaced.fallbackReason = reason
        replaced.fallbackDetail = detail
        replaced.httpStatus = httpStatus
        replaced.latencyMilliseconds = latencyMilliseconds
        replaced.sendAttemptResult = sendAttemptResult
        return replaced
    }
}

/// A subscription's retention offer: opened when auto-renew off is asked with retention
/// messaging on, presented once the app answered (or failed), answered by the subscriber.
public struct RetentionOffer: Codable, Sendable, Hashable {
    /// `requestIdentifier` of the real-time request (a UUID).
    public var requestIdentifier: String
    public var state: RetentionOfferState
    /// The product when the offer was opened.
    public var productId: String
    /// `userLocale`.
    public var locale: String
    public var requestedAt: Timestamp
    public var presentation: RetentionPresentation?
    public var answer: RetentionAnswer?
    public var answeredAt: Timestamp?

    public init(
        requestIdentifier: String, state: RetentionOfferState, productId: String, locale: String, requestedAt: Timestamp,
        presentation: RetentionPresentation? = nil, answer: RetentionAnswer? = nil, answeredAt: Timestamp? = nil
    ) {
        self.requestIdentifier = requestIdentifier
        self.state = state
        self.productId = productId
        self.locale = locale
        self.requestedAt = requestedAt
        self.presentation = presentation
        self.answer = answer
        self.answeredAt = answeredAt
    }

    /// Whether the subscriber may still answer (requested or presented).
    public var isOpen: Bool { state != .answered }
}
