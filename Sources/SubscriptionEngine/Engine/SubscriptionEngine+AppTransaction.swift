import StableIdentifiers

/// Get App Transaction Info and Finish Transaction (App Store Server API).
extension SubscriptionEngine {
    /// Finished transaction ids kept per subscription; older ones count as finished.
    static let finishedTransactionLimit = 64

    /// Get App Transaction Info: the customer's purchase of the app, one per customer. The
    /// customer downloaded the app no later than their first purchase, so `originalPurchaseDate`
    /// is their earliest subscription's; the identifiers are pure functions of the customer id,
    /// so every call answers the same app transaction.
    func appTransactionInfo(_ request: GetAppTransactionInfoRequest, at now: Timestamp, store: some EngineStore) throws -> EngineReply {
        let subscription = try load(transactionId: request.transactionId, store: store)
        var firstPurchase = subscription.originalPurchaseDate
        for id in try store.subscriptionIds(customerId: subscription.customerId) {
            guard let other = try store.subscription(id) else { continue }
            firstPurchase = min(firstPurchase, other.originalPurchaseDate)
        }
        let app = catalog.app
        let customer = subscription.customerId
        let digest = SHA1.digest(Array("app-transaction/\(app.bundleId)/\(customer)".utf8))
        // Apple's app transaction ids are decimal numbers; 17 digits from the digest.
        let number = digest.prefix(8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) } % 100_000_000_000_000_000
        return .appTransaction(
            AppTransaction(
                receiptType: app.environment, appAppleId: app.appAppleId, bundleId: app.bundleId,
                applicationVersion: app.bundleVersion, receiptCreationDate: now, originalPurchaseDate: firstPurchase,
                originalApplicationVersion: app.bundleVersion, appTransactionId: "7\(String(number).leftPadded(to: 17))",
                originalPlatform: "iOS", deviceVerification: Base64.encode(SHA1.digest(Array("device/\(customer)".utf8))),
                deviceVerificationNonce: NameBasedUUID.make("device-nonce/\(customer)")))
    }

    /// Finish Transaction: the app delivered the transaction. Every transaction sold here is an
    /// auto-renewable subscription, which Get Transaction History (both versions) lists finished
    /// or not; the finished ids are kept on the subscription (the latest
    /// ``finishedTransactionLimit``). Finishing twice is answered alike.
    func finishTransaction(_ request: FinishTransactionRequest, store: inout some EngineStore) throws -> EngineReply {
        var subscription = try load(transactionId: request.transactionId, store: store)
        guard !subscription.finishedTransactionIds.contains(request.transactionId) else { return .accepted }
        subscription.finishedTransactionIds.append(request.transactionId)
        if subscription.finishedTransactionIds.count > Self.finishedTransactionLimit {
            subscription.finishedTransactionIds.removeFirst(subscription.finishedTransactionIds.count - Self.finishedTransactionLimit)
        }
        try store.save(subscription)
        return .accepted
    }
}

extension String {
    /// The string with zeros in front up to `length` characters.
    fileprivate func leftPadded(to length: Int) -> String {
        count >= length ? self : String(repeating: "0", count: length - count) + self
    }
}

/// Standard Base64 (RFC 4648 §4, with padding), without Foundation.
enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")

    static func encode(_ bytes: [UInt8]) -> String {
        var text = ""
        var index = 0
        while index < bytes.count {
            let chunk = bytes[index..<min(index + 3, bytes.count)]
            let value = chunk.enumerated().reduce(UInt32(0)) { $0 | UInt32($1.element) << (16 - 8 * UInt32($1.offset)) }
            for position in 0..<4 {
                text.append(position <= chunk.count ? alphabet[Int(value >> (18 - 6 * UInt32(position)) & 0x3F)] : "=")
            }
            index += 3
        }
        return text
    }
}
