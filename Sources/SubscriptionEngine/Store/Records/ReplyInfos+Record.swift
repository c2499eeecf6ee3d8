import CompactCoding

/// The infos of a stored reply (``StoredReply``), field by field in declaration order.
extension TransactionInfo: CompactRecord {
    public func write(to writer: inout RecordWriter) {
        writer.write(1, transactionId)
        writer.write(2, originalTransactionId)
        writer.write(3, webOrderLineItemId)
        writer.write(4, bundleId)
        writer.write(5, productId)
        writer.write(6, subscriptionGroupIdentifier)
        writer.write(7, purchaseDate)
        writer.write(8, originalPurchaseDate)
        writer.write(9, expiresDate)
        writer.write(10, quantity)
        writer.write(11, type)
        writer.write(12, appAccountToken)
        writer.write(13, inAppOwnershipType)
        writer.write(14, signedDate)
        writer.write(15, revocationReason)
        writer.write(16, revocationDate)
        writer.write(17, revocationType)
        writer.write(18, revocationPercentage)
        writer.write(19, isUpgraded)
        writer.write(20, offerType)
        writer.write(21, offerIdentifier)
        writer.write(22, offerDiscountType)
        writer.write(23, offerPeriod)
        writer.write(24, environment)
        writer.write(25, transactionReason)
        writer.write(26, storefront)
        writer.write(27, price)
        writer.write(28, currency)
        writer.write(29, advancedCommerceInfo)
    }

    public init(from reader: inout RecordReader) throws {
        var transactionId = "", originalTransactionId = "", webOrderLineItemId = "", bundleId = "", productId = ""
        var subscriptionGroupIdentifier = "", type = "", appAccountToken = ""
        var purchaseDate = Timestamp(millisecondsSince1970: 0), originalPurchaseDate = purchaseDate, expiresDate = purchaseDate
        var signedDate = purchaseDate, quantity = 1, inAppOwnershipType = InAppOwnershipType.purchased
        var revocationReason: RevocationReason?, revocationDate: Timestamp?, revocationType: RevocationType?
        var revocationPercentage: Int?, isUpgraded = false, offerType: OfferType?, offerIdentifier: String?
        var offerDiscountType: OfferDiscountType?, offerPeriod: String?, environment = Environment.sandbox
        var transactionReason = TransactionReason.purchase, storefront = StorefrontCode("USA"), price = Milliunits.zero
        var currency = CurrencyCode.usd, advancedCommerceInfo: AdvancedCommerceTransactionInfo?
        while let field = try reader.nextField() {
            switch field {
            case 1: transactionId = try reader.string()
            case 2: originalTransactionId = try reader.string()
            case 3: webOrderLineItemId = try reader.string()
            case 4: bundleId = try reader.string()
            case 5: productId = try reader.string()
            case 6: subscriptionGroupIdentifier = try reader.string()
            case 7: purchaseDate = try reader.timestamp()
            case 8: originalPurchaseDate = try reader.timestamp()
            case 9: expiresDate = try reader.timestamp()
            case 10: quantity = try reader.int()
            case 11: type = try reader.string()
            case 12: appAccountToken = try reader.string()
            case 13: inAppOwnershipType = try reader.value()
            case 14: signedDate = try reader.timestamp()
            case 15: revocationReason = try reader.value()
            case 16: revocationDate = try reader.timestamp()
            case 17: revocationType = try reader.value()
            case 18: revocationPercentage = try reader.int()
            case 19: isUpgraded = try reader.bool()
            case 20: offerType = try reader.value()
            case 21: offerIdentifier = try reader.string()
            case 22: offerDiscountType = try reader.value()
            case 23: offerPeriod = try reader.string()
            case 24: environment = try reader.value()
            case 25: transactionReason = try reader.value()
            case 26: storefront = try reader.storefront()
            case 27: price = try reader.milliunits()
            case 28: currency = try reader.currency()
            case 29: advancedCommerceInfo = try reader.record()
            default: try reader.skip()
            }
        }
        self.init(
            transactionId: transactionId, originalTransactionId: originalTransactionId, webOrderLineItemId: webOrderLineItemId,
            bundleId: bundleId, productId: productId, subscriptionGroupIdentifier: subscriptionGroupIdentifier,
            purchaseDate: purchaseDate, originalPurchaseDate: originalPurchaseDate, expiresDate: expiresDate, quantity: quantity,
            type: type, appAccountToken: appAccountToken, inAppOwnershipType: inAppOwnershipType, signedDate: signedDate,
            revocationReason: revocationReason, revocationDate: revocationDate, revocationType: revocationType,
            revocationPercentage: revocationPercentage, isUpgraded: isUpgraded, offerType: offerType,
            offerIdentifier: offerIdentifier, offerDiscountType: offerDiscountType, offerPeriod: offerPeriod,
            environment: environment, transactionReason: transactionReason, storefront: storefront, price: price,
            currency: currency, advancedCommerceInfo: advancedCommerceInfo)
    }
}

