import AppleErrorCatalog
import InputRules
import SubscriptionEngine
import SubscriptionMessages
import SwiftProtobuf

/// The consumer's check of a command that arrived on the bus, before anything is applied: the
/// bus is an entry like HTTP. The text fields Apple bounds (SKUs, names, descriptions,
/// identifiers) and prices are checked by the same rules as the HTTP request models
/// (`InputRules`, one copy), with the same error codes; then every field of the command, named
/// or not, is checked by ``BusInputVisitor`` (lengths, counts, instants, enum values). A
/// refusal is answered like any other (`INVALID_ARGUMENT` or `OUT_OF_RANGE` naming the field)
/// and nothing is stored. Ranges the engine itself refuses (offer counts, extension days) are
/// left to it: it answers them with the same codes on both entries.
public enum BusCommandValidator {
    /// Why `envelope` may not be applied, or nil.
    public static func problem(in envelope: Subscriptions_V1_CommandEnvelope) -> EngineRejection? {
        var check = BusFieldCheck()
        if envelope.hasIssuedAt { check.instant(envelope.issuedAt, "issued_at") }
        if envelope.hasDeadline { check.instant(envelope.deadline, "deadline") }
        if envelope.hasPreviewUntil { check.instant(envelope.previewUntil, "preview_until") }
        check.text(envelope.testClockID, "test_clock_id", InputRules.identifier)
        if let command = envelope.command { check.named(command) }
        if let problem = check.problem { return problem }
        return BusInputVisitor.problem(in: envelope)
    }
}

/// The named checks, first problem kept; field names are evaluated only for a problem.
struct BusFieldCheck {
    private(set) var problem: EngineRejection?

    mutating func text(_ value: String, _ field: @autoclosure () -> String, _ rule: TextRule) {
        guard problem == nil, !value.isEmpty, let (message, error) = rule.problem(with: value) else { return }
        let name = field()
        let tooLong = value.count > rule.maximumLength
        problem = EngineRejection(tooLong ? .outOfRange : .invalidArgument, error: error, field: name, "\(name) \(message)")
    }

    mutating func texts(_ values: [String], _ field: String, _ rule: TextRule) {
        for (index, value) in values.enumerated() { text(value, "\(field)[\(index)]", rule) }
    }

    mutating func price(_ value: Int64, _ field: @autoclosure () -> String) {
        guard problem == nil, let message = InputRules.priceBound(value) else { return }
        let name = field()
        problem = EngineRejection(.outOfRange, error: .valueOutOfRange, field: name, "\(name) \(message)")
    }

    mutating func instant(_ value: Google_Protobuf_Timestamp, _ field: String) {
        guard problem == nil else { return }
        let seconds = value.seconds
        guard seconds < InputRules.earliestMilliseconds / 1000 || seconds > InputRules.latestMilliseconds / 1000
            || !(0..<1_000_000_000).contains(value.nanos)
        else { return }
        problem = EngineRejection(
            .outOfRange, error: .valueOutOfRange, field: field,
            "\(field) must lie within 0001-01-01T00:00:00Z…9999-12-31T23:59:59.999Z, got \(seconds) s \(value.nanos) ns")
    }

    private mutating func requestInfo(_ info: Subscriptions_V1_RequestInfo, present: Bool) {
        guard present else { return }
        text(info.requestReferenceID, "requestInfo.requestReferenceId", InputRules.identifier)
        text(info.appAccountToken, "requestInfo.appAccountToken", InputRules.identifier)
        text(info.consistencyToken, "requestInfo.consistencyToken", InputRules.identifier)
    }

    private mutating func item(
        _ field: @autoclosure () -> String, sku: String, displayName: String, description: String, price: Int64? = nil
    ) {
        text(sku, "\(field()).SKU", InputRules.sku)
        text(displayName, "\(field()).displayName", InputRules.displayName)
        text(description, "\(field()).description", InputRules.description)
        if let price { self.price(price, "\(field()).price") }
    }

    private mutating func offer(_ offer: Subscriptions_V1_Offer, present: Bool, _ field: @autoclosure () -> String) {
        guard present else { return }
        price(offer.price, "\(field()).offer.price")
    }

