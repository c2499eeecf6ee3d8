import AppleErrorCatalog

/// Apple's `deliveryStatus`: whether the app delivered a working In-App Purchase.
public enum DeliveryStatus: String, StrictStringEnum, Sendable {
    /// Delivered and working.
    case delivered = "DELIVERED"
    /// Not delivered: a quality issue.
    case undeliveredQualityIssue = "UNDELIVERED_QUALITY_ISSUE"
    /// Not delivered: the wrong item.
    case undeliveredWrongItem = "UNDELIVERED_WRONG_ITEM"
    /// Not delivered: a server outage.
    case undeliveredServerOutage = "UNDELIVERED_SERVER_OUTAGE"
    /// Not delivered: another reason.
    case undeliveredOther = "UNDELIVERED_OTHER"

    static var invalidValueError: APIError? { .invalidDeliveryStatus }

    public init(from decoder: any Decoder) throws { self = try Self.decodeStrictly(from: decoder) }
}

/// Apple's `refundPreference`: the outcome the app would like.
public enum RefundPreference: String, StrictStringEnum, Sendable {
    /// Decline the refund.
    case decline = "DECLINE"
    /// Grant a full refund.
    case grantFull = "GRANT_FULL"
    /// Grant a prorated refund.
    case grantProrated = "GRANT_PRORATED"

    static var invalidValueError: APIError? { nil }

    public init(from decoder: any Decoder) throws { self = try Self.decodeStrictly(from: decoder) }
}

/// The body of Apple's Send Consumption Information (`PUT /inApps/v2/transactions/consumption/{transactionId}`,
/// `ConsumptionRequest`): the app's answer to a `CONSUMPTION_REQUEST`. Apple's codes per field:
/// `customerConsented` 4000035 (it must be true), `deliveryStatus` 4000036, `sampleContentProvided`
/// 4000041; `consumptionPercentage` (milliunits, 0…100000) and `refundPreference` are optional and,
/// having no Apple code, are refused with ours (4009004).
public struct ConsumptionRequest: ValidatedRequest, Hashable {
    /// Whether the customer consented to share consumption data; must be true.
    public var customerConsented: Bool
    /// Whether a free sample or trial was offered before the purchase.
    public var sampleContentProvided: Bool
    /// Whether the purchase was delivered and works.
    public var deliveryStatus: DeliveryStatus
    /// How much was consumed, in milliunits of a percent (0…100000).
    public var consumptionPercentage: Int32?
    /// The outcome the app would like.
    public var refundPreference: RefundPreference?

    public static var errorFamily: APIError.Origin { .appStoreServerAPI }

    /// Creates a request; use ``ValidatedRequest/init(validating:)`` for untrusted input.
    public init(
        customerConsented: Bool, sampleContentProvided: Bool, deliveryStatus: DeliveryStatus,
        consumptionPercentage: Int32? = nil, refundPreference: RefundPreference? = nil
    ) {
        self.customerConsented = customerConsented
        self.sampleContentProvided = sampleContentProvided
        self.deliveryStatus = deliveryStatus
        self.consumptionPercentage = consumptionPercentage
        self.refundPreference = refundPreference
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case customerConsented, sampleContentProvided, deliveryStatus, consumptionPercentage, refundPreference
    }

    public init(from decoder: any Decoder) throws {
        var fields = try FieldReader<CodingKeys>(decoder)
        let consented = fields.check(
            fields.required(.customerConsented, as: Bool.self, error: .invalidCustomerConsented), .customerConsented,
            error: .invalidCustomerConsented
        ) { $0 ? nil : "must be true: Apple takes consumption data only with the customer's consent" }
        let sample = fields.required(.sampleContentProvided, as: Bool.self, error: .invalidSampleContentProvided)
        let delivery = fields.required(.deliveryStatus, as: DeliveryStatus.self, error: .invalidDeliveryStatus)
        let percentage = fields.check(fields.optional(.consumptionPercentage, as: Int32.self), .consumptionPercentage) {
            (0...100_000).contains($0) ? nil : "must be 0...100000 (milliunits of a percent), got \($0)"
        }
        let preference = fields.optional(.refundPreference, as: RefundPreference.self)
        try fields.finish()
        guard let consented, let sample, let delivery else { throw fields.inconsistency() }
        self.init(
            customerConsented: consented, sampleContentProvided: sample, deliveryStatus: delivery,
            consumptionPercentage: percentage, refundPreference: preference)
    }
}

/// The body of Apple's Set App Account Token (`PUT /inApps/v1/transactions/{originalTransactionId}/appAccountToken`,
/// `UpdateAppAccountTokenRequest`); a token that is not a UUID is Apple's 4000183.
public struct UpdateAppAccountTokenRequest: ValidatedRequest, Hashable {
    /// The token, a UUID.
    public var appAccountToken: UUIDString

    public static var errorFamily: APIError.Origin { .appStoreServerAPI }

    /// Creates a request.
    public init(appAccountToken: UUIDString) { self.appAccountToken = appAccountToken }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case appAccountToken
    }

    public init(from decoder: any Decoder) throws {
        var fields = try FieldReader<CodingKeys>(decoder)
        let token = fields.required(.appAccountToken, as: UUIDString.self, error: .invalidAppAccountTokenUUID)
        try fields.finish()
        guard let token else { throw fields.inconsistency() }
        self.init(appAccountToken: token)
    }
}

/// The answer of Apple's Look Up Order ID (`GET /inApps/v1/lookup/{orderId}`, `OrderLookupResponse`).
public struct OrderLookupResponse: Codable, Sendable, Hashable {
    /// `0` valid, `1` invalid (not an order id of this app).
    public var status: Int32
    /// The order's transactions; empty when `status` is 1.
    public var signedTransactions: [SignedPayload<JWSTransactionDecodedPayload>]

    /// A response.
    public init(status: Int32, signedTransactions: [SignedPayload<JWSTransactionDecodedPayload>]) {
        self.status = status
        self.signedTransactions = signedTransactions
    }
}