extension RenewalInfo: CompactRecord {
    public func write(to writer: inout RecordWriter) {
        writer.write(1, originalTransactionId)
        writer.write(2, productId)
        writer.write(3, autoRenewProductId)
        writer.write(4, autoRenewStatus)
        writer.write(5, expirationIntent)
        writer.write(6, gracePeriodExpiresDate)
        writer.write(7, isInBillingRetryPeriod)
        writer.write(8, priceIncreaseStatus)
        writer.write(9, offerType)
        writer.write(10, offerIdentifier)
        writer.write(11, offerDiscountType)
        writer.write(12, offerPeriod)
        writer.write(13, recentSubscriptionStartDate)
        writer.write(14, renewalDate)
        writer.write(15, renewalPrice)
        writer.write(16, currency)
        writer.write(17, appAccountToken)
        writer.write(18, signedDate)
        writer.write(19, environment)
        writer.write(20, advancedCommerceInfo)
    }

    public init(from reader: inout RecordReader) throws {
        var originalTransactionId = "", productId = "", autoRenewProductId = "", autoRenewStatus = false
        var expirationIntent: ExpirationIntent?, gracePeriodExpiresDate: Timestamp?, isInBillingRetryPeriod = false
        var priceIncreaseStatus: PriceIncreaseStatus?, offerType: OfferType?, offerIdentifier: String?
        var offerDiscountType: OfferDiscountType?, offerPeriod: String?
        var recentSubscriptionStartDate = Timestamp(millisecondsSince1970: 0), renewalDate = recentSubscriptionStartDate
        var renewalPrice = Milliunits.zero, currency = CurrencyCode.usd, appAccountToken = ""
        var signedDate = recentSubscriptionStartDate, environment = Environment.sandbox
        var advancedCommerceInfo: AdvancedCommerceRenewalInfo?
        while let field = try reader.nextField() {
            switch field {
            case 1: originalTransactionId = try reader.string()
            case 2: productId = try reader.string()
            case 3: autoRenewProductId = try reader.string()
            case 4: autoRenewStatus = try reader.bool()
            case 5: expirationIntent = try reader.value()
            case 6: gracePeriodExpiresDate = try reader.timestamp()
            case 7: isInBillingRetryPeriod = try reader.bool()
            case 8: priceIncreaseStatus = try reader.value()
            case 9: offerType = try reader.value()
            case 10: offerIdentifier = try reader.string()
            case 11: offerDiscountType = try reader.value()
            case 12: offerPeriod = try reader.string()
            case 13: recentSubscriptionStartDate = try reader.timestamp()
            case 14: renewalDate = try reader.timestamp()
            case 15: renewalPrice = try reader.milliunits()
            case 16: currency = try reader.currency()
            case 17: appAccountToken = try reader.string()
            case 18: signedDate = try reader.timestamp()
            case 19: environment = try reader.value()
            case 20: advancedCommerceInfo = try reader.record()
            default: try reader.skip()
            }
        }
        self.init(
            originalTransactionId: originalTransactionId, productId: productId, autoRenewProductId: autoRenewProductId,
            autoRenewStatus: autoRenewStatus, expirationIntent: expirationIntent, gracePeriodExpiresDate: gracePeriodExpiresDate,
            isInBillingRetryPeriod: isInBillingRetryPeriod, priceIncreaseStatus: priceIncreaseStatus, offerType: offerType,
            offerIdentifier: offerIdentifier, offerDiscountType: offerDiscountType, offerPeriod: offerPeriod,
            recentSubscriptionStartDate: recentSubscriptionStartDate, renewalDate: renewalDate, renewalPrice: renewalPrice,
            currency: currency, appAccountToken: appAccountToken, signedDate: signedDate, environment: environment,
            advancedCommerceInfo: advancedCommerceInfo)
    }
}

