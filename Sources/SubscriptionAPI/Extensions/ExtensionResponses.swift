/// The answer to a single renewal-date extension.
public struct ExtendRenewalDateResponse: Codable, Sendable, Hashable {
    /// The extended subscription.
    public var originalTransactionId: String
    /// The subscription purchase event (stable across devices) that was extended.
    public var webOrderLineItemId: String
    /// Whether the extension succeeded.
    public var success: Bool
    /// The new expiration date, in milliseconds since 1970, when successful.
    public var effectiveDate: Int64?

    /// Creates a response.
    public init(originalTransactionId: String, webOrderLineItemId: String, success: Bool, effectiveDate: Int64?) {
        self.originalTransactionId = originalTransactionId
        self.webOrderLineItemId = webOrderLineItemId
        self.success = success
        self.effectiveDate = effectiveDate
    }
}

/// The immediate answer to a mass extension: the request was accepted and is processed in the background.
public struct MassExtendRenewalDateResponse: Codable, Sendable, Hashable {
    /// The request's identifier, echoed.
    public var requestIdentifier: String

    /// Creates a response.
    public init(requestIdentifier: String) {
        self.requestIdentifier = requestIdentifier
    }
}

/// The answer of `GET /inApps/v1/subscriptions/extend/mass/{productId}/{requestIdentifier}`.
public struct MassExtendRenewalDateStatusResponse: Codable, Sendable, Hashable {
    /// The request's identifier.
    public var requestIdentifier: String
    /// Whether every eligible subscription has been processed.
    public var complete: Bool
    /// When processing completed, in milliseconds since 1970; absent while incomplete.
    public var completeDate: Int64?
    /// Subscriptions extended so far.
    public var succeededCount: Int64?
    /// Subscriptions that failed so far.
    public var failedCount: Int64?

    /// Creates a response.
    public init(
        requestIdentifier: String, complete: Bool, completeDate: Int64? = nil,
        succeededCount: Int64? = nil, failedCount: Int64? = nil
    ) {
        self.requestIdentifier = requestIdentifier
        self.complete = complete
        self.completeDate = completeDate
        self.succeededCount = succeededCount
        self.failedCount = failedCount
    }
}
