import Foundation

/// Apple's `GetImageListResponseItem`.
public struct GetImageListResponseItem: Codable, Sendable, Hashable {
    public var imageIdentifier: String
    /// `PENDING`, `APPROVED` or `REJECTED`.
    public var imageState: String
    /// `FULL_SIZE` or `BULLET_POINT`.
    public var imageSize: String

    public init(imageIdentifier: String, imageState: String, imageSize: String) {
        self.imageIdentifier = imageIdentifier
        self.imageState = imageState
        self.imageSize = imageSize
    }
}

/// Apple's `GetImageListResponse`.
public struct GetImageListResponse: Codable, Sendable, Hashable {
    public var imageIdentifiers: [GetImageListResponseItem]

    public init(imageIdentifiers: [GetImageListResponseItem]) { self.imageIdentifiers = imageIdentifiers }
}

/// Apple's `GetMessageListResponseItem`.
public struct GetMessageListResponseItem: Codable, Sendable, Hashable {
    public var messageIdentifier: String
    /// `PENDING`, `APPROVED` or `REJECTED`.
    public var messageState: String

    public init(messageIdentifier: String, messageState: String) {
        self.messageIdentifier = messageIdentifier
        self.messageState = messageState
    }
}

/// Apple's `GetMessageListResponse`.
public struct GetMessageListResponse: Codable, Sendable, Hashable {
    public var messageIdentifiers: [GetMessageListResponseItem]

    public init(messageIdentifiers: [GetMessageListResponseItem]) { self.messageIdentifiers = messageIdentifiers }
}

/// Apple's `DefaultConfigurationResponse`.
public struct DefaultConfigurationResponse: Codable, Sendable, Hashable {
    public var messageIdentifier: String

    public init(messageIdentifier: String) { self.messageIdentifier = messageIdentifier }
}

/// Apple's `RealtimeUrlResponse`.
public struct RealtimeUrlResponse: Codable, Sendable, Hashable {
    public var realtimeURL: String

    public init(realtimeURL: String) { self.realtimeURL = realtimeURL }
}

/// Apple's `PerformanceTestConfig`.
public struct PerformanceTestConfig: Codable, Sendable, Hashable {
    public var maxConcurrentRequests: Int32
    public var totalRequests: Int32
    /// Milliseconds.
    public var totalDuration: Int64
    /// Milliseconds.
    public var responseTimeThreshold: Int64
    /// Percent.
    public var successRateThreshold: Int32

    public init(
        maxConcurrentRequests: Int32, totalRequests: Int32, totalDuration: Int64, responseTimeThreshold: Int64,
        successRateThreshold: Int32
    ) {
        self.maxConcurrentRequests = maxConcurrentRequests
        self.totalRequests = totalRequests
        self.totalDuration = totalDuration
        self.responseTimeThreshold = responseTimeThreshold
        self.successRateThreshold = successRateThreshold
    }
}

/// Apple's `PerformanceTestResponse`.
public struct PerformanceTestResponse: Codable, Sendable, Hashable {
    public var config: PerformanceTestConfig
    public var requestId: String

    public init(config: PerformanceTestConfig, requestId: String) {
        self.config = config
        self.requestId = requestId
    }
}

/// Apple's `PerformanceTestResponseTimes`, milliseconds.
public struct PerformanceTestResponseTimes: Codable, Sendable, Hashable {
    public var average: Int64
    public var p50: Int64
    public var p90: Int64
    public var p95: Int64
    public var p99: Int64

    public init(average: Int64, p50: Int64, p90: Int64, p95: Int64, p99: Int64) {
        self.average = average
        self.p50 = p50
        self.p90 = p90
        self.p95 = p95
        self.p99 = p99
    }
}

/// Apple's `PerformanceTestResultResponse`.
public struct PerformanceTestResultResponse: Codable, Sendable, Hashable {
    public var config: PerformanceTestConfig
    public var target: String
    /// `PENDING`, `PASS` or `FAIL`.
    public var result: String
    /// Percent; nil while pending.
    public var successRate: Int32?
    public var numPending: Int32
    /// Nil while pending.
    public var responseTimes: PerformanceTestResponseTimes?
    /// Count per `SendAttemptResult` name.
    public var failures: [String: Int32]

    public init(
        config: PerformanceTestConfig, target: String, result: String, successRate: Int32?, numPending: Int32,
        responseTimes: PerformanceTestResponseTimes?, failures: [String: Int32]
    ) {
        self.config = config
        self.target = target
        self.result = result
        self.successRate = successRate
        self.numPending = numPending
        self.responseTimes = responseTimes
        self.failures = failures
    }
}

