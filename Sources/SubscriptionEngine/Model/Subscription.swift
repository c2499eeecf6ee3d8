/// One subscription aggregate: everything the engine knows about a customer's subscription
/// in one group. Codable so the consumer can store it as a document; the store indexes it by
/// `nextDueTime` (see `Subscription+Due.swift`), `customerId`/`groupId` and `productId`.
///
/// The aggregate stays small however long the subscription lives: it holds only the latest
/// transaction; the history (the transactions before it) and the replies of idempotency keys
/// are kept by the store beside it, append-only (``EngineStore/transactions(of:)``,
/// ``EngineStore/requestResult(_:of:)``). What a command adds to them waits in ``unsaved``
/// until ``EngineStore/save(_:)-swift.method`` writes it with the aggregate.
public struct Subscription: Codable, Sendable, Hashable {
    /// Whether the subscription was bought in-app or through Advanced Commerce.
    public enum Kind: String, Codable, Sendable, Hashable {
        case inApp
        case advancedCommerce
    }

    /// Life-cycle state; maps onto Apple's `status`.
    public enum State: String, Codable, Sendable, Hashable {
        case active
        case gracePeriod
        case billingRetry
        case expired
        case revoked
    }

    /// How the next charges go (the simulated payment side, R-REN-1).
    public enum BillingMode: String, Codable, Sendable, Hashable {
        case succeeds
        case fails
    }

    public internal(set) var originalTransactionId: String
    public internal(set) var customerId: String
    public internal(set) var groupId: String
    public internal(set) var kind: Kind
    /// `PURCHASED`, or `FAMILY_SHARED` for a family member's access.
    public internal(set) var ownership: InAppOwnershipType
    /// Family member's subscription: the purchaser's `originalTransactionId`.
    public internal(set) var familyPurchaserId: String?
    /// Purchaser's subscription: the family members' subscriptions, which follow it.
    public internal(set) var familyMemberIds: [String]
    /// Product of the current period (Advanced Commerce: the generic product id).
    public internal(set) var productId: String
    /// Product that renews next; differs from `productId` while a downgrade is pending.
    public internal(set) var autoRenewProductId: String
    public internal(set) var storefront: StorefrontCode
    public internal(set) var currency: CurrencyCode
    public internal(set) var appAccountToken: String
    public internal(set) var items: [SubscriptionItem]
    public internal(set) var period: ISOPeriod
    public internal(set) var descriptors: SubscriptionDescriptors?
    public internal(set) var taxCode: String
    public internal(set) var originalPurchaseDate: Timestamp
    public internal(set) var currentPeriodStart: Timestamp
    /// End of the current period: the renewal date.
    public internal(set) var expiresDate: Timestamp
    /// Billing anchor: renewals fall on `anchor + n × anchorPeriod` (no month-end drift).
    var anchor: Timestamp
    var anchorPeriod: ISOPeriod
    var anchorIndex: Int
    public internal(set) var state: State
    public internal(set) var autoRenewStatus: Bool
    public internal(set) var expirationIntent: ExpirationIntent?
    public internal(set) var billingMode: BillingMode
    public internal(set) var retryStartDate: Timestamp?
    public internal(set) var gracePeriodExpiresDate: Timestamp?
    public internal(set) var billingRetryEndDate: Timestamp?
    public internal(set) var introOfferRedeemed: Bool
    public internal(set) var paidPeriodCount: Int
    /// The latest transaction (the one Apple's payloads describe); older ones are in the store.
    public internal(set) var latestTransaction: TransactionRecord?
    /// How many transactions the subscription has had; the latest is at position `transactionCount - 1`.
    public internal(set) var transactionCount: Int
    public internal(set) var priceChanges: [PriceChange]
    /// Renewal dates at which a price increase took effect (R-PRC-3, 12-month rule).
    public internal(set) var priceIncreaseEffectiveDates: [Timestamp]
    public internal(set) var extensions: [RenewalExtension]
    public internal(set) var pendingChanges: PendingChanges
    /// Sequence number of the last event (gap-free per subscription, R-EVT-1).
    public internal(set) var sequence: UInt64
    /// Counter for deterministic transaction ids.
    var idCounter: Int
    /// The test clock the subscription lives on (docs/test-clocks.md), nil = the consumer's
    /// clock; given at creation by the store it was created in (``EngineStore/clockId``) and
    /// never changed.
    public internal(set) var clockId: String?
    /// The customer's refund request waiting for a decision (R-REF-1…3); nil when none is.
    public internal(set) var refundRequest: RefundRequest? = nil
    /// Set when a due transition was refused: the subscription fires no timers until an
    /// operator retries it (``Quarantine``).
    public internal(set) var quarantine: Quarantine? = nil
    /// The latest retention offer (docs/retention-messaging.md); nil when there never was one.
    public internal(set) var retentionOffer: RetentionOffer? = nil
    /// The transactions the app finished (Finish Transaction), the most recent last; at most
    /// ``finishedTransactionLimit`` are kept.
    public internal(set) var finishedTransactionIds: [String] = []
    /// History written by this command, for the store to persist with the aggregate (not part
    /// of the aggregate's stored form or of its equality).
    public internal(set) var unsaved = UnsavedHistory()

