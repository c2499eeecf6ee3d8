import CompactCoding

extension TransactionRecord: CompactRecord {
    public func write(to writer: inout RecordWriter) {
        writer.write(1, transactionId)
        writer.write(2, webOrderLineItemId)
        writer.write(3, productId)
        writer.write(4, purchaseDate)
        writer.write(5, expiresDate)
        writer.write(6, price)
        writer.write(7, currency)
        writer.write(8, reason)
        writer.write(9, offerType)
        writer.write(10, offerDiscountType)
        writer.write(11, offerIdentifier)
        writer.write(12, offerPeriod)
        writer.write(13, isUpgraded)
        writer.write(14, revocationDate)
        writer.write(15, revocationReason)
        writer.write(16, revocationType)
        writer.write(17, revocationPercentage)
        writer.write(18, refundAmount)
        writer.write(19, appAccountToken)
        writer.write(20, items)
        writer.write(21, requestReferenceId)
    }

    public init(from reader: inout RecordReader) throws {
        var transactionId = "", webOrderLineItemId = "", productId = ""
        var purchaseDate = Timestamp(millisecondsSince1970: 0), expiresDate = purchaseDate
        var price = Milliunits.zero, currency = CurrencyCode.usd, reason = TransactionReason.purchase
        var offerType: OfferType?, offerDiscountType: OfferDiscountType?, offerIdentifier: String?, offerPeriod: ISOPeriod?
        var isUpgraded = false, revocationDate: Timestamp?, revocationReason: RevocationReason?
        var revocationType: RevocationType?, revocationPercentage: Int?, refundAmount: Milliunits?
        var appAccountToken = "", items: [SubscriptionItem] = [], requestReferenceId: String?
        while let field = try reader.nextField() {
            switch field {
            case 1: transactionId = try reader.string()
            case 2: webOrderLineItemId = try reader.string()
            case 3: productId = try reader.string()
            case 4: purchaseDate = try reader.timestamp()
            case 5: expiresDate = try reader.timestamp()
            case 6: price = try reader.milliunits()
            case 7: currency = try reader.currency()
            case 8: reason = try reader.value()
            case 9: offerType = try reader.value()
            case 10: offerDiscountType = try reader.value()
            case 11: offerIdentifier = try reader.string()
            case 12: offerPeriod = try reader.period()
            case 13: isUpgraded = try reader.bool()
            case 14: revocationDate = try reader.timestamp()
            case 15: revocationReason = try reader.value()
            case 16: revocationType = try reader.value()
            case 17: revocationPercentage = try reader.int()
            case 18: refundAmount = try reader.milliunits()
            case 19: appAccountToken = try reader.string()
            case 20: items.append(try reader.record())
            case 21: requestReferenceId = try reader.string()
            default: try reader.skip()
            }
        }
        self.init(
            transactionId: transactionId, webOrderLineItemId: webOrderLineItemId, productId: productId,
            purchaseDate: purchaseDate, expiresDate: expiresDate, price: price, currency: currency, reason: reason,
            offerType: offerType, offerDiscountType: offerDiscountType, offerIdentifier: offerIdentifier,
            offerPeriod: offerPeriod, isUpgraded: isUpgraded, revocationDate: revocationDate,
            revocationReason: revocationReason, revocationType: revocationType,
            revocationPercentage: revocationPercentage, refundAmount: refundAmount, appAccountToken: appAccountToken,
            items: items, requestReferenceId: requestReferenceId)
    }
}

extension PriceChange: CompactRecord {
    public func write(to writer: inout RecordWriter) {
        writer.write(1, id)
        writer.write(2, kind)
        writer.write(3, sku)
        writer.write(4, oldPrice)
        writer.write(5, newPrice)
        writer.write(6, dependentSKUs)
        writer.write(7, requestedAt)
        writer.write(8, effectiveDate)
        writer.write(9, communicationDate)
        writer.write(10, consentRequired)
        writer.write(11, status)
        writer.write(12, lastCommunicationDate)
        writer.write(13, sheetAcknowledged)
        writer.write(14, pushHandled)
    }