/// Apple's `AppTransaction`, the payload of `signedAppTransactionInfo`.
public struct AppTransactionPayload: Codable, Sendable, Hashable {
    /// The environment (`Sandbox`, `Production`, …).
    public var receiptType: String
    /// Absent in sandbox.
    public var appAppleId: Int64?
    public var bundleId: String
    public var applicationVersion: String
    /// Milliseconds since 1970; what Apple's verifier takes as the signing date.
    public var receiptCreationDate: Int64
    public var originalPurchaseDate: Int64
    public var originalApplicationVersion: String
    public var deviceVerification: String
    public var deviceVerificationNonce: String
    public var appTransactionId: String
    public var originalPlatform: String

    public init(
        receiptType: String, appAppleId: Int64?, bundleId: String, applicationVersion: String, receiptCreationDate: Int64,
        originalPurchaseDate: Int64, originalApplicationVersion: String, deviceVerification: String,
        deviceVerificationNonce: String, appTransactionId: String, originalPlatform: String
    ) {
        self.receiptType = receiptType
        self.appAppleId = appAppleId
        self.bundleId = bundleId
        self.applicationVersion = applicationVersion
        self.receiptCreationDate = receiptCreationDate
        self.originalPurchaseDate = originalPurchaseDate
        self.originalApplicationVersion = originalApplicationVersion
        self.deviceVerification = deviceVerification
        self.deviceVerificationNonce = deviceVerificationNonce
        self.appTransactionId = appTransactionId
        self.originalPlatform = originalPlatform
    }
}

/// Apple's `AppTransactionInfoResponse`.
public struct AppTransactionInfoResponse: Codable, Sendable, Hashable {
    public var signedAppTransactionInfo: SignedPayload<AppTransactionPayload>

    public init(signedAppTransactionInfo: SignedPayload<AppTransactionPayload>) {
        self.signedAppTransactionInfo = signedAppTransactionInfo
    }
}

/// Apple's `DecodedRealtimeRequestBody`: what the App Store signs and POSTs to the app's Get
/// Retention Message endpoint (as `RealtimeRequestBody.signedPayload`).
public struct DecodedRealtimeRequestBody: Codable, Sendable, Hashable {
    public var originalTransactionId: String
    public var appAppleId: Int64
    public var productId: String
    public var userLocale: String
    public var requestIdentifier: String
    /// Milliseconds since 1970.
    public var signedDate: Int64
    /// `Sandbox`, `Production`, ….
    public var environment: String

    public init(
        originalTransactionId: String, appAppleId: Int64, productId: String, userLocale: String, requestIdentifier: String,
        signedDate: Int64, environment: String
    ) {
        self.originalTransactionId = originalTransactionId
        self.appAppleId = appAppleId
        self.productId = productId
        self.userLocale = userLocale
        self.requestIdentifier = requestIdentifier
        self.signedDate = signedDate
        self.environment = environment
    }
}

/// Apple's `RealtimeRequestBody`.
public struct RealtimeRequestBody: Codable, Sendable, Hashable {
    public var signedPayload: SignedPayload<DecodedRealtimeRequestBody>

    public init(signedPayload: SignedPayload<DecodedRealtimeRequestBody>) { self.signedPayload = signedPayload }
}

/// Apple's `RealtimeResponseBody`, read leniently (the app's answer is checked by the consumer):
/// exactly one of the choices must be set.
public struct RealtimeResponseBody: Codable, Sendable, Hashable {
    /// Apple's `message`.
    public struct Message: Codable, Sendable, Hashable {
        public var messageIdentifier: String?
    }

    /// Apple's `alternateProduct`.
    public struct AlternateProduct: Codable, Sendable, Hashable {
        public var messageIdentifier: String?
        public var productId: String?
    }

    /// Apple's `promotionalOfferSignatureV1`.
    public struct PromotionalOfferSignatureV1: Codable, Sendable, Hashable {
        public var productId: String?
        public var offerIdentifier: String?
    }

    /// Apple's `promotionalOffer`.
    public struct PromotionalOffer: Codable, Sendable, Hashable {
        public var messageIdentifier: String?
        public var promotionalOfferSignatureV2: String?
        public var promotionalOfferSignatureV1: PromotionalOfferSignatureV1?
    }

    /// Apple's `advancedCommerceInfo` (not emulated: answered with the default message).
    public struct AdvancedCommerceInfo: Codable, Sendable, Hashable {
        public var messageIdentifier: String?
    }

    public var message: Message?
    public var alternateProduct: AlternateProduct?
    public var promotionalOffer: PromotionalOffer?
    public var advancedCommerceInfo: AdvancedCommerceInfo?
}
