import CompactCoding

/// The stored form of a subscription aggregate (see ``CompactRecord``). Field numbers are
/// forever: add new ones, never reuse one.
extension Subscription: CompactRecord {
    public func write(to writer: inout RecordWriter) {
        writer.write(1, originalTransactionId)
        writer.write(2, customerId)
        writer.write(3, groupId)
        writer.write(4, kind)
        writer.write(5, ownership)
        writer.write(6, familyPurchaserId)
        writer.write(7, familyMemberIds)
        writer.write(8, productId)
        writer.write(9, autoRenewProductId)
        writer.write(10, storefront)
        writer.write(11, currency)
        writer.write(12, appAccountToken)
        writer.write(13, items)
        writer.write(14, period)
        writer.write(15, descriptors)
        writer.write(16, taxCode)
        writer.write(17, originalPurchaseDate)
        writer.write(18, currentPeriodStart)
        writer.write(19, expiresDate)
        writer.write(20, anchor)
        writer.write(21, anchorPeriod)
        writer.write(22, anchorIndex)
        writer.write(23, state)
        writer.write(24, autoRenewStatus)
        writer.write(25, expirationIntent)
        writer.write(26, billingMode)
        writer.write(27, retryStartDate)
        writer.write(28, gracePeriodExpiresDate)
        writer.write(29, billingRetryEndDate)
        writer.write(30, introOfferRedeemed)
        writer.write(31, paidPeriodCount)
        writer.write(32, latestTransaction)
        writer.write(33, transactionCount)
        writer.write(34, priceChanges)
        writer.write(35, priceIncreaseEffectiveDates)
        writer.write(36, extensions)
        writer.write(37, pendingChanges)
        writer.write(38, sequence)
        writer.write(39, idCounter)
        writer.write(40, clockId)
        writer.write(41, refundRequest)
        writer.write(42, quarantine)
        writer.write(43, retentionOffer)
        writer.write(44, finishedTransactionIds)
    }

    public init(from reader: inout RecordReader) throws {
        var originalTransactionId = "", customerId = "", groupId = ""
        var kind = Kind.inApp, ownership = InAppOwnershipType.purchased
        var familyPurchaserId: String?, familyMemberIds: [String] = []
        var productId = "", autoRenewProductId = ""
        var storefront = StorefrontCode.unitedStates, currency = CurrencyCode.usd, appAccountToken = ""
        var items: [SubscriptionItem] = [], period = ISOPeriod.oneMonth
        var descriptors: SubscriptionDescriptors?, taxCode = ""
        var originalPurchaseDate = Timestamp(millisecondsSince1970: 0), currentPeriodStart = originalPurchaseDate
        var expiresDate = originalPurchaseDate, anchor = originalPurchaseDate, anchorPeriod = ISOPeriod.oneMonth, anchorIndex = 0
        var state = State.active, autoRenewStatus = false, expirationIntent: ExpirationIntent?, billingMode = BillingMode.succeeds
        var retryStartDate: Timestamp?, gracePeriodExpiresDate: Timestamp?, billingRetryEndDate: Timestamp?
        var introOfferRedeemed = false, paidPeriodCount = 0, latestTransaction: TransactionRecord?, transactionCount = 0
        var priceChanges: [PriceChange] = [], priceIncreaseEffectiveDates: [Timestamp] = [], extensions: [RenewalExtension] = []
        var pendingChanges = PendingChanges(), sequence: UInt64 = 0, idCounter = 0, clockId: String?
        var refundRequest: RefundRequest?, quarantine: Quarantine?, retentionOffer: RetentionOffer?, finishedTransactionIds: [String] = []
        while let field = try reader.nextField() {
            switch field {
            case 1: originalTransactionId = try reader.string()
            case 2: customerId = try reader.string()
            case 3: groupId = try reader.string()
            case 4: kind = try reader.value()
            case 5: ownership = try reader.value()
            case 6: familyPurchaserId = try reader.string()
            case 7: familyMemberIds.append(try reader.string())
            case 8: productId = try reader.string()
            case 9: autoRenewProductId = try reader.string()
            case 10: storefront = try reader.storefront()
            case 11: currency = try reader.currency()
            case 12: appAccountToken = try reader.string()
            case 13: items.append(try reader.record())
            case 14: period = try reader.period()
            case 15: descriptors = try reader.record()
            case 16: taxCode = try reader.string()
            case 17: originalPurchaseDate = try reader.timestamp()
            case 18: currentPeriodStart = try reader.timestamp()
            case 19: expiresDate = try reader.timestamp()
            case 20: anchor = try reader.timestamp()
            case 21: anchorPeriod = try reader.period()
            case 22: anchorIndex = try reader.int()
            case 23: state = try reader.value()
            case 24: autoRenewStatus = try reader.bool()
            case 25: expirationIntent = try reader.value()
            case 26: billingMode = try reader.value()
            case 27: retryStartDate = try reader.timestamp()
            case 28: gracePeriodExpiresDate = try reader.timestamp()
            case 29: billingRetryEndDate = try reader.timestamp()
            case 30: introOfferRedeemed = try reader.bool()
            case 31: paidPeriodCount = try reader.int()
            case 32: latestTransaction = try reader.record()
            case 33: transactionCount = try reader.int()
            case 34: priceChanges.append(try reader.record())
            case 35: priceIncreaseEffectiveDates.append(try reader.timestamp())
            case 36: extensions.append(try reader.record())
            case 37: pendingChanges = try reader.record()
            case 38: sequence = try reader.uint64()
            case 39: idCounter = try reader.int()
            case 40: clockId = try reader.string()
            case 41: refundRequest = try reader.record()
            case 42: quarantine = try reader.record()
            case 43: retentionOffer = try reader.record()
            case 44: finishedTransactionIds.append(try reader.string())
            default: try reader.skip()
            }
        }
        self.init(
            originalTransactionId: originalTransactionId, customerId: customerId, groupId: groupId, kind: kind,
            ownership: ownership, familyPurchaserId: familyPurchaserId, familyMemberIds: familyMemberIds,
            productId: productId, autoRenewProductId: autoRenewProductId, storefront: storefront, currency: currency,
            appAccountToken: appAccountToken, items: items, period: period, descriptors: descriptors, taxCode: taxCode,
            originalPurchaseDate: originalPurchaseDate, currentPeriodStart: currentPeriodStart, expiresDate: expiresDate,
            anchor: anchor, anchorPeriod: anchorPeriod, anchorIndex: anchorIndex, state: state,
            autoRenewStatus: autoRenewStatus, expirationIntent: expirationIntent, billingMode: billingMode,
            retryStartDate: retryStartDate, gracePeriodExpiresDate: gracePeriodExpiresDate,
            billingRetryEndDate: billingRetryEndDate, introOfferRedeemed: introOfferRedeemed,
            paidPeriodCount: paidPeriodCount, latestTransaction: latestTransaction, transactionCount: transactionCount,
            priceChanges: priceChanges, priceIncreaseEffectiveDates: priceIncreaseEffectiveDates, extensions: extensions,
            pendingChanges: pendingChanges, sequence: sequence, idCounter: idCounter, clockId: clockId,
            refundRequest: refundRequest, retentionOffer: retentionOffer, finishedTransactionIds: finishedTransactionIds)
        self.quarantine = quarantine
    }
}