    enum CodingKeys: String, CodingKey {
        case originalTransactionId, customerId, groupId, kind, ownership, familyPurchaserId, familyMemberIds
        case productId, autoRenewProductId, storefront, currency, appAccountToken, items, period, descriptors
        case taxCode, originalPurchaseDate, currentPeriodStart, expiresDate, anchor, anchorPeriod, anchorIndex
        case state, autoRenewStatus, expirationIntent, billingMode, retryStartDate, gracePeriodExpiresDate
        case billingRetryEndDate, introOfferRedeemed, paidPeriodCount, latestTransaction, transactionCount
        case priceChanges, priceIncreaseEffectiveDates, extensions, pendingChanges, sequence, idCounter, clockId
        // `finishedTransactionIds` is in the stored record only (field 44): the JSON form is the
        // v1 schema's, written before it existed, and read only by that migration.
        case refundRequest, quarantine, retentionOffer
    }

    /// Apple's `status` for this state.
    public var status: SubscriptionStatus {
        switch state {
        case .active: return .active
        case .gracePeriod: return .billingGracePeriod
        case .billingRetry: return .billingRetry
        case .expired: return .expired
        case .revoked: return .revoked
        }
    }

    /// True while the customer has access or billing can still recover.
    public var isLive: Bool { state == .active || state == .gracePeriod || state == .billingRetry }

    /// Records a new transaction: it becomes the latest, and the one it replaces goes to the
    /// history (which holds every transaction but the latest) when the aggregate is saved.
    mutating func appendTransaction(_ record: TransactionRecord) {
        if let previous = latestTransaction {
            unsaved.note(previous, at: transactionCount - 1)
        }
        latestTransaction = record
        transactionCount += 1
    }

    /// Changes the latest transaction (its expiry moved, it was refunded or upgraded); it is
    /// part of the aggregate, so nothing goes to the history.
    mutating func updateLatestTransaction(_ change: (inout TransactionRecord) -> Void) {
        guard var record = latestTransaction else { return }
        change(&record)
        latestTransaction = record
    }

    /// Stores the reply of an idempotency key; the store keeps it beside the aggregate.
    mutating func remember(_ reply: EngineReply, forKey key: String) {
        unsaved.requestResults.append(UnsavedHistory.RequestResult(key: key, reply: reply))
    }

    /// The item with this SKU.
    func itemIndex(_ sku: String) -> Int? { items.firstIndex { $0.sku == sku } }

