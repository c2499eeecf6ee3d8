import AppleErrorCatalog

/// The body of `PUT /inApps/v1/subscriptions/extend/{originalTransactionId}`: extend one subscription.
///
/// `requestIdentifier` follows Apple's rule for this endpoint: any string of 1…128 characters (a UUID
/// is recommended but, unlike the mass endpoint, not required).
public struct ExtendRenewalDateRequest: ValidatedRequest, Hashable {
    /// Days to add to the renewal date, 1…90.
    public var extendByDays: Int32
    /// Why.
    public var extendReasonCode: ExtendReasonCode
    /// The caller's idempotency key; reuse it to retry.
    public var requestIdentifier: String

    /// The allowed `extendByDays`.
    public static let extendByDaysRange: ClosedRange<Int32> = 1...90

    public static var errorFamily: APIError.Origin { .appStoreServerAPI }

    /// Creates a request; use ``ValidatedRequest/init(validating:)`` for untrusted input.
    public init(extendByDays: Int32, extendReasonCode: ExtendReasonCode, requestIdentifier: String) {
        self.extendByDays = extendByDays
        self.extendReasonCode = extendReasonCode
        self.requestIdentifier = requestIdentifier
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case extendByDays, extendReasonCode, requestIdentifier
    }

    public init(from decoder: any Decoder) throws {
        var fields = try FieldReader<CodingKeys>(decoder)
        let days = fields.check(
            fields.required(.extendByDays, as: Int32.self, error: .invalidExtendByDays), .extendByDays,
            error: .invalidExtendByDays, ExtensionRules.extendByDaysProblem)
        let reason = fields.required(.extendReasonCode, as: ExtendReasonCode.self, error: .invalidExtendReasonCode)
        let identifier = fields.check(
            fields.required(.requestIdentifier, as: String.self, error: .invalidRequestIdentifier),
            .requestIdentifier, error: .invalidRequestIdentifier, ExtensionRules.requestIdentifierProblem)
        try fields.finish()
        guard let days, let reason, let identifier else { throw fields.inconsistency() }
        self.init(extendByDays: days, extendReasonCode: reason, requestIdentifier: identifier)
    }
}

/// Rules shared by the single and mass extension requests.
enum ExtensionRules {
    static func extendByDaysProblem(_ days: Int32) -> String? {
        ExtendRenewalDateRequest.extendByDaysRange.contains(days) ? nil : "must be 1...90, got \(days)"
    }

    static func requestIdentifierProblem(_ identifier: String) -> String? {
        if identifier.isEmpty { return "must not be empty" }
        if identifier.count > 128 { return "must be at most 128 characters, got \(identifier.count)" }
        return nil
    }
}

/// Why a renewal date is extended (`extendReasonCode`, an integer 0…3).
public enum ExtendReasonCode: Int32, Codable, Sendable, CaseIterable {
    /// No reason given.
    case undeclared = 0
    /// For customer satisfaction.
    case customerSatisfaction = 1
    /// Another reason.
    case other = 2
    /// A service issue or outage.
    case serviceIssueOrOutage = 3

    public init(from decoder: any Decoder) throws {
        let code = try decoder.decodeLeaf(Int32.self, expecting: "an integer 0...3", error: .invalidExtendReasonCode)
        guard let reason = Self(rawValue: code) else {
            throw decoder.invalid("must be 0...3, got \(code)", error: .invalidExtendReasonCode)
        }
        self = reason
    }
}
