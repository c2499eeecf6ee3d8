import SubscriptionAPI
import SubscriptionMessages
import SubscriptionTrust

/// Apple's response JSON of Get App Transaction Info, Finish Transaction and the Retention
/// Messaging API, and ours for the retention offer (docs/retention-messaging.md).
extension ResultBody {
    static func retentionReply(_ result: Subscriptions_V1_CommandReply.OneOf_Result, signer: (any PayloadSigner)?) -> HTTPReply {
        func ok(_ value: some Encodable) -> HTTPReply { HTTPReply(status: 200, json: value, signer: signer) }
        switch result {
        case .getAppTransactionInfo(let reply):
            return ok(AppTransactionInfoResponse(signedAppTransactionInfo: SignedPayload(AppTransactionPayload(reply.appTransaction))))
        case .finishTransaction:
            return HTTPReply(emptyWithStatus: 200)
        case .manageRetentionMessaging(let reply):
            return retentionMessaging(reply, signer: signer)
        case .answerRetentionMessage(let reply):
            return ok(RetentionOfferResponse(subscription: ServiceResponse(reply.subscription), retention: RetentionOfferView(reply.retention)))
        case .getRetentionOffer(let reply):
            return ok(RetentionOfferResponse(
                subscription: ServiceResponse(reply.subscription),
                retention: reply.retention.state == .unspecified ? nil : RetentionOfferView(reply.retention)))
        default:
            // RecordRetentionResponse is the consumer's own: no route publishes it.
            return HTTPReply(status: 500, errorCode: 5_000_000, message: "\(result) has no HTTP answer")
        }
    }

    /// The answer of the operation the request carried (`operation`: its field number).
    private static func retentionMessaging(
        _ reply: Subscriptions_V1_ManageRetentionMessagingReply, signer: (any PayloadSigner)?
    ) -> HTTPReply {
        func ok(_ value: some Encodable) -> HTTPReply { HTTPReply(status: 200, json: value, signer: signer) }
        switch reply.operation {
        case 3:
            return ok(GetImageListResponse(imageIdentifiers: reply.images.map {
                GetImageListResponseItem(imageIdentifier: $0.imageIdentifier, imageState: $0.state.appleName, imageSize: $0.size.appleName)
            }))
        case 6:
            return ok(GetMessageListResponse(messageIdentifiers: reply.messages.map {
                GetMessageListResponseItem(messageIdentifier: $0.messageIdentifier, messageState: $0.state.appleName)
            }))
        case 8:
            return ok(DefaultConfigurationResponse(messageIdentifier: reply.messageIdentifier))
        case 11:
            return ok(RealtimeUrlResponse(realtimeURL: reply.realtimeURL))
        case 14:
            return ok(PerformanceTestResponse(config: PerformanceTestConfig(reply.performanceTestConfig), requestId: reply.performanceTestRequestID))
        case 15:
            return ok(PerformanceTestResultResponse(reply.performanceTestResult))
        default:
            // Uploads, deletes, configurations and reviews: Apple answers 200 with no body.
            return HTTPReply(emptyWithStatus: 200)
        }
    }
}

extension Subscriptions_V1_RetentionReviewState {
    /// Apple's `imageState` / `messageState`.
    var appleName: String {
        switch self {
        case .approved: "APPROVED"
        case .rejected: "REJECTED"
        default: "PENDING"
        }
    }
}

extension Subscriptions_V1_RetentionImageSize {
    /// Apple's `imageSize`.
    var appleName: String { self == .bulletPoint ? "BULLET_POINT" : "FULL_SIZE" }
}

extension PerformanceTestConfig {
    init(_ config: Subscriptions_V1_PerformanceTestConfig) {
        self.init(
            maxConcurrentRequests: config.maxConcurrentRequests, totalRequests: config.totalRequests,
            totalDuration: config.totalDuration, responseTimeThreshold: config.responseTimeThreshold,
            successRateThreshold: config.successRateThreshold)
    }
}

extension PerformanceTestResultResponse {
    init(_ result: Subscriptions_V1_PerformanceTestResult) {
        let pending = result.result == .pending || result.result == .unspecified
        let status = switch result.result {
        case .pass: "PASS"
        case .fail: "FAIL"
        default: "PENDING"
        }
        self.init(
            config: PerformanceTestConfig(result.config), target: result.target, result: status,
            successRate: pending ? nil : result.successRate, numPending: result.numPending,
            responseTimes: pending
                ? nil
                : PerformanceTestResponseTimes(average: result.average, p50: result.p50, p90: result.p90, p95: result.p95, p99: result.p99),
            failures: Dictionary(result.failures.map { ($0.sendAttemptResult, $0.count) }, uniquingKeysWith: +))
    }
}

