import AppleErrorCatalog

/// The body of Apple's deprecated Send Consumption Information V1
/// (`PUT /inApps/v1/transactions/consumption/{transactionId}`, `ConsumptionRequestV1`): numbers
/// where V2 has names. Read with Apple's codes per field, then answered as V2 would be
/// (``consumptionRequest``): `customerConsented`, `sampleContentProvided` and `deliveryStatus` are
/// required, as in V2; the other fields are checked against Apple's ranges and, having no V2
/// counterpart, kept only as far as V2 can say them (docs/refunds.md).
public struct ConsumptionRequestV1: ValidatedRequest, Hashable {
    public var customerConsented: Bool
    public var sampleContentProvided: Bool
    /// 0 delivered and working … 5 not delivered for another reason.
    public var deliveryStatus: Int32
    /// 0 undeclared, 1 not consumed, 2 partially, 3 fully.
    public var consumptionStatus: Int32?
    /// 0 undeclared, 1 prefer grant, 2 prefer decline, 3 no preference.
    public var refundPreference: Int32?
    public var platform: Int32?
    public var appAccountToken: String?
    public var accountTenure: Int32?
    public var playTime: Int32?
    public var lifetimeDollarsRefunded: Int32?
    public var lifetimeDollarsPurchased: Int32?
    public var userStatus: Int32?

    public static var errorFamily: APIError.Origin { .appStoreServerAPI }

    /// Creates a body; use ``ValidatedRequest/init(validating:)`` for untrusted input.
    public init(
        customerConsented: Bool, sampleContentProvided: Bool, deliveryStatus: Int32, consumptionStatus: Int32? = nil,
        refundPreference: Int32? = nil, platform: Int32? = nil, appAccountToken: String? = nil, accountTenure: Int32? = nil,
        playTime: Int32? = nil, lifetimeDollarsRefunded: Int32? = nil, lifetimeDollarsPurchased: Int32? = nil,
        userStatus: Int32? = nil
    ) {
        self.customerConsented = customerConsented
        self.sampleContentProvided = sampleContentProvided
        self.deliveryStatus = deliveryStatus
        self.consumptionStatus = consumptionStatus
        self.refundPreference = refundPreference
        self.platform = platform
        self.appAccountToken = appAccountToken
        self.accountTenure = accountTenure
        self.playTime = playTime
        self.lifetimeDollarsRefunded = lifetimeDollarsRefunded
        self.lifetimeDollarsPurchased = lifetimeDollarsPurchased
        self.userStatus = userStatus
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case customerConsented, sampleContentProvided, deliveryStatus, consumptionStatus, refundPreference, platform
        case appAccountToken, accountTenure, playTime, lifetimeDollarsRefunded, lifetimeDollarsPurchased, userStatus
    }

    public init(from decoder: any Decoder) throws {
        var fields = try FieldReader<CodingKeys>(decoder)
        func ranged(_ key: CodingKeys, _ range: ClosedRange<Int32>, error: APIError) -> Int32? {
            fields.check(fields.optional(key, as: Int32.self, error: error), key, error: error) {
                range.contains($0) ? nil : "must be \(range.lowerBound)...\(range.upperBound), got \($0)"
            }
        }
        let consented = fields.check(
            fields.required(.customerConsented, as: Bool.self, error: .invalidCustomerConsented), .customerConsented,
            error: .invalidCustomerConsented
        ) { $0 ? nil : "must be true: Apple takes consumption data only with the customer's consent" }
        let sample = fields.required(.sampleContentProvided, as: Bool.self, error: .invalidSampleContentProvided)
        let delivery = fields.check(
            fields.required(.deliveryStatus, as: Int32.self, error: .invalidDeliveryStatus), .deliveryStatus,
            error: .invalidDeliveryStatus
        ) { (0...5).contains($0) ? nil : "must be 0...5, got \($0)" }
        let consumption = ranged(.consumptionStatus, 0...3, error: .invalidConsumptionStatus)
        let preference = ranged(.refundPreference, 0...3, error: .invalidValue)
        let platform = ranged(.platform, 0...2, error: .invalidPlatform)
        let token = fields.check(fields.optional(.appAccountToken, as: String.self), .appAccountToken, error: .invalidAppAccountToken) {
            $0.isEmpty || UUIDString(rawValue: $0) != nil ? nil : "must be a UUID or empty, got \"\($0.prefix(40))\""
        }
        let tenure = ranged(.accountTenure, 0...7, error: .invalidAccountTenure)
        let playTime = ranged(.playTime, 0...7, error: .invalidPlayTime)
        let refunded = ranged(.lifetimeDollarsRefunded, 0...7, error: .invalidLifetimeDollarsRefunded)
        let purchased = ranged(.lifetimeDollarsPurchased, 0...7, error: .invalidLifetimeDollarsPurchased)
        let userStatus = ranged(.userStatus, 0...4, error: .invalidUserStatus)
        try fields.finish()
        guard let consented, let sample, let delivery else { throw fields.inconsistency() }
        self.init(
            customerConsented: consented, sampleContentProvided: sample, deliveryStatus: delivery, consumptionStatus: consumption,
            refundPreference: preference, platform: platform, appAccountToken: token, accountTenure: tenure, playTime: playTime,
            lifetimeDollarsRefunded: refunded, lifetimeDollarsPurchased: purchased, userStatus: userStatus)
    }

    /// The same information as Apple's V2 body: delivery statuses by meaning (an in-game currency
    /// change and "other" are UNDELIVERED_OTHER), the consumption status as a percentage (not 0,
    /// partially 50, fully 100 percent), PREFER_GRANT as GRANT_FULL and PREFER_DECLINE as DECLINE.
    public var consumptionRequest: ConsumptionRequest {
        let delivery: DeliveryStatus = switch deliveryStatus {
        case 0: .delivered
        case 1: .undeliveredQualityIssue
        case 2: .undeliveredWrongItem
        case 3: .undeliveredServerOutage
        default: .undeliveredOther
        }
        let percentage: Int32? = switch consumptionStatus {
        case 1: 0
        case 2: 50_000
        case 3: 100_000
        default: nil
        }
        let preference: RefundPreference? = switch refundPreference {
        case 1: .grantFull
        case 2: .decline
        default: nil
        }
        return ConsumptionRequest(
            customerConsented: customerConsented, sampleContentProvided: sampleContentProvided, deliveryStatus: delivery,
            consumptionPercentage: percentage, refundPreference: preference)
    }
}
