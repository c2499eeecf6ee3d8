/// Get Transaction Info, Get Transaction History (v2 and V1) and Get Refund History: read-only
/// queries over the customer's transactions. Every transaction is read through
/// ``transactionRecords(of:store:)``, so the history can move out of the aggregate into a
/// store of its own without touching the queries.
extension SubscriptionEngine {
    /// Transactions per page of a history (Apple's page size).
    static let historyPageSize = 20

    /// Every transaction of `subscription`, oldest first.
    func transactionRecords(of subscription: Subscription, store: some EngineStore) throws -> [TransactionRecord] {
        try store.transactions(of: subscription.originalTransactionId)
    }

    /// Get Transaction Info: the transaction as Apple would sign it now.
    func transactionInfo(_ request: GetTransactionInfoRequest, at now: Timestamp, store: some EngineStore) throws -> EngineReply {
        let subscription = try load(transactionId: request.transactionId, store: store)
        guard let record = try transactionRecords(of: subscription, store: store).first(where: { $0.transactionId == request.transactionId })
        else {
            throw EngineRejection(
                .notFound, error: .transactionIdNotFound, field: "transactionId", "no transaction '\(request.transactionId)'")
        }
        return .transactionInfo(subscription.transactionInfo(record, app: catalog.app, at: now))
    }

    /// Get Transaction History: the customer's transactions, filtered, ordered by purchase date
    /// (then transaction id), 20 per page after the `revision` of the previous page.
    func transactionHistory(_ request: TransactionHistoryRequest, at now: Timestamp, store: some EngineStore) throws -> EngineReply {
        let subscription = try load(transactionId: request.transactionId, store: store)
        if let start = request.startDate, let end = request.endDate, end < start {
            throw EngineRejection(
                .invalidArgument, error: .startDateAfterEndDate, field: "endDate", "endDate is before startDate")
        }
        // V1 leaves out finished consumables; every transaction sold here is an auto-renewable
        // subscription, so both versions list the same transactions, each with revisions of its own.
        let matching = try customerTransactions(subscription.customerId, at: now, store: store).filter { request.matches($0) }
        let page = try HistoryPage.make(
            matching, key: { HistoryPage.Key(instant: $0.purchaseDate, transactionId: $0.transactionId) },
            descending: request.order == .descending, revision: request.revision,
            revisionPrefix: request.version == 1 ? HistoryPage.versionOnePrefix : "")
        let app = catalog.app
        return .transactionHistory(
            TransactionHistoryPage(
                revision: page.revision, hasMore: page.hasMore, bundleId: app.bundleId, appAppleId: app.appAppleId,
                environment: app.environment, transactions: page.items))
    }

    /// Get Refund History: the customer's refunded transactions (family revocations are not
    /// refunds), oldest refund first, 20 per page.
    func refundHistory(_ request: RefundHistoryRequest, at now: Timestamp, store: some EngineStore) throws -> EngineReply {
        let subscription = try load(transactionId: request.transactionId, store: store)
        let refunded = try customerTransactions(subscription.customerId, at: now, store: store).filter {
            $0.revocationDate != nil && $0.revocationType != .familyRevoke
        }
        let page = try HistoryPage.make(
            refunded, key: { HistoryPage.Key(instant: $0.revocationDate ?? $0.purchaseDate, transactionId: $0.transactionId) },
            descending: false, revision: request.revision)
        return .refundHistory(RefundHistoryPage(transactions: page.items, revision: page.revision, hasMore: page.hasMore))
    }

    /// Every transaction of every subscription of the customer, as signed at `now`.
    private func customerTransactions(_ customerId: String, at now: Timestamp, store: some EngineStore) throws -> [TransactionInfo] {
        var transactions: [TransactionInfo] = []
        for id in try store.subscriptionIds(customerId: customerId) {
            guard let subscription = try store.subscription(id) else { continue }
            transactions += try transactionRecords(of: subscription, store: store).map {
                subscription.transactionInfo($0, app: catalog.app, at: now)
            }
        }
        return transactions
    }
}