    /// The fields every command names by Apple's rules.
    mutating func named(_ command: Subscriptions_V1_CommandEnvelope.OneOf_Command) {
        switch command {
        case .purchase(let request):
            text(request.customerID, "customerId", InputRules.identifier)
            text(request.productID, "productId", InputRules.sku)
            text(request.appAccountToken, "appAccountToken", InputRules.identifier)
            text(request.offer.offerIdentifier, "offer.offerIdentifier", InputRules.identifier)
        case .switchProduct(let request):
            text(request.originalTransactionID, "originalTransactionId", InputRules.identifier)
            text(request.productID, "productId", InputRules.sku)
            text(request.appAccountToken, "appAccountToken", InputRules.identifier)
            text(request.offer.offerIdentifier, "offer.offerIdentifier", InputRules.identifier)
        case .createSubscription(let request):
            text(request.customerID, "customerId", InputRules.identifier)
            requestInfo(request.requestInfo, present: request.hasRequestInfo)
            text(request.descriptors.displayName, "descriptors.displayName", InputRules.displayName)
            text(request.descriptors.description_p, "descriptors.description", InputRules.description)
            for (index, element) in request.items.enumerated() {
                item("items[\(index)]", sku: element.sku, displayName: element.displayName, description: element.description_p, price: element.price)
                offer(element.offer, present: element.hasOffer, "items[\(index)]")
            }
            text(request.previousTransactionID, "previousTransactionId", InputRules.identifier)
        case .modifySubscription(let request):
            text(request.transactionID, "transactionId", InputRules.identifier)
            requestInfo(request.requestInfo, present: request.hasRequestInfo)
            for (index, element) in request.addItems.items.enumerated() {
                item("addItems[\(index)]", sku: element.sku, displayName: element.displayName, description: element.description_p, price: element.price)
                offer(element.offer, present: element.hasOffer, "addItems[\(index)]")
                if element.hasProratedPrice { price(element.proratedPrice.value, "addItems[\(index)].proratedPrice") }
            }
            for (index, element) in request.changeItems.items.enumerated() {
                text(element.currentSku, "changeItems[\(index)].currentSKU", InputRules.sku)
                item("changeItems[\(index)]", sku: element.sku, displayName: element.displayName, description: element.description_p, price: element.price)
                offer(element.offer, present: element.hasOffer, "changeItems[\(index)]")
                if element.hasProratedPrice { price(element.proratedPrice.value, "changeItems[\(index)].proratedPrice") }
            }
            for (index, element) in request.removeItems.items.enumerated() {
                text(element.sku, "removeItems[\(index)].SKU", InputRules.sku)
            }
            text(request.descriptors.displayName, "descriptors.displayName", InputRules.displayName)
            text(request.descriptors.description_p, "descriptors.description", InputRules.description)
        case .reactivateSubscription(let request):
            text(request.transactionID, "transactionId", InputRules.identifier)
            requestInfo(request.requestInfo, present: request.hasRequestInfo)
            for (index, element) in request.items.enumerated() { text(element.sku, "items[\(index)].SKU", InputRules.sku) }
        case .changePrice(let request):
            text(request.transactionID, "transactionId", InputRules.identifier)
            requestInfo(request.requestInfo, present: request.hasRequestInfo)
            for (index, element) in request.items.enumerated() {
                text(element.sku, "items[\(index)].SKU", InputRules.sku)
                price(element.price, "items[\(index)].price")
                texts(element.dependentSkus, "items[\(index)].dependentSKUs", InputRules.sku)
            }
        case .respondToPriceIncrease(let request):
            text(request.originalTransactionID, "originalTransactionId", InputRules.identifier)
            texts(request.priceChangeIds, "priceChangeIds", InputRules.identifier)
        case .setAutoRenew(let request):
            text(request.originalTransactionID, "originalTransactionId", InputRules.identifier)
        case .reportBillingOutcome(let request):
            text(request.originalTransactionID, "originalTransactionId", InputRules.identifier)
        case .extendRenewalDate(let request):
            text(request.originalTransactionID, "originalTransactionId", InputRules.identifier)
            text(request.requestIdentifier, "requestIdentifier", InputRules.identifier)
        case .massExtendRenewalDate(let request):
            text(request.productID, "productId", InputRules.sku)
            text(request.requestIdentifier, "requestIdentifier", InputRules.identifier)
            texts(request.storefrontCountryCodes, "storefrontCountryCodes", InputRules.identifier)
        case .getMassExtensionStatus(let request):
            text(request.productID, "productId", InputRules.sku)
            text(request.requestIdentifier, "requestIdentifier", InputRules.identifier)
        case .getAllSubscriptionStatuses(let request):
            text(request.transactionID, "transactionId", InputRules.identifier)
        case .cancelSubscription(let request):
            text(request.transactionID, "transactionId", InputRules.identifier)
            requestInfo(request.requestInfo, present: request.hasRequestInfo)
        case .revokeSubscription(let request):
            text(request.transactionID, "transactionId", InputRules.identifier)
            requestInfo(request.requestInfo, present: request.hasRequestInfo)
        case .requestRefund(let request):
            text(request.transactionID, "transactionId", InputRules.identifier)
            requestInfo(request.requestInfo, present: request.hasRequestInfo)
            for (index, element) in request.items.enumerated() {
                text(element.sku, "items[\(index)].SKU", InputRules.sku)
                if element.hasRefundAmount { price(element.refundAmount.value, "items[\(index)].refundAmount") }
            }
        case .changeMetadata(let request):
            text(request.transactionID, "transactionId", InputRules.identifier)
            requestInfo(request.requestInfo, present: request.hasRequestInfo)
            text(request.descriptors.displayName, "descriptors.displayName", InputRules.displayName)
            text(request.descriptors.description_p, "descriptors.description", InputRules.description)
            for (index, element) in request.items.enumerated() {
                text(element.currentSku, "items[\(index)].currentSKU", InputRules.sku)
                item("items[\(index)]", sku: element.sku, displayName: element.displayName, description: element.description_p)
            }
        case .migrateSubscription(let request):
            text(request.transactionID, "transactionId", InputRules.identifier)
            requestInfo(request.requestInfo, present: request.hasRequestInfo)
            text(request.descriptors.displayName, "descriptors.displayName", InputRules.displayName)
            text(request.descriptors.description_p, "descriptors.description", InputRules.description)
            text(request.targetProductID, "targetProductId", InputRules.sku)
            for (index, element) in request.items.enumerated() {
                item("items[\(index)]", sku: element.sku, displayName: element.displayName, description: element.description_p)
            }
            for (index, element) in request.renewalItems.enumerated() {
                item("renewalItems[\(index)]", sku: element.sku, displayName: element.displayName, description: element.description_p)
            }
        case .getTransactionInfo(let request):
            text(request.transactionID, "transactionId", InputRules.identifier)
        case .getTransactionHistory(let request):
            text(request.transactionID, "transactionId", InputRules.identifier)
            texts(request.productIds, "productId", InputRules.sku)
        case .getRefundHistory(let request):
            text(request.transactionID, "transactionId", InputRules.identifier)
        case .getSubscriptionHistory(let request):
            text(request.transactionID, "transactionId", InputRules.identifier)
            text(request.customerID, "customerId", InputRules.identifier)
        case .requestCustomerRefund(let request):
            text(request.transactionID, "transactionId", InputRules.identifier)
        case .sendConsumptionInformation(let request):
            text(request.transactionID, "transactionId", InputRules.identifier)
        case .decideRefund(let request):
            text(request.transactionID, "transactionId", InputRules.identifier)
        case .setAppAccountToken(let request):
            text(request.originalTransactionID, "originalTransactionId", InputRules.identifier)
            text(request.appAccountToken, "appAccountToken", InputRules.identifier)
        case .lookUpOrderID(let request):
            text(request.orderID, "orderId", InputRules.identifier)
        case .getAppTransactionInfo(let request):
            text(request.transactionID, "transactionId", InputRules.identifier)
        case .finishTransaction(let request):
            text(request.transactionID, "transactionId", InputRules.identifier)
        case .getRetentionOffer(let request):
            text(request.transactionID, "transactionId", InputRules.identifier)
        case .recordRetentionResponse(let request):
            text(request.originalTransactionID, "originalTransactionId", InputRules.identifier)
            text(request.requestIdentifier, "requestIdentifier", InputRules.identifier)
            text(request.productID, "productId", InputRules.sku)
        case .answerRetentionMessage(let request):
            text(request.originalTransactionID, "originalTransactionId", InputRules.identifier)
            text(request.requestIdentifier, "requestIdentifier", InputRules.identifier)
        case .advanceTestClock, .reloadCatalog, .manageRetentionMessaging, .getNotificationHistory, .requestTestNotification,
            .getTestNotificationStatus, .createTestClock, .getTestClock, .listTestClocks, .deleteTestClock,
            .priceChangeWhatIf:
            // No field with an Apple text rule: the generic check (``BusInputVisitor``) covers them.
            break
        }
    }
}
