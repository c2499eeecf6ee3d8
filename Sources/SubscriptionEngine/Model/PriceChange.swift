/// A price change of one item (R-PRC-1), or a South Korea offer conversion that needs consent
/// (R-PRC-8), tracked through communication, consent and the renewal where it applies.
public struct PriceChange: Codable, Sendable, Hashable {
    public enum Kind: String, Codable, Sendable, Hashable {
        case increase
        case decrease
        /// South Korea: an offer converting to the regular price.
        case offerConversion
    }

    public enum Status: String, Codable, Sendable, Hashable {
        /// Accepted, not yet communicated.
        case scheduled
        /// Communicated, consent required and not given.
        case pending
        /// Consented, or a no-consent increase was communicated.
        case accepted
        /// The subscriber declined: the item expires at the renewal.
        case declined
        /// Took effect at its renewal.
        case applied
        /// Voided (SKU changed, billing cycle reset, subscription ended).
        case invalidated
        /// The item expired for lack of consent.
        case expired
    }

    public var id: String
    public var kind: Kind
    public var sku: String
    public var oldPrice: Milliunits
    public var newPrice: Milliunits
    public var dependentSKUs: [String]
    public var requestedAt: Timestamp
    /// The renewal at which the new price applies.
    public var effectiveDate: Timestamp
    /// When the subscriber is first told (renewal − lead, R-PRC-4).
    public var communicationDate: Timestamp
    public var consentRequired: Bool
    public var status: Status
    public var lastCommunicationDate: Timestamp?
    /// The subscriber acknowledged the price increase sheet (suppresses the notice push).
    public var sheetAcknowledged: Bool = false
    /// The notice push was sent or suppressed (no-consent path).
    public var pushHandled: Bool = false

    /// Communicated to the subscriber already.
    public var isCommunicated: Bool { lastCommunicationDate != nil }

    /// Still waiting for its renewal.
    public var isOpen: Bool {
        switch status {
        case .scheduled, .pending, .accepted, .declined: return true
        case .applied, .invalidated, .expired: return false
        }
    }

    /// Apple's `priceIncreaseInfo.status`; nil for a decrease.
    var infoStatus: PriceIncreaseInfoStatus? {
        guard kind != .decrease else { return nil }
        switch status {
        case .scheduled: return .scheduled
        case .pending, .declined: return .pending
        default: return .accepted
        }
    }

    /// When the next communication of this change is due, if any (none beyond
    /// ``Timestamp/latest``).
    func nextCommunicationDate() -> Timestamp? {
        guard kind != .decrease else { return nil }
        switch status {
        case .scheduled:
            return communicationDate
        case .pending:
            guard let last = lastCommunicationDate else { return communicationDate }
            guard let next = try? last.adding(days: 7) else { return nil }
            return next < reminderCutoff ? next : nil
        case .accepted where !consentRequired && !pushHandled:
            return max(communicationDate, (try? effectiveDate.adding(days: -7)) ?? communicationDate)
        default:
            return nil
        }
    }

    /// Reminders are sent strictly before this instant: the effective renewal, or for South
    /// Korea conversions the start of the payment day (the window excludes it, R-PRC-8).
    var reminderCutoff: Timestamp {
        guard kind == .offerConversion else { return effectiveDate }
        let day = effectiveDate.millisecondsSince1970 / Timestamp.millisecondsPerDay
        return Timestamp(millisecondsSince1970: day * Timestamp.millisecondsPerDay)
    }
}
