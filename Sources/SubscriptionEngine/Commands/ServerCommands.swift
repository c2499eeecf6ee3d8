/// `ExtendRenewalDateRequest` (R-EXT-1..3).
public struct ExtendRenewalDateRequest: Codable, Sendable, Hashable {
    public var originalTransactionId: String
    public var extendByDays: Int
    /// nil = absent (rejected, 4000010).
    public var extendReasonCode: Int?
    public var requestIdentifier: String

    public init(originalTransactionId: String, extendByDays: Int, extendReasonCode: Int?, requestIdentifier: String) {
        self.originalTransactionId = originalTransactionId
        self.extendByDays = extendByDays
        self.extendReasonCode = extendReasonCode
        self.requestIdentifier = requestIdentifier
    }
}

/// `MassExtendRenewalDateRequest` (R-EXT-4).
public struct MassExtendRenewalDateRequest: Codable, Sendable, Hashable {
    public var productId: String
    public var storefrontCountryCodes: [StorefrontCode]
    public var extendByDays: Int
    public var extendReasonCode: Int?
    public var requestIdentifier: String

    public init(
        productId: String, storefrontCountryCodes: [StorefrontCode] = [], extendByDays: Int, extendReasonCode: Int?,
        requestIdentifier: String
    ) {
        self.productId = productId
        self.storefrontCountryCodes = storefrontCountryCodes
        self.extendByDays = extendByDays
        self.extendReasonCode = extendReasonCode
        self.requestIdentifier = requestIdentifier
    }
}

/// `GetMassExtensionStatusRequest`.
public struct GetMassExtensionStatusRequest: Codable, Sendable, Hashable {
    public var productId: String
    public var requestIdentifier: String

    public init(productId: String, requestIdentifier: String) {
        self.productId = productId
        self.requestIdentifier = requestIdentifier
    }
}

/// `GetAllSubscriptionStatusesRequest`.
public struct GetAllSubscriptionStatusesRequest: Codable, Sendable, Hashable {
    public var transactionId: String
    /// Empty = all statuses.
    public var status: [SubscriptionStatus]

    public init(transactionId: String, status: [SubscriptionStatus] = []) {
        self.transactionId = transactionId
        self.status = status
    }
}
