/// Syntactic price rules (R-MOD-4): prices are integer milliunits; a charge must be positive, an
/// offer price or prorated price may be zero but not negative.
enum PriceRules {
    /// `price` of an item: strictly positive.
    static func positive(_ price: Int64) -> String? {
        price > 0 ? nil : "must be > 0, got \(price)"
    }

    /// Offer prices, prorated prices: zero allowed.
    static func nonNegative(_ price: Int64) -> String? {
        price >= 0 ? nil : "must be >= 0, got \(price)"
    }
}

/// The `operation` and `version` header of the in-app requests.
enum RequestHeader {
    /// The only `version` Apple defines.
    static let version = "1"

    static func versionProblem(_ version: String) -> String? {
        version == Self.version ? nil : "expected \"\(Self.version)\", got \"\(version)\""
    }

    static func operationProblem(expected: InAppOperation) -> (String) -> String? {
        { $0 == expected.rawValue ? nil : "expected \(expected.rawValue), got \"\($0)\"" }
    }
}

/// The operations of the in-app requests (`operation`).
public enum InAppOperation: String, Codable, Sendable, CaseIterable {
    /// ``CreateSubscriptionRequest``.
    case createSubscription = "CREATE_SUBSCRIPTION"
    /// ``ModifySubscriptionRequest``.
    case modifySubscription = "MODIFY_SUBSCRIPTION"
    /// ``ReactivateSubscriptionRequest``.
    case reactivateSubscription = "REACTIVATE_SUBSCRIPTION"
}