    /// A new deterministic transaction id and web order line item id.
    mutating func nextIds() -> (transactionId: String, webOrderLineItemId: String) {
        idCounter += 1
        if idCounter == 1 { return (originalTransactionId, Self.derivedId(originalTransactionId, "-w", idCounter)) }
        return (Self.derivedId(originalTransactionId, "-", idCounter), Self.derivedId(originalTransactionId, "-w", idCounter))
    }

    /// `base`, `separator` and `counter` in one allocation (an interpolation grows a buffer of
    /// its own first; every renewal makes two of these).
    static func derivedId(_ base: String, _ separator: String, _ counter: Int) -> String {
        var id = base
        id.reserveCapacity(base.utf8.count + separator.utf8.count + 20)
        id += separator
        id += String(counter)
        return id
    }

    /// The `originalTransactionId` embedded in any of this engine's transaction ids: the first
    /// run of characters that are not `-` (the whole text when there is none). Every command that
    /// names a transaction asks, so this scans the UTF-8 instead of splitting into an array.
    public static func originalTransactionId(fromTransactionId transactionId: String) -> String {
        let dash = UInt8(ascii: "-")
        let utf8 = transactionId.utf8
        guard let start = utf8.firstIndex(where: { $0 != dash }) else { return transactionId }
        let end = utf8[start...].firstIndex(of: dash) ?? utf8.endIndex
        if start == utf8.startIndex, end == utf8.endIndex { return transactionId }
        return String(transactionId[start..<end])
    }
}

/// Advanced Commerce `descriptors` of a subscription.
public struct SubscriptionDescriptors: Codable, Sendable, Hashable {
    public var displayName: String
    public var description: String

    public init(displayName: String, description: String) {
        self.displayName = displayName
        self.description = description
    }
}

/// A renewal date extension that was granted (R-EXT-1).
public struct RenewalExtension: Codable, Sendable, Hashable {
    public var requestIdentifier: String
    public var date: Timestamp
    public var days: Int
    public var reasonCode: Int
}

/// What a command added to a subscription's history and has not been saved yet: transactions
/// by position (new ones, or the latest one changed) and replies of idempotency keys. Equal to
/// any other: whether history is still to be written says nothing about the aggregate's state.
public struct UnsavedHistory: Sendable, Hashable {
    /// A transaction that stopped being the latest, at its position in the history (0 = the first).
    public struct Transaction: Sendable {
        public var position: Int
        public var record: TransactionRecord
    }

    /// The reply to remember for an idempotency key.
    public struct RequestResult: Sendable {
        public var key: String
        public var reply: EngineReply
    }

    public internal(set) var transactions: [Transaction] = []
    public internal(set) var requestResults: [RequestResult] = []

    /// Nothing to write.
    public var isEmpty: Bool { transactions.isEmpty && requestResults.isEmpty }

    /// The reply remembered for `key` by this command, if any.
    func reply(forKey key: String) -> EngineReply? { requestResults.reply(forKey: key) }

    mutating func note(_ record: TransactionRecord, at position: Int) {
        if let last = transactions.indices.last, transactions[last].position == position {
            transactions[last].record = record
        } else {
            transactions.append(Transaction(position: position, record: record))
        }
    }

    public static func == (lhs: UnsavedHistory, rhs: UnsavedHistory) -> Bool { true }
    public func hash(into hasher: inout Hasher) {}
}

extension [UnsavedHistory.RequestResult] {
    /// The reply remembered for `key`: the last one for it (a command's unsaved replies, or
    /// every reply an in-memory subscription remembers).
    func reply(forKey key: String) -> EngineReply? { last { $0.key == key }?.reply }
}

extension Subscription.State {
    /// The state in plain words for messages, after "subscription 'id'": "is active",
    /// "is in its billing grace period", "is in billing retry", "has expired", "was revoked".
    public var plainDescription: String {
        switch self {
        case .active: "is active"
        case .gracePeriod: "is in its billing grace period"
        case .billingRetry: "is in billing retry"
        case .expired: "has expired"
        case .revoked: "was revoked"
        }
    }
}