extension AdvancedCommerceTransactionInfo: CompactRecord {
    public func write(to writer: inout RecordWriter) {
        writer.write(1, descriptors)
        writer.write(2, items)
        writer.write(3, period)
        writer.write(4, requestReferenceId)
        writer.write(5, taxCode)
    }

    public init(from reader: inout RecordReader) throws {
        var descriptors: SubscriptionDescriptors?, items: [AdvancedCommerceItemInfo] = []
        var period = "", requestReferenceId = "", taxCode = ""
        while let field = try reader.nextField() {
            switch field {
            case 1: descriptors = try reader.record()
            case 2: items.append(try reader.record())
            case 3: period = try reader.string()
            case 4: requestReferenceId = try reader.string()
            case 5: taxCode = try reader.string()
            default: try reader.skip()
            }
        }
        self.init(descriptors: descriptors, items: items, period: period, requestReferenceId: requestReferenceId, taxCode: taxCode)
    }
}

extension AdvancedCommerceRenewalInfo: CompactRecord {
    public func write(to writer: inout RecordWriter) {
        writer.write(1, consistencyToken)
        writer.write(2, descriptors)
        writer.write(3, items)
        writer.write(4, period)
        writer.write(5, requestReferenceId)
        writer.write(6, taxCode)
    }

    public init(from reader: inout RecordReader) throws {
        var consistencyToken = "", descriptors: SubscriptionDescriptors?, items: [AdvancedCommerceItemInfo] = []
        var period = "", requestReferenceId = "", taxCode = ""
        while let field = try reader.nextField() {
            switch field {
            case 1: consistencyToken = try reader.string()
            case 2: descriptors = try reader.record()
            case 3: items.append(try reader.record())
            case 4: period = try reader.string()
            case 5: requestReferenceId = try reader.string()
            case 6: taxCode = try reader.string()
            default: try reader.skip()
            }
        }
        self.init(
            consistencyToken: consistencyToken, descriptors: descriptors, items: items, period: period,
            requestReferenceId: requestReferenceId, taxCode: taxCode)
    }
}

extension AdvancedCommerceItemInfo: CompactRecord {
    public func write(to writer: inout RecordWriter) {
        writer.write(1, sku)
        writer.write(2, displayName)
        writer.write(3, description)
        writer.write(4, price)
        writer.write(5, offerPeriod)
        writer.write(6, offerPeriodCount)
        writer.write(7, offerPrice)
        writer.write(8, priceIncreaseInfo)
        writer.write(9, revocationDate)
    }

    public init(from reader: inout RecordReader) throws {
        var sku = "", displayName = "", description = "", price = Milliunits.zero, offerPeriod: String?
        var offerPeriodCount: Int?, offerPrice: Milliunits?, priceIncreaseInfo: PriceIncreaseInfo?, revocationDate: Timestamp?
        while let field = try reader.nextField() {
            switch field {
            case 1: sku = try reader.string()
            case 2: displayName = try reader.string()
            case 3: description = try reader.string()
            case 4: price = try reader.milliunits()
            case 5: offerPeriod = try reader.string()
            case 6: offerPeriodCount = try reader.int()
            case 7: offerPrice = try reader.milliunits()
            case 8: priceIncreaseInfo = try reader.record()
            case 9: revocationDate = try reader.timestamp()
            default: try reader.skip()
            }
        }
        self.init(
            sku: sku, displayName: displayName, description: description, price: price, offerPeriod: offerPeriod,
            offerPeriodCount: offerPeriodCount, offerPrice: offerPrice, priceIncreaseInfo: priceIncreaseInfo,
            revocationDate: revocationDate)
    }
}

extension PriceIncreaseInfo: CompactRecord {
    public func write(to writer: inout RecordWriter) {
        writer.write(1, status)
        writer.write(2, price)
        writer.write(3, dependentSKUs)
    }

    public init(from reader: inout RecordReader) throws {
        var status: PriceIncreaseInfoStatus?, price = Milliunits.zero, dependentSKUs: [String] = []
        while let field = try reader.nextField() {
            switch field {
            case 1: status = try reader.value()
            case 2: price = try reader.milliunits()
            case 3: dependentSKUs.append(try reader.string())
            default: try reader.skip()
            }
        }
        self.init(status: status, price: price, dependentSKUs: dependentSKUs)
    }
}
