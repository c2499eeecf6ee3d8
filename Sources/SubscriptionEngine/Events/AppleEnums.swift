/// Apple's `environment`.
public enum Environment: String, Codable, Sendable, Hashable {
    case sandbox = "Sandbox"
    case production = "Production"
    case xcode = "Xcode"
    case localTesting = "LocalTesting"
}

/// Apple's subscription `status` (apple-domain.md §1.6), with Apple's numbers.
public enum SubscriptionStatus: Int, Codable, Sendable, Hashable, CaseIterable {
    case active = 1
    case expired = 2
    case billingRetry = 3
    case billingGracePeriod = 4
    case revoked = 5
}

/// Apple's `offerType` (1 introductory, 2 promotional, 3 offer code, 4 win-back).
public enum OfferType: Int, Codable, Sendable, Hashable {
    case introductory = 1
    case promotional = 2
    case offerCode = 3
    case winBack = 4
}

/// Apple's `offerDiscountType`.
public enum OfferDiscountType: String, Codable, Sendable, Hashable {
    case freeTrial = "FREE_TRIAL"
    case payAsYouGo = "PAY_AS_YOU_GO"
    case payUpFront = "PAY_UP_FRONT"
    case oneTime = "ONE_TIME"
}

/// Apple's `transactionReason`.
public enum TransactionReason: String, Codable, Sendable, Hashable {
    case purchase = "PURCHASE"
    case renewal = "RENEWAL"
}

/// Apple's `inAppOwnershipType`.
public enum InAppOwnershipType: String, Codable, Sendable, Hashable {
    case purchased = "PURCHASED"
    case familyShared = "FAMILY_SHARED"
}

/// Apple's `revocationType`.
public enum RevocationType: String, Codable, Sendable, Hashable {
    case refundFull = "REFUND_FULL"
    case refundProrated = "REFUND_PRORATED"
    case familyRevoke = "FAMILY_REVOKE"
}

/// Apple's `revocationReason` (0 other, 1 app issue).
public enum RevocationReason: Int, Codable, Sendable, Hashable {
    case other = 0
    case appIssue = 1
}

/// Apple's `expirationIntent`.
public enum ExpirationIntent: Int, Codable, Sendable, Hashable {
    case customerCancelled = 1
    case billingError = 2
    case priceIncreaseNotConsented = 3
    case productUnavailable = 4
    case other = 5
}

/// Apple's `priceIncreaseStatus` (0 not responded, 1 accepted).
public enum PriceIncreaseStatus: Int, Codable, Sendable, Hashable {
    case notResponded = 0
    case accepted = 1
}

/// Advanced Commerce `priceIncreaseInfo.status`.
public enum PriceIncreaseInfoStatus: String, Codable, Sendable, Hashable {
    case scheduled = "SCHEDULED"
    case pending = "PENDING"
    case accepted = "ACCEPTED"
}
