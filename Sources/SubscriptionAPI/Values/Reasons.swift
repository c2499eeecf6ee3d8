import AppleErrorCatalog

/// Why an item changes in a modify request (`changeItems[].reason`).
public enum ChangeReason: String, StrictStringEnum, Sendable {
    /// To a higher tier.
    case upgrade = "UPGRADE"
    /// To a lower tier.
    case downgrade = "DOWNGRADE"
    /// To apply an offer.
    case applyOffer = "APPLY_OFFER"

    static var invalidValueError: APIError? { .invalidChangeReason }

    public init(from decoder: any Decoder) throws { self = try Self.decodeStrictly(from: decoder) }
}

/// Why an offer is granted (`offer.reason`).
public enum OfferReason: String, StrictStringEnum, Sendable {
    /// To win a new customer.
    case acquisition = "ACQUISITION"
    /// To win back a lapsed customer.
    case winBack = "WIN_BACK"
    /// To keep a customer.
    case retention = "RETENTION"

    static var invalidValueError: APIError? { .invalidOfferReason }

    public init(from decoder: any Decoder) throws { self = try Self.decodeStrictly(from: decoder) }
}

/// Why a refund is requested (`refundReason`).
public enum RefundReason: String, StrictStringEnum, Sendable {
    /// The customer did not mean to buy.
    case unintendedPurchase = "UNINTENDED_PURCHASE"
    /// The purchase was not delivered.
    case fulfillmentIssue = "FULFILLMENT_ISSUE"
    /// The customer is unhappy with the purchase.
    case unsatisfiedWithPurchase = "UNSATISFIED_WITH_PURCHASE"
    /// Legal reasons.
    case legal = "LEGAL"
    /// Anything else.
    case other = "OTHER"
    /// A refund caused by modifying items.
    case modifyItemsRefund = "MODIFY_ITEMS_REFUND"
    /// Sandbox only: simulate a declined refund.
    case simulateRefundDecline = "SIMULATE_REFUND_DECLINE"

    static var invalidValueError: APIError? { nil }

    public init(from decoder: any Decoder) throws { self = try Self.decodeStrictly(from: decoder) }
}

/// How much is refunded (`refundType`).
public enum RefundType: String, StrictStringEnum, Sendable {
    /// Everything.
    case full = "FULL"
    /// The unused part of the period.
    case prorated = "PRORATED"
    /// `refundAmount` (refund requests only).
    case custom = "CUSTOM"

    static var invalidValueError: APIError? { nil }

    public init(from decoder: any Decoder) throws { self = try Self.decodeStrictly(from: decoder) }
}
