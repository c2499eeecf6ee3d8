/// A mass renewal-date extension (R-EXT-4), processed in batches by `advance`.
public struct MassExtension: Codable, Sendable, Hashable {
    public internal(set) var requestIdentifier: String
    public internal(set) var productId: String
    public internal(set) var storefrontCountryCodes: [StorefrontCode]
    public internal(set) var extendByDays: Int
    public internal(set) var extendReasonCode: Int
    public internal(set) var requestedAt: Timestamp
    /// Where the next batch resumes ("" before the first): the store's walk cursor
    /// (``EngineStore/walkSubscriptions(productId:from:limit:)``; the first id not processed
    /// yet for a walk by id, a storage position for the SQLite store's), so the job's state stays
    /// this small whatever the number of subscriptions.
    public internal(set) var resumeAt: String
    public internal(set) var succeededCount: Int64
    public internal(set) var failedCount: Int64
    public internal(set) var complete: Bool
    public internal(set) var completeDate: Timestamp?
    var commandId: String?

    /// When the next batch is due; nil once complete. The store indexes it.
    public var nextDueTime: Timestamp? { complete ? nil : requestedAt }

    /// Subscriptions processed per batch.
    static let batchSize = 2000
}
