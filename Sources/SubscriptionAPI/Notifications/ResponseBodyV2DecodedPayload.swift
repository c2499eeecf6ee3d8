/// The decoded `signedPayload` of an App Store Server Notification V2 (apple-domain.md §1.2):
/// what the notifier signs and POSTs as `{"signedPayload": "…"}` (``ResponseBodyV2``).
public struct ResponseBodyV2DecodedPayload: Codable, Sendable, Hashable {
    /// `SUBSCRIBED`, `DID_RENEW`, …, `TEST`.
    public var notificationType: String
    /// `INITIAL_BUY`, …; absent when Apple sends none.
    public var subtype: String?
    /// Unique per notification; the same on every retry.
    public var notificationUUID: String
    /// For every type but `RENEWAL_EXTENSION`/`SUMMARY`.
    public var data: NotificationData?
    /// For `RENEWAL_EXTENSION`/`SUMMARY` only.
    public var summary: NotificationSummary?
    /// Always `2.0`.
    public var version: String
    /// When the event was produced, milliseconds since 1970.
    public var signedDate: Int64

    /// A payload.
    public init(
        notificationType: String, subtype: String?, notificationUUID: String, data: NotificationData?,
        summary: NotificationSummary?, version: String = "2.0", signedDate: Int64
    ) {
        self.notificationType = notificationType
        self.subtype = subtype
        self.notificationUUID = notificationUUID
        self.data = data
        self.summary = summary
        self.version = version
        self.signedDate = signedDate
    }
}

/// A notification's `data` (apple-domain.md §1.3).
public struct NotificationData: Codable, Sendable, Hashable {
    /// Absent in sandbox.
    public var appAppleId: Int64?
    public var bundleId: String
    public var bundleVersion: String?
    /// `Sandbox`, `Production`, …
    public var environment: String
    /// Absent for `TEST`.
    public var signedTransactionInfo: SignedPayload<JWSTransactionDecodedPayload>?
    /// Absent for `TEST`.
    public var signedRenewalInfo: SignedPayload<JWSRenewalInfoDecodedPayload>?
    /// 1 active … 5 revoked; absent for `TEST`.
    public var status: Int32?
    /// `CONSUMPTION_REQUEST` only.
    public var consumptionRequestReason: String?

    /// A `data` object.
    public init(
        appAppleId: Int64?, bundleId: String, bundleVersion: String?, environment: String,
        signedTransactionInfo: SignedPayload<JWSTransactionDecodedPayload>?,
        signedRenewalInfo: SignedPayload<JWSRenewalInfoDecodedPayload>?, status: Int32?, consumptionRequestReason: String? = nil
    ) {
        self.appAppleId = appAppleId
        self.bundleId = bundleId
        self.bundleVersion = bundleVersion
        self.environment = environment
        self.signedTransactionInfo = signedTransactionInfo
        self.signedRenewalInfo = signedRenewalInfo
        self.status = status
        self.consumptionRequestReason = consumptionRequestReason
    }
}

/// A notification's `summary`: a finished mass renewal-date extension.
public struct NotificationSummary: Codable, Sendable, Hashable {
    public var requestIdentifier: String
    public var environment: String
    /// Absent in sandbox.
    public var appAppleId: Int64?
    public var bundleId: String
    public var productId: String
    /// Absent = every storefront.
    public var storefrontCountryCodes: [String]?
    public var failedCount: Int64
    public var succeededCount: Int64

    /// A summary.
    public init(
        requestIdentifier: String, environment: String, appAppleId: Int64?, bundleId: String, productId: String,
        storefrontCountryCodes: [String]?, failedCount: Int64, succeededCount: Int64
    ) {
        self.requestIdentifier = requestIdentifier
        self.environment = environment
        self.appAppleId = appAppleId
        self.bundleId = bundleId
        self.productId = productId
        self.storefrontCountryCodes = storefrontCountryCodes
        self.failedCount = failedCount
        self.succeededCount = succeededCount
    }
}

/// What the App Store POSTs to a notification URL: `{"signedPayload": "<JWS>"}`.
public struct ResponseBodyV2: Codable, Sendable, Hashable {
    /// The signed ``ResponseBodyV2DecodedPayload``.
    public var signedPayload: String

    /// A body.
    public init(signedPayload: String) { self.signedPayload = signedPayload }
}
