import AppleErrorCatalog
import InputRules

/// Our `POST /subscriptions/{originalTransactionId}/switch` body: move to another product of the same
/// group (upgrade, downgrade or crossgrade, decided by the service: R-GRP-2…4).
public struct SwitchProductRequest: ValidatedRequest, Hashable {
    /// The subscription.
    public var originalTransactionId: String
    /// The product to switch to.
    public var productId: SKU

    public static var errorFamily: APIError.Origin { .service }

    /// Creates a request.
    public init(originalTransactionId: String, productId: SKU) {
        self.originalTransactionId = originalTransactionId
        self.productId = productId
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case originalTransactionId, productId
    }

    public init(from decoder: any Decoder) throws {
        var fields = try FieldReader<CodingKeys>(decoder)
        let original = fields.identifier(.originalTransactionId)
        let product = fields.required(.productId, as: SKU.self)
        try fields.finish()
        guard let original, let product else { throw fields.inconsistency() }
        self.init(originalTransactionId: original, productId: product)
    }
}

/// Our auto-renew body: `autoRenewStatus` 0 turns auto-renew off, 1 on (Apple's renewal-info values; R-REN-2).
public struct AutoRenewRequest: ValidatedRequest, Hashable {
    /// The subscription.
    public var originalTransactionId: String
    /// 0 off, 1 on.
    public var autoRenewStatus: Int32
    /// The subscriber's locale (`en-US`), the `userLocale` of a retention message request
    /// (docs/retention-messaging.md); nil = en-US.
    public var locale: String?

    public static var errorFamily: APIError.Origin { .service }

    /// Creates a request.
    public init(originalTransactionId: String, autoRenewStatus: Int32, locale: String? = nil) {
        self.originalTransactionId = originalTransactionId
        self.autoRenewStatus = autoRenewStatus
        self.locale = locale
    }

    /// Whether the request turns auto-renew on.
    public var isEnabling: Bool { autoRenewStatus == 1 }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case originalTransactionId, autoRenewStatus, locale
    }

    public init(from decoder: any Decoder) throws {
        var fields = try FieldReader<CodingKeys>(decoder)
        let original = fields.identifier(.originalTransactionId)
        let status = fields.check(fields.required(.autoRenewStatus, as: Int32.self), .autoRenewStatus) {
            $0 == 0 || $0 == 1 ? nil : "must be 0 (off) or 1 (on), got \($0)"
        }
        let locale = fields.check(fields.optional(.locale, as: String.self), .locale, error: .invalidLocale) { text in
            let valid = InputRules.isLocale(text)
            return valid ? nil : "must be a locale such as en-US, got \"\(text.prefix(40))\""
        }
        try fields.finish()
        guard let original, let status else { throw fields.inconsistency() }
        self.init(originalTransactionId: original, autoRenewStatus: status, locale: locale)
    }
}
