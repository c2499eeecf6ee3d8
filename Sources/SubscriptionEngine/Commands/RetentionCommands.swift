/// What the consumer found in its retention messaging tables when auto-renew off was asked
/// (docs/retention-messaging.md): the engine opens a retention offer instead of turning
/// auto-renew off when the environment has a Get Retention Message URL or the product has a
/// default message in the locale.
public struct RetentionContext: Codable, Sendable, Hashable {
    public var realtimeURLConfigured: Bool
    /// Products with a default message in the request's locale.
    public var defaultMessageProductIds: [String]
    /// The `requestIdentifier` of the real-time request (a UUID).
    public var requestIdentifier: String

    public init(realtimeURLConfigured: Bool, defaultMessageProductIds: [String], requestIdentifier: String) {
        self.realtimeURLConfigured = realtimeURLConfigured
        self.defaultMessageProductIds = defaultMessageProductIds
        self.requestIdentifier = requestIdentifier
    }

    /// Whether a retention message may be shown for `productId`.
    func applies(to productId: String) -> Bool {
        realtimeURLConfigured || defaultMessageProductIds.contains(productId)
    }
}

/// `RecordRetentionResponseRequest`: the app's real-time answer as the consumer checked it
/// against its approved messages (`candidate`), with the default message of the offer's product
/// and locale to fall back on. The engine checks what only it knows (the switch-plan product
/// is in the subscription's group and sold in its storefront, the offer exists) and records the
/// presentation.
public struct RecordRetentionResponseRequest: Codable, Sendable, Hashable {
    public var originalTransactionId: String
    public var requestIdentifier: String
    /// The app's choice (source APP) or the consumer's fallback (DEFAULT or NONE, with a reason).
    public var candidate: RetentionPresentation?
    /// The default message of the offer's product and locale; nil when none is configured.
    public var defaultPresentation: RetentionPresentation?

    public init(
        originalTransactionId: String, requestIdentifier: String, candidate: RetentionPresentation?,
        defaultPresentation: RetentionPresentation?
    ) {
        self.originalTransactionId = originalTransactionId
        self.requestIdentifier = requestIdentifier
        self.candidate = candidate
        self.defaultPresentation = defaultPresentation
    }
}

/// `AnswerRetentionMessageRequest`: the subscriber's answer; `answer` nil = unset (refused).
public struct AnswerRetentionMessageRequest: Codable, Sendable, Hashable {
    public var originalTransactionId: String
    public var answer: RetentionAnswer?
    /// The offer answered; empty = the open one.
    public var requestIdentifier: String

    public init(originalTransactionId: String, answer: RetentionAnswer?, requestIdentifier: String = "") {
        self.originalTransactionId = originalTransactionId
        self.answer = answer
        self.requestIdentifier = requestIdentifier
    }
}

/// `GetRetentionOfferRequest`: a subscription's retention offer, by any of its transaction ids.
public struct GetRetentionOfferRequest: Codable, Sendable, Hashable {
    public var transactionId: String

    public init(transactionId: String) { self.transactionId = transactionId }
}

/// `GetAppTransactionInfoRequest`: the app transaction of the customer owning a transaction.
public struct GetAppTransactionInfoRequest: Codable, Sendable, Hashable {
    public var transactionId: String

    public init(transactionId: String) { self.transactionId = transactionId }
}

/// `FinishTransactionRequest`: the app has delivered a transaction.
public struct FinishTransactionRequest: Codable, Sendable, Hashable {
    public var transactionId: String

    public init(transactionId: String) { self.transactionId = transactionId }
}

/// Apple's `AppTransaction`: the customer's purchase of the app, one per customer.
public struct AppTransaction: Codable, Sendable, Hashable {
    public var receiptType: Environment
    public var appAppleId: Int64
    public var bundleId: String
    public var applicationVersion: String
    public var receiptCreationDate: Timestamp
    public var originalPurchaseDate: Timestamp
    public var originalApplicationVersion: String
    public var appTransactionId: String
    public var originalPlatform: String
    public var deviceVerification: String
    public var deviceVerificationNonce: String
}
