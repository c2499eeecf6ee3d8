import AppleErrorCatalog

/// The body of `POST /inApps/v1/subscriptions/extend/mass`: extend every eligible subscription of a
/// product, optionally only in some storefronts.
public struct MassExtendRenewalDateRequest: ValidatedRequest, Hashable {
    /// Days to add to each renewal date, 1…90.
    public var extendByDays: Int32
    /// Why.
    public var extendReasonCode: ExtendReasonCode
    /// The caller's idempotency key, a UUID for this endpoint.
    public var requestIdentifier: UUIDString
    /// Limits the extension to these storefronts (alpha-3); `nil` = all. Never empty.
    public var storefrontCountryCodes: [StorefrontCode]?
    /// The subscription product to extend.
    public var productId: String

    public static var errorFamily: APIError.Origin { .appStoreServerAPI }

    /// Creates a request; use ``ValidatedRequest/init(validating:)`` for untrusted input.
    public init(
        extendByDays: Int32, extendReasonCode: ExtendReasonCode, requestIdentifier: UUIDString,
        storefrontCountryCodes: [StorefrontCode]? = nil, productId: String
    ) {
        self.extendByDays = extendByDays
        self.extendReasonCode = extendReasonCode
        self.requestIdentifier = requestIdentifier
        self.storefrontCountryCodes = storefrontCountryCodes
        self.productId = productId
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case extendByDays, extendReasonCode, requestIdentifier, storefrontCountryCodes, productId
    }

    public init(from decoder: any Decoder) throws {
        var fields = try FieldReader<CodingKeys>(decoder)
        let days = fields.check(
            fields.required(.extendByDays, as: Int32.self, error: .invalidExtendByDays), .extendByDays,
            error: .invalidExtendByDays, ExtensionRules.extendByDaysProblem)
        let reason = fields.required(.extendReasonCode, as: ExtendReasonCode.self, error: .invalidExtendReasonCode)
        let identifier = fields.required(.requestIdentifier, as: UUIDString.self, error: .invalidRequestIdentifier)
        let storefronts = fields.nonEmptyArray(
            .storefrontCountryCodes, of: StorefrontCode.self, empty: .invalidEmptyStorefrontCountryCodeList)
        let productId = fields.check(
            fields.required(.productId, as: String.self, error: .invalidProductId), .productId,
            error: .invalidProductId) { SKU.rule.problem(with: $0)?.message }
        try fields.finish()
        guard let days, let reason, let identifier, let productId else { throw fields.inconsistency() }
        self.init(
            extendByDays: days, extendReasonCode: reason, requestIdentifier: identifier,
            storefrontCountryCodes: storefronts, productId: productId)
    }
}
