import AppleErrorCatalog

/// A subscription's billing cycle (`period`): ISO 8601 durations Apple allows for subscriptions.
public enum SubscriptionPeriod: String, StrictStringEnum, Sendable {
    /// One week.
    case oneWeek = "P1W"
    /// One month.
    case oneMonth = "P1M"
    /// Two months.
    case twoMonths = "P2M"
    /// Three months.
    case threeMonths = "P3M"
    /// Six months.
    case sixMonths = "P6M"
    /// One year.
    case oneYear = "P1Y"

    static var invalidValueError: APIError? { nil }

    public init(from decoder: any Decoder) throws { self = try Self.decodeStrictly(from: decoder) }
}

/// The length of one offer period (`offer.period`).
public enum OfferPeriod: String, StrictStringEnum, Sendable {
    /// Three days.
    case threeDays = "P3D"
    /// One week.
    case oneWeek = "P1W"
    /// Two weeks.
    case twoWeeks = "P2W"
    /// One month.
    case oneMonth = "P1M"
    /// Two months.
    case twoMonths = "P2M"
    /// Three months.
    case threeMonths = "P3M"
    /// Six months.
    case sixMonths = "P6M"
    /// Nine months.
    case nineMonths = "P9M"
    /// One year.
    case oneYear = "P1Y"

    static var invalidValueError: APIError? { .invalidOfferPeriod }

    public init(from decoder: any Decoder) throws { self = try Self.decodeStrictly(from: decoder) }
}

/// When a change takes effect (`effective`).
public enum Effective: String, StrictStringEnum, Sendable {
    /// Now.
    case immediately = "IMMEDIATELY"
    /// At the next renewal.
    case nextBillCycle = "NEXT_BILL_CYCLE"

    static var invalidValueError: APIError? { nil }

    public init(from decoder: any Decoder) throws { self = try Self.decodeStrictly(from: decoder) }
}