    public init(from reader: inout RecordReader) throws {
        var id = "", kind = Kind.increase, sku = "", oldPrice = Milliunits.zero, newPrice = Milliunits.zero
        var dependentSKUs: [String] = [], requestedAt = Timestamp(millisecondsSince1970: 0)
        var effectiveDate = requestedAt, communicationDate = requestedAt, consentRequired = false, status = Status.scheduled
        var lastCommunicationDate: Timestamp?, sheetAcknowledged = false, pushHandled = false
        while let field = try reader.nextField() {
            switch field {
            case 1: id = try reader.string()
            case 2: kind = try reader.value()
            case 3: sku = try reader.string()
            case 4: oldPrice = try reader.milliunits()
            case 5: newPrice = try reader.milliunits()
            case 6: dependentSKUs.append(try reader.string())
            case 7: requestedAt = try reader.timestamp()
            case 8: effectiveDate = try reader.timestamp()
            case 9: communicationDate = try reader.timestamp()
            case 10: consentRequired = try reader.bool()
            case 11: status = try reader.value()
            case 12: lastCommunicationDate = try reader.timestamp()
            case 13: sheetAcknowledged = try reader.bool()
            case 14: pushHandled = try reader.bool()
            default: try reader.skip()
            }
        }
        self.init(
            id: id, kind: kind, sku: sku, oldPrice: oldPrice, newPrice: newPrice, dependentSKUs: dependentSKUs,
            requestedAt: requestedAt, effectiveDate: effectiveDate, communicationDate: communicationDate,
            consentRequired: consentRequired, status: status, lastCommunicationDate: lastCommunicationDate,
            sheetAcknowledged: sheetAcknowledged, pushHandled: pushHandled)
    }
}

extension MassExtension: CompactRecord {
    public func write(to writer: inout RecordWriter) {
        writer.write(1, requestIdentifier)
        writer.write(2, productId)
        writer.write(3, storefrontCountryCodes)
        writer.write(4, extendByDays)
        writer.write(5, extendReasonCode)
        writer.write(6, requestedAt)
        writer.write(7, resumeAt)
        writer.write(8, succeededCount)
        writer.write(9, failedCount)
        writer.write(10, complete)
        writer.write(11, completeDate)
        writer.write(12, commandId)
    }

    public init(from reader: inout RecordReader) throws {
        var requestIdentifier = "", productId = "", storefrontCountryCodes: [StorefrontCode] = []
        var extendByDays = 0, extendReasonCode = 0, requestedAt = Timestamp(millisecondsSince1970: 0), resumeAt = ""
        var succeededCount: Int64 = 0, failedCount: Int64 = 0, complete = false, completeDate: Timestamp?, commandId: String?
        while let field = try reader.nextField() {
            switch field {
            case 1: requestIdentifier = try reader.string()
            case 2: productId = try reader.string()
            case 3: storefrontCountryCodes.append(try reader.storefront())
            case 4: extendByDays = try reader.int()
            case 5: extendReasonCode = try reader.int()
            case 6: requestedAt = try reader.timestamp()
            case 7: resumeAt = try reader.string()
            case 8: succeededCount = try reader.int64()
            case 9: failedCount = try reader.int64()
            case 10: complete = try reader.bool()
            case 11: completeDate = try reader.timestamp()
            case 12: commandId = try reader.string()
            default: try reader.skip()
            }
        }
        self.init(
            requestIdentifier: requestIdentifier, productId: productId, storefrontCountryCodes: storefrontCountryCodes,
            extendByDays: extendByDays, extendReasonCode: extendReasonCode, requestedAt: requestedAt, resumeAt: resumeAt,
            succeededCount: succeededCount, failedCount: failedCount, complete: complete, completeDate: completeDate,
            commandId: commandId)
    }
}