extension AppTransactionPayload {
    init(_ transaction: Subscriptions_V1_AppTransactionInfo) {
        self.init(
            receiptType: transaction.receiptType.appleValue ?? "Production",
            appAppleId: transaction.appAppleID == 0 ? nil : transaction.appAppleID, bundleId: transaction.bundleID,
            applicationVersion: transaction.applicationVersion, receiptCreationDate: transaction.receiptCreationDate.milliseconds,
            originalPurchaseDate: transaction.originalPurchaseDate.milliseconds,
            originalApplicationVersion: transaction.originalApplicationVersion,
            deviceVerification: transaction.deviceVerification, deviceVerificationNonce: transaction.deviceVerificationNonce,
            appTransactionId: transaction.appTransactionID, originalPlatform: transaction.originalPlatform)
    }
}

/// Ours: a subscription and its retention offer.
struct RetentionOfferResponse: Encodable {
    var subscription: ServiceResponse
    /// Absent when the subscription never had one.
    var retention: RetentionOfferView?
}

/// Ours: a retention offer as JSON; instants in milliseconds since 1970, absent values omitted.
struct RetentionOfferView: Encodable, Equatable {
    /// What the subscriber is shown.
    struct Presentation: Encodable, Equatable {
        var source: String
        var fallbackReason: String?
        var fallbackDetail: String?
        var messageIdentifier: String?
        var alternateProductId: String?
        var promotionalOfferIdentifier: String?
        var promotionalOfferProductId: String?
        var httpStatus: Int32?
        var latencyMilliseconds: Int64
        var sendAttemptResult: String?
    }

    var requestIdentifier: String
    /// `REQUESTED`, `PRESENTED` or `ANSWERED`.
    var state: String
    var productId: String
    var locale: String
    var requestedDate: Int64
    var presentation: Presentation?
    /// `KEEP`, `ACCEPT_OFFER`, `SWITCH_PLAN` or `CANCEL`.
    var answer: String?
    var answeredDate: Int64?

    init(_ offer: Subscriptions_V1_RetentionOffer) {
        requestIdentifier = offer.requestIdentifier
        state = offer.state.appleName
        productId = offer.productID
        locale = offer.locale
        requestedDate = offer.requestedAt.milliseconds
        if offer.hasPresentation {
            let shown = offer.presentation
            presentation = Presentation(
                source: shown.source.appleName, fallbackReason: shown.fallbackReason.appleName,
                fallbackDetail: shown.fallbackDetail.nonEmpty, messageIdentifier: shown.messageIdentifier.nonEmpty,
                alternateProductId: shown.alternateProductID.nonEmpty, promotionalOfferIdentifier: shown.promotionalOfferIdentifier.nonEmpty,
                promotionalOfferProductId: shown.promotionalOfferProductID.nonEmpty, httpStatus: shown.httpStatus == 0 ? nil : shown.httpStatus,
                latencyMilliseconds: shown.latencyMs, sendAttemptResult: shown.sendAttemptResult.nonEmpty)
        }
        answer = offer.answer.appleName
        answeredDate = offer.hasAnsweredAt ? offer.answeredAt.milliseconds : nil
    }
}

extension Subscriptions_V1_RetentionOfferState {
    /// `REQUESTED`, `PRESENTED` or `ANSWERED`.
    var appleName: String {
        switch self {
        case .presented: "PRESENTED"
        case .answered: "ANSWERED"
        default: "REQUESTED"
        }
    }
}

extension Subscriptions_V1_RetentionMessageSource {
    /// `APP`, `DEFAULT` or `NONE`.
    var appleName: String {
        switch self {
        case .app: "APP"
        case .default: "DEFAULT"
        default: "NONE"
        }
    }
}

extension Subscriptions_V1_RetentionFallbackReason {
    /// The reason's name; nil when the app's answer was used.
    var appleName: String? {
        switch self {
        case .noRealtimeURL: "NO_REALTIME_URL"
        case .timedOut: "TIMED_OUT"
        case .endpointFailed: "ENDPOINT_FAILED"
        case .invalidResponse: "INVALID_RESPONSE"
        case .notApproved: "NOT_APPROVED"
        case .invalidChoice: "INVALID_CHOICE"
        default: nil
        }
    }
}

extension Subscriptions_V1_RetentionAnswer {
    /// The answer's name; nil when unset.
    var appleName: String? {
        switch self {
        case .keep: "KEEP"
        case .acceptOffer: "ACCEPT_OFFER"
        case .switchPlan: "SWITCH_PLAN"
        case .cancel: "CANCEL"
        default: nil
        }
    }
}
