import Foundation

/// One archived event: the index columns and the `NotificationEvent` protobuf bytes.
public struct ArchivedEvent: Sendable, Hashable {
    /// What names the archive's subscription of a mass-extension summary, before its uuid (an
    /// `originalTransactionId` never contains `/`).
    public static let summaryPrefix = "mass-extension-summary/"

    /// `notification_uuid`: the key (a re-published event has the same one).
    public var uuid: String
    /// `subscription_id`; empty for a mass-extension summary (filed under
    /// ``summaryPrefix`` and its uuid).
    public var subscriptionId: String
    /// The per-subscription `sequence` (R-EVT-1).
    public var sequence: UInt64
    /// `signed_date`, ms since 1970 (engine time).
    public var signedDate: Int64
    /// The routing key's type segment, e.g. `DID_RENEW`.
    public var notificationType: String
    /// The routing key's subtype segment, e.g. `NONE`.
    public var subtype: String
    /// When the archive stored it, ms since 1970 (wall clock: what retention counts from).
    public var archivedAt: Int64
    /// The event as published.
    public var body: Data

    /// An archived event.
    public init(
        uuid: String, subscriptionId: String, sequence: UInt64, signedDate: Int64, notificationType: String, subtype: String,
        archivedAt: Int64, body: Data
    ) {
        self.uuid = uuid
        self.subscriptionId = subscriptionId
        self.sequence = sequence
        self.signedDate = signedDate
        self.notificationType = notificationType
        self.subtype = subtype
        self.archivedAt = archivedAt
        self.body = body
    }
}
