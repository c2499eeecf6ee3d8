/// A value ``AppleJSONWriter`` writes exactly as `JSONEncoder.appleJSON(signer:)` encodes it:
/// the answers every command request builds take this path instead of `JSONEncoder`.
public protocol AppleJSONWritable {
    /// Appends the value's JSON; ``SignedPayload`` fields inside are signed by `signer`
    /// (without one, writing a signed field fails).
    func write(to writer: inout AppleJSONWriter, signer: (any PayloadSigner)?) throws
}

extension AppleJSONWritable {
    /// The value's JSON bytes.
    public func appleJSONBytes(signer: (any PayloadSigner)? = nil, capacity: Int = 512) throws -> [UInt8] {
        var writer = AppleJSONWriter(capacity: capacity)
        try write(to: &writer, signer: signer)
        return writer.bytes
    }
}

extension SignedPayload: AppleJSONWritable where Payload: AppleJSONWritable {
    /// The compact JWS as a JSON string: the payload's JSON signed by `signer`. Without a signer
    /// it fails, as ``SignedPayload``'s `Encodable` conformance does: a signed field is never
    /// written unsigned (tests sign with `UnsignedTestSigner`).
    public func write(to writer: inout AppleJSONWriter, signer: (any PayloadSigner)?) throws {
        guard let signer else {
            throw EncodingError.invalidValue(
                self, EncodingError.Context(codingPath: [], debugDescription: "no PayloadSigner: a signed field is never written unsigned"))
        }
        let payloadJSON = try payload.appleJSONBytes(signer: signer)
        writer.rawString(try signer.compactJWSBytes(signing: payloadJSON))
    }
}

extension JWSTransactionDecodedPayload: AppleJSONWritable {
    public func write(to writer: inout AppleJSONWriter, signer: (any PayloadSigner)?) {
        writer.beginObject()
        writer.field("appAccountToken", appAccountToken)
        writer.field("appTransactionId", appTransactionId)
        writer.field("bundleId", bundleId)
        writer.field("currency", currency)
        writer.field("environment", environment)
        writer.field("expiresDate", expiresDate)
        writer.field("inAppOwnershipType", inAppOwnershipType)
        writer.field("isUpgraded", isUpgraded)
        writer.field("offerDiscountType", offerDiscountType)
        writer.field("offerIdentifier", offerIdentifier)
        writer.field("offerPeriod", offerPeriod)
        writer.field("offerType", offerType)
        writer.field("originalPurchaseDate", originalPurchaseDate)
        writer.field("originalTransactionId", originalTransactionId)
        writer.field("previousOriginalTransactionId", previousOriginalTransactionId)
        writer.field("price", price)
        writer.field("productId", productId)
        writer.field("purchaseDate", purchaseDate)
        writer.field("quantity", quantity)
        writer.field("revocationDate", revocationDate)
        writer.field("revocationPercentage", revocationPercentage)
        writer.field("revocationReason", revocationReason)
        writer.field("revocationType", revocationType)
        writer.field("signedDate", signedDate)
        writer.field("storefront", storefront)
        writer.field("storefrontId", storefrontId)
        writer.field("subscriptionGroupIdentifier", subscriptionGroupIdentifier)
        writer.field("transactionId", transactionId)
        writer.field("transactionReason", transactionReason)
        writer.field("type", type)
        writer.field("webOrderLineItemId", webOrderLineItemId)
        writer.endObject()
    }
}

extension JWSRenewalInfoDecodedPayload: AppleJSONWritable {
    public func write(to writer: inout AppleJSONWriter, signer: (any PayloadSigner)?) {
        writer.beginObject()
        writer.field("appAccountToken", appAccountToken)
        writer.field("appTransactionId", appTransactionId)
        writer.field("autoRenewProductId", autoRenewProductId)
        writer.field("autoRenewStatus", autoRenewStatus)
        writer.field("currency", currency)
        writer.field("eligibleWinBackOfferIds", eligibleWinBackOfferIds)
        writer.field("environment", environment)
        writer.field("expirationIntent", expirationIntent)
        writer.field("gracePeriodExpiresDate", gracePeriodExpiresDate)
        writer.field("isInBillingRetryPeriod", isInBillingRetryPeriod)
        writer.field("offerDiscountType", offerDiscountType)
        writer.field("offerIdentifier", offerIdentifier)
        writer.field("offerPeriod", offerPeriod)
        writer.field("offerType", offerType)
        writer.field("originalTransactionId", originalTransactionId)
        writer.field("priceIncreaseStatus", priceIncreaseStatus)
        writer.field("productId", productId)
        writer.field("recentSubscriptionStartDate", recentSubscriptionStartDate)
        writer.field("renewalDate", renewalDate)
        writer.field("renewalPrice", renewalPrice)
        writer.field("signedDate", signedDate)
        writer.endObject()
    }
}

extension AdvancedCommerceResponse: AppleJSONWritable {
    public func write(to writer: inout AppleJSONWriter, signer: (any PayloadSigner)?) throws {
        writer.beginObject()
        writer.key("signedRenewalInfo")
        try signedRenewalInfo.write(to: &writer, signer: signer)
        writer.key("signedTransactionInfo")
        try signedTransactionInfo.write(to: &writer, signer: signer)
        writer.endObject()
    }
}

extension StatusResponse: AppleJSONWritable {
    public func write(to writer: inout AppleJSONWriter, signer: (any PayloadSigner)?) throws {
        writer.beginObject()
        writer.field("appAppleId", appAppleId)
        writer.key("bundleId")
        writer.string(bundleId)
        writer.key("data")
        writer.beginArray()
        for group in data {
            writer.beginObject()
            writer.key("lastTransactions")
            writer.beginArray()
            for item in group.lastTransactions {
                writer.beginObject()
                writer.key("originalTransactionId")
                writer.string(item.originalTransactionId)
                writer.key("signedRenewalInfo")
                try item.signedRenewalInfo.write(to: &writer, signer: signer)
                writer.key("signedTransactionInfo")
                try item.signedTransactionInfo.write(to: &writer, signer: signer)
                writer.key("status")
                writer.integer(item.status.rawValue)
                writer.endObject()
            }
            writer.endArray()
            writer.key("subscriptionGroupIdentifier")
            writer.string(group.subscriptionGroupIdentifier)
            writer.endObject()
        }
        writer.endArray()
        writer.key("environment")
        writer.string(environment)
        writer.endObject()
    }
}

extension ExtendRenewalDateResponse: AppleJSONWritable {
    public func write(to writer: inout AppleJSONWriter, signer: (any PayloadSigner)?) {
        writer.beginObject()
        writer.field("effectiveDate", effectiveDate)
        writer.key("originalTransactionId")
        writer.string(originalTransactionId)
        writer.key("success")
        writer.bool(success)
        writer.key("webOrderLineItemId")
        writer.string(webOrderLineItemId)
        writer.endObject()
    }
}

extension ErrorPayload: AppleJSONWritable {
    public func write(to writer: inout AppleJSONWriter, signer: (any PayloadSigner)?) {
        writer.beginObject()
        writer.key("errorCode")
        writer.integer(errorCode)
        writer.key("errorMessage")
        writer.string(errorMessage)
        writer.endObject()
    }
}
