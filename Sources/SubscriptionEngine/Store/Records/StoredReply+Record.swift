import CompactCoding

/// A reply the engine remembers under an idempotency key, as a record: the kinds
/// `Subscription.remember(_:forKey:)` is given (a subscription's infos, a price change's, an
/// extension's result). One field per kind, as a protocol buffers `oneof`.
public struct StoredReply: CompactRecord, Sendable, Hashable {
    /// The reply.
    public var reply: EngineReply

    /// `reply` if it is of a kind the engine remembers; nil otherwise.
    public init?(_ reply: EngineReply) {
        switch reply {
        case .subscription, .changePrice, .extendRenewalDate: self.reply = reply
        default: return nil
        }
    }

    public func write(to writer: inout RecordWriter) {
        switch reply {
        case .subscription(let info): writer.write(1, info)
        case .changePrice(let info, let ids): writer.write(2, PriceChangeReply(info: info, priceChangeIds: ids))
        case .extendRenewalDate(let result): writer.write(3, result)
        // `init?` admits no other kind.
        default: break
        }
    }

    public init(from reader: inout RecordReader) throws {
        var reply: EngineReply?
        while let field = try reader.nextField() {
            switch field {
            case 1: reply = .subscription(try reader.record())
            case 2:
                let change: PriceChangeReply = try reader.record()
                reply = .changePrice(change.info, priceChangeIds: change.priceChangeIds)
            case 3: reply = .extendRenewalDate(try reader.record())
            default: try reader.skip()
            }
        }
        guard let reply else { throw RecordError(message: "a stored reply of no kind this engine remembers") }
        self.reply = reply
    }
}

/// `EngineReply.changePrice`'s two values.
private struct PriceChangeReply: CompactRecord {
    var info: SubscriptionInfo
    var priceChangeIds: [String]

    init(info: SubscriptionInfo, priceChangeIds: [String]) {
        self.info = info
        self.priceChangeIds = priceChangeIds
    }

    func write(to writer: inout RecordWriter) {
        writer.write(1, info)
        writer.write(2, priceChangeIds)
    }

    init(from reader: inout RecordReader) throws {
        var info: SubscriptionInfo?, ids: [String] = []
        while let field = try reader.nextField() {
            switch field {
            case 1: info = try reader.record()
            case 2: ids.append(try reader.string())
            default: try reader.skip()
            }
        }
        guard let info else { throw RecordError(message: "a stored price change reply without its subscription") }
        self.init(info: info, priceChangeIds: ids)
    }
}

extension SubscriptionInfo: CompactRecord {
    public func write(to writer: inout RecordWriter) {
        writer.write(1, transactionInfo)
        writer.write(2, renewalInfo)
        writer.write(3, status)
    }

    public init(from reader: inout RecordReader) throws {
        var transactionInfo: TransactionInfo?, renewalInfo: RenewalInfo?, status: SubscriptionStatus?
        while let field = try reader.nextField() {
            switch field {
            case 1: transactionInfo = try reader.record()
            case 2: renewalInfo = try reader.record()
            case 3: status = try reader.value()
            default: try reader.skip()
            }
        }
        guard let renewalInfo else { throw RecordError(message: "a stored subscription reply without its renewal info") }
        self.init(transactionInfo: transactionInfo, renewalInfo: renewalInfo, status: status)
    }
}

extension ExtendRenewalDateResult: CompactRecord {
    public func write(to writer: inout RecordWriter) {
        writer.write(1, originalTransactionId)
        writer.write(2, webOrderLineItemId)
        writer.write(3, success)
        writer.write(4, effectiveDate)
    }

    public init(from reader: inout RecordReader) throws {
        var originalTransactionId = "", webOrderLineItemId = "", success = false, effectiveDate: Timestamp?
        while let field = try reader.nextField() {
            switch field {
            case 1: originalTransactionId = try reader.string()
            case 2: webOrderLineItemId = try reader.string()
            case 3: success = try reader.bool()
            case 4: effectiveDate = try reader.timestamp()
            default: try reader.skip()
            }
        }
        self.init(
            originalTransactionId: originalTransactionId, webOrderLineItemId: webOrderLineItemId, success: success,
            effectiveDate: effectiveDate)
    }
}
