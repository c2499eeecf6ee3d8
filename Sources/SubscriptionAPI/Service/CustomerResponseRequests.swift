import AppleErrorCatalog

/// Our body for a subscriber's answer to a price increase (R-PRC-5, R-PRC-6).
public struct PriceIncreaseResponseRequest: ValidatedRequest, Hashable {
    /// The answer.
    public enum Response: String, StrictStringEnum, Sendable {
        /// The subscriber consents to the higher price.
        case consent = "CONSENT"
        /// The subscriber declines; the item expires at the end of the period.
        case decline = "DECLINE"
        /// The subscriber saw and acknowledged the price-increase sheet (no push follows).
        case sheetAcknowledged = "SHEET_ACKNOWLEDGED"

        static var invalidValueError: APIError? { nil }

        public init(from decoder: any Decoder) throws { self = try Self.decodeStrictly(from: decoder) }
    }

    /// The subscription.
    public var originalTransactionId: String
    /// The item under increase (Advanced Commerce bundles); `nil` for a single-product subscription.
    public var sku: SKU?
    /// The answer.
    public var response: Response

    public static var errorFamily: APIError.Origin { .service }

    /// Creates a request.
    public init(originalTransactionId: String, sku: SKU? = nil, response: Response) {
        self.originalTransactionId = originalTransactionId
        self.sku = sku
        self.response = response
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case originalTransactionId
        case sku = "SKU"
        case response
    }

    public init(from decoder: any Decoder) throws {
        var fields = try FieldReader<CodingKeys>(decoder)
        let original = fields.identifier(.originalTransactionId)
        let sku = fields.optional(.sku, as: SKU.self)
        let response = fields.required(.response, as: Response.self)
        try fields.finish()
        guard let original, let response else { throw fields.inconsistency() }
        self.init(originalTransactionId: original, sku: sku, response: response)
    }
}

/// Our body for the outcome of a (simulated) payment (R-REN-1).
public struct PaymentOutcomeRequest: ValidatedRequest, Hashable {
    /// What happened.
    public enum Outcome: String, StrictStringEnum, Sendable {
        /// The next charge succeeds.
        case chargeSucceeded = "CHARGE_SUCCEEDED"
        /// The next charge fails (grace period / billing retry follow).
        case chargeFailed = "CHARGE_FAILED"
        /// The customer fixed the payment method; retry recovers.
        case paymentMethodFixed = "PAYMENT_METHOD_FIXED"

        static var invalidValueError: APIError? { nil }

        public init(from decoder: any Decoder) throws { self = try Self.decodeStrictly(from: decoder) }
    }

    /// The subscription.
    public var originalTransactionId: String
    /// What happened.
    public var outcome: Outcome

    public static var errorFamily: APIError.Origin { .service }

    /// Creates a request.
    public init(originalTransactionId: String, outcome: Outcome) {
        self.originalTransactionId = originalTransactionId
        self.outcome = outcome
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case originalTransactionId, outcome
    }

    public init(from decoder: any Decoder) throws {
        var fields = try FieldReader<CodingKeys>(decoder)
        let original = fields.identifier(.originalTransactionId)
        let outcome = fields.required(.outcome, as: Outcome.self)
        try fields.finish()
        guard let original, let outcome else { throw fields.inconsistency() }
        self.init(originalTransactionId: original, outcome: outcome)
    }
}