extension TransactionHistoryRequest {
    /// Whether `transaction` passes every filter of the request.
    func matches(_ transaction: TransactionInfo) -> Bool {
        if let start = startDate, transaction.purchaseDate < start { return false }
        if let end = endDate, !(transaction.purchaseDate < end) { return false }
        if !productIds.isEmpty, !productIds.contains(transaction.productId) { return false }
        if !productTypes.isEmpty, !productTypes.contains(.autoRenewable) { return false }
        if !subscriptionGroupIdentifiers.isEmpty, !subscriptionGroupIdentifiers.contains(transaction.subscriptionGroupIdentifier) {
            return false
        }
        if let ownership = inAppOwnershipType, transaction.inAppOwnershipType != ownership { return false }
        if let revoked, (transaction.revocationDate != nil) != revoked { return false }
        return true
    }
}

/// Keyset paging of a history: a page holds the items after the `revision` of the previous
/// page; a revision is the opaque position of a page's last item, so items added while a
/// client pages (renewals come last in ascending order) neither repeat nor vanish.
enum HistoryPage {
    /// An item's position: its instant, then its transaction id.
    struct Key: Comparable {
        var instant: Timestamp
        var transactionId: String

        static func < (lhs: Key, rhs: Key) -> Bool {
            (lhs.instant, lhs.transactionId) < (rhs.instant, rhs.transactionId)
        }

        /// `<milliseconds>.<transaction id>` in hexadecimal UTF-8: opaque, and free of characters a
        /// query string would need to escape.
        var revision: String {
            Array("\(instant.millisecondsSince1970).\(transactionId)".utf8).map { String($0, radix: 16) }.joined()
        }

        init(instant: Timestamp, transactionId: String) {
            self.instant = instant
            self.transactionId = transactionId
        }

        init?(revision: String) {
            guard revision.count % 2 == 0, !revision.isEmpty else { return nil }
            var bytes: [UInt8] = []
            var index = revision.startIndex
            while index < revision.endIndex {
                let next = revision.index(index, offsetBy: 2)
                guard let byte = UInt8(revision[index..<next], radix: 16) else { return nil }
                bytes.append(byte)
                index = next
            }
            let text = String(decoding: bytes, as: UTF8.self)
            guard let dot = text.firstIndex(of: "."), let milliseconds = Int64(text[..<dot]) else { return nil }
            self.init(instant: Timestamp(millisecondsSince1970: milliseconds), transactionId: String(text[text.index(after: dot)...]))
        }
    }

    /// What starts the revisions of Get Transaction History V1 (an odd length, which no revision
    /// of the other histories has): a revision of one endpoint is refused by the other.
    static let versionOnePrefix = "v"

    /// The page after `revision` (first page when empty) of `items` in key order; revisions
    /// given out start with `revisionPrefix`.
    static func make<Item>(
        _ items: [Item], key: (Item) -> Key, descending: Bool, revision: String, revisionPrefix: String = ""
    ) throws(EngineRejection) -> (items: [Item], revision: String, hasMore: Bool) {
        var keyed = items.map { (key: key($0), item: $0) }.sorted { $0.key < $1.key }
        if descending { keyed.reverse() }
        if !revision.isEmpty {
            guard revision.hasPrefix(revisionPrefix), let after = Key(revision: String(revision.dropFirst(revisionPrefix.count)))
            else {
                throw EngineRejection(
                    .invalidArgument, error: .invalidRequestRevision, field: "revision",
                    "'\(revision.prefix(64))' is not a revision this service gave out")
            }
            keyed = keyed.filter { descending ? $0.key < after : after < $0.key }
        }
        let page = keyed.prefix(SubscriptionEngine.historyPageSize)
        let last = page.last.map { revisionPrefix + $0.key.revision } ?? revision
        return (page.map(\.item), last, keyed.count > page.count)
    }
}

extension SubscriptionEngine {
    /// The subscriptions (`originalTransactionId`s) of the customer who owns `transactionId`:
    /// what Get Notification History's `transactionId` filter narrows to. Refused like Get
    /// Transaction Info when the transaction is unknown.
    public func subscriptionIds(ofCustomerOwning transactionId: String, store: some EngineStore) throws -> [String] {
        let subscription = try load(transactionId: transactionId, store: store)
        return try store.subscriptionIds(customerId: subscription.customerId)
    }
}