extension Quarantine: CompactRecord {
    public func write(to writer: inout RecordWriter) {
        writer.write(1, dueAt)
        writer.write(2, reason)
    }

    public init(from reader: inout RecordReader) throws {
        var dueAt = Timestamp(millisecondsSince1970: 0), reason = ""
        while let field = try reader.nextField() {
            switch field {
            case 1: dueAt = try reader.timestamp()
            case 2: reason = try reader.string()
            default: try reader.skip()
            }
        }
        self.init(dueAt: dueAt, reason: reason)
    }
}

extension SubscriptionDescriptors: CompactRecord {
    public func write(to writer: inout RecordWriter) {
        writer.write(1, displayName)
        writer.write(2, description)
    }

    public init(from reader: inout RecordReader) throws {
        var displayName = "", description = ""
        while let field = try reader.nextField() {
            switch field {
            case 1: displayName = try reader.string()
            case 2: description = try reader.string()
            default: try reader.skip()
            }
        }
        self.init(displayName: displayName, description: description)
    }
}

extension RenewalExtension: CompactRecord {
    public func write(to writer: inout RecordWriter) {
        writer.write(1, requestIdentifier)
        writer.write(2, date)
        writer.write(3, days)
        writer.write(4, reasonCode)
    }

    public init(from reader: inout RecordReader) throws {
        var requestIdentifier = "", date = Timestamp(millisecondsSince1970: 0), days = 0, reasonCode = 0
        while let field = try reader.nextField() {
            switch field {
            case 1: requestIdentifier = try reader.string()
            case 2: date = try reader.timestamp()
            case 3: days = try reader.int()
            case 4: reasonCode = try reader.int()
            default: try reader.skip()
            }
        }
        self.init(requestIdentifier: requestIdentifier, date: date, days: days, reasonCode: reasonCode)
    }
}

extension RefundRequest: CompactRecord {
    public func write(to writer: inout RecordWriter) {
        writer.write(1, transactionId)
        writer.write(2, reason)
        writer.write(3, requestedAt)
        writer.write(4, consumption)
    }

    public init(from reader: inout RecordReader) throws {
        var transactionId = "", reason = ConsumptionRequestReason.other, requestedAt = Timestamp(millisecondsSince1970: 0)
        var consumption: ConsumptionInformation?
        while let field = try reader.nextField() {
            switch field {
            case 1: transactionId = try reader.string()
            case 2: reason = try reader.value()
            case 3: requestedAt = try reader.timestamp()
            case 4: consumption = try reader.record()
            default: try reader.skip()
            }
        }
        self.init(transactionId: transactionId, reason: reason, requestedAt: requestedAt, consumption: consumption)
    }
}

extension ConsumptionInformation: CompactRecord {
    public func write(to writer: inout RecordWriter) {
        writer.write(1, customerConsented)
        writer.write(2, sampleContentProvided)
        writer.write(3, deliveryStatus)
        writer.write(4, consumptionPercentage)
        writer.write(5, refundPreference)
    }

    public init(from reader: inout RecordReader) throws {
        var customerConsented = false, sampleContentProvided = false, deliveryStatus: DeliveryStatus?
        var consumptionPercentage: Int?, refundPreference: RefundPreference?
        while let field = try reader.nextField() {
            switch field {
            case 1: customerConsented = try reader.bool()
            case 2: sampleContentProvided = try reader.bool()
            case 3: deliveryStatus = try reader.value()
            case 4: consumptionPercentage = try reader.int()
            case 5: refundPreference = try reader.value()
            default: try reader.skip()
            }
        }
        self.init(
            customerConsented: customerConsented, sampleContentProvided: sampleContentProvided,
            deliveryStatus: deliveryStatus, consumptionPercentage: consumptionPercentage,
            refundPreference: refundPreference)
    }
}
