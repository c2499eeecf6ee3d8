import Foundation
import StableIdentifiers
import SubscriptionAPI
import SubscriptionMessages
import SubscriptionTrust

/// The 200 body of each operation: Apple's response JSON where Apple has the endpoint (exactly
/// Apple's shape), our small JSON objects otherwise (docs/producer.md lists them).
enum ResultBody {
    static func httpReply(_ result: Subscriptions_V1_CommandReply.OneOf_Result, signer: any PayloadSigner) -> HTTPReply {
        func ok(_ value: some Encodable) -> HTTPReply { HTTPReply(status: 200, json: value, signer: signer) }
        return switch result {
        case .purchase(let reply): ok(ServiceResponse(reply.subscription))
        case .switchProduct(let reply):
            ok(ServiceResponse(
                reply.subscription, effectiveImmediately: reply.effectiveImmediately,
                proratedRefund: reply.proratedRefund))
        case .createSubscription(let reply): ok(AdvancedCommerceResponse(reply.subscription))
        case .modifySubscription(let reply): ok(AdvancedCommerceResponse(reply.subscription))
        case .reactivateSubscription(let reply): ok(AdvancedCommerceResponse(reply.subscription))
        case .changePrice(let reply): ok(AdvancedCommerceResponse(reply.subscription))
        case .respondToPriceIncrease(let reply):
            ok(ServiceResponse(renewalInfo: reply.renewalInfo, subscription: reply.subscription))
        case .setAutoRenew(let reply):
            ok(ServiceResponse(
                renewalInfo: reply.renewalInfo, subscription: reply.subscription,
                retention: reply.hasRetention ? RetentionOfferView(reply.retention) : nil))
        case .reportBillingOutcome(let reply):
            ok(ServiceResponse(reply.subscription, status: reply.status))
        case .extendRenewalDate(let reply):
            ok(ExtendRenewalDateResponse(
                originalTransactionId: reply.originalTransactionID, webOrderLineItemId: reply.webOrderLineItemID,
                success: reply.success, effectiveDate: reply.hasEffectiveDate ? reply.effectiveDate.milliseconds : nil))
        case .massExtendRenewalDate(let reply):
            ok(MassExtendRenewalDateResponse(requestIdentifier: reply.requestIdentifier))
        case .getMassExtensionStatus(let reply):
            ok(MassExtendRenewalDateStatusResponse(
                requestIdentifier: reply.requestIdentifier, complete: reply.complete,
                completeDate: reply.hasCompleteDate ? reply.completeDate.milliseconds : nil,
                succeededCount: reply.succeededCount, failedCount: reply.failedCount))
        case .getAllSubscriptionStatuses(let reply): ok(StatusResponse(reply))
        case .cancelSubscription(let reply): ok(AdvancedCommerceResponse(reply.subscription))
        case .revokeSubscription(let reply): ok(AdvancedCommerceResponse(reply.subscription))
        case .requestRefund(let reply): ok(AdvancedCommerceResponse(reply.subscription))
        case .changeMetadata(let reply): ok(AdvancedCommerceResponse(reply.subscription))
        case .migrateSubscription(let reply): ok(AdvancedCommerceResponse(reply.subscription))
        case .advanceTestClock(let reply):
            ok(ClockAdvanceResponse(
                previousNow: reply.clock.previousNow.milliseconds, now: reply.clock.now.milliseconds,
                transitionsFired: reply.clock.transitionsFired, eventsPublished: reply.clock.eventsPublished))
        case .createTestClock(let reply): ok(TestClockResponse(reply.clock))
        case .getTestClock(let reply): ok(TestClockResponse(reply.clock))
        case .listTestClocks(let reply): ok(TestClockListResponse(testClocks: reply.clocks.map(TestClockResponse.init)))
        case .deleteTestClock(let reply):
            ok(TestClockDeletionResponse(id: reply.clock.id, deleted: true, subscriptionsDeleted: reply.subscriptionsDeleted))
        case .reloadCatalog(let reply):
            ok(CatalogReloadResponse(
                catalogVersion: reply.catalogVersion, productCount: reply.productCount,
                storefrontCount: reply.storefrontCount))
        case .getSubscriptionHistory(let reply): ok(SubscriptionHistoryResponse(reply))
        case .requestCustomerRefund(let reply): ok(ServiceResponse(reply.subscription))
        case .decideRefund(let reply): ok(ServiceResponse(reply.subscription))
        case .sendConsumptionInformation: HTTPReply(emptyWithStatus: 202)
        case .setAppAccountToken: HTTPReply(emptyWithStatus: 200)
        case .lookUpOrderID(let reply):
            ok(OrderLookupResponse(
                status: reply.status == .valid ? 0 : 1,
                signedTransactions: reply.transactions.map { SignedPayload(JWSTransactionDecodedPayload($0)) }))
        case .priceChangeWhatIf:
            // Bus only: no route publishes it, so no HTTP answer is ever built from it.
            HTTPReply(status: 500, errorCode: 5_000_000, message: "PriceChangeWhatIf has no HTTP answer")
        case .getAppTransactionInfo, .finishTransaction, .manageRetentionMessaging, .recordRetentionResponse,
            .answerRetentionMessage, .getRetentionOffer:
            retentionReply(result, signer: signer)
        case .getTransactionInfo, .getTransactionHistory, .getRefundHistory, .getNotificationHistory,
            .requestTestNotification, .getTestNotificationStatus:
            historyBody(result).map { ok($0) } ?? HTTPReply(status: 500, errorCode: 5_000_000, message: "no body for \(result)")
        }
    }
}

extension AdvancedCommerceResponse {
    init(_ subscription: Subscriptions_V1_SubscriptionInfo) {
        self.init(
            signedTransactionInfo: SignedPayload(JWSTransactionDecodedPayload(subscription.transactionInfo)),
            signedRenewalInfo: SignedPayload(JWSRenewalInfoDecodedPayload(subscription.renewalInfo)))
    }
}

extension StatusResponse {
    init(_ reply: Subscriptions_V1_GetAllSubscriptionStatusesReply) {
        self.init(
            environment: reply.environment.appleValue ?? "Production", bundleId: reply.bundleID,
            appAppleId: reply.appAppleID == 0 ? nil : reply.appAppleID,
            data: reply.data.map { group in
                SubscriptionGroupIdentifierItem(
                    subscriptionGroupIdentifier: group.subscriptionGroupIdentifier,
                    lastTransactions: group.lastTransactions.compactMap { item in
                        guard let status = SubscriptionAPI.SubscriptionStatus(rawValue: Int32(item.status.rawValue)) else {
                            return nil
                        }
                        return LastTransactionsItem(
                            status: status, originalTransactionId: item.originalTransactionID,
                            signedTransactionInfo: SignedPayload(JWSTransactionDecodedPayload(item.transactionInfo)),
                            signedRenewalInfo: SignedPayload(JWSRenewalInfoDecodedPayload(item.renewalInfo)))
                    })
            })
    }
}

/// The 200 body of our own routes (purchase, switch, consent, auto-renew, payment outcome):
/// the ids a caller needs next and Apple's status as plain JSON fields, beside Apple's signed
/// infos, so nobody has to decode a JWS to go on. Absent values are omitted.
struct ServiceResponse: Encodable {
    /// The subscription's `originalTransactionId`.
    var originalTransactionId: String?
    /// Its latest transaction's `transactionId`.
    var transactionId: String?
    /// Apple's status: 1 active, 2 expired, 3 billing retry, 4 billing grace period, 5 revoked.
    var status: Int32?
    var signedTransactionInfo: SignedPayload<JWSTransactionDecodedPayload>?
    var signedRenewalInfo: SignedPayload<JWSRenewalInfoDecodedPayload>
    /// Switch only: whether the switch applied now.
    var effectiveImmediately: Bool?
    /// Switch only: the prorated refund of the old product, in milliunits.
    var proratedRefund: Int64?
    /// The order id of the latest transaction, for Look Up Order ID (what Apple prints on the
    /// customer's receipt; docs/refunds.md).
    var orderId: String?
    /// Auto-renew off with retention messaging on: the retention offer opened instead
    /// (docs/retention-messaging.md).
    var retention: RetentionOfferView?

    /// Both signed infos of `subscription`, its ids and status (`status` overrides the
    /// subscription's own, as the payment outcome's reply carries it separately).
    init(
        _ subscription: Subscriptions_V1_SubscriptionInfo, status: Subscriptions_V1_SubscriptionStatus? = nil,
        effectiveImmediately: Bool? = nil, proratedRefund: Int64? = nil
    ) {
        self.init(renewalInfo: subscription.renewalInfo, subscription: subscription, status: status)
        signedTransactionInfo = SignedPayload(JWSTransactionDecodedPayload(subscription.transactionInfo))
        self.effectiveImmediately = effectiveImmediately
        self.proratedRefund = proratedRefund
    }

    /// The signed renewal info, with the ids and status of `subscription`.
    init(
        renewalInfo: Subscriptions_V1_RenewalInfo, subscription: Subscriptions_V1_SubscriptionInfo,
        status: Subscriptions_V1_SubscriptionStatus? = nil, retention: RetentionOfferView? = nil
    ) {
        self.retention = retention
        originalTransactionId = subscription.transactionInfo.originalTransactionID.nonEmpty
            ?? renewalInfo.originalTransactionID.nonEmpty
        transactionId = subscription.transactionInfo.transactionID.nonEmpty
        orderId = transactionId.map { OrderID.make(transactionId: $0) }
        let apple = (status ?? subscription.status).rawValue
        self.status = apple == 0 ? nil : Int32(apple)
        signedRenewalInfo = SignedPayload(JWSRenewalInfoDecodedPayload(renewalInfo))
    }

    enum CodingKeys: String, CodingKey {
        case originalTransactionId, transactionId, status, signedTransactionInfo, signedRenewalInfo
        case effectiveImmediately, proratedRefund, orderId, retention
    }
}

extension ServiceResponse: AppleJSONWritable {
    /// The keys in sorted order, as `JSONEncoder.appleJSON` writes them.
    func write(to writer: inout AppleJSONWriter, signer: (any PayloadSigner)?) throws {
        writer.beginObject()
        writer.field("effectiveImmediately", effectiveImmediately)
        writer.field("orderId", orderId)
        writer.field("originalTransactionId", originalTransactionId)
        writer.field("proratedRefund", proratedRefund)
        if let retention {
            // Only with auto-renew turned off under retention messaging: JSONEncoder's bytes.
            writer.key("retention")
            writer.rawJSON(try JSONEncoder.appleJSON(signer: signer).encode(retention))
        }
        writer.key("signedRenewalInfo")
        try signedRenewalInfo.write(to: &writer, signer: signer)
        if let signedTransactionInfo {
            writer.key("signedTransactionInfo")
            try signedTransactionInfo.write(to: &writer, signer: signer)
        }
        writer.field("status", status)
        writer.field("transactionId", transactionId)
        writer.endObject()
    }
}

/// Our answer to a test-clock advance; instants in milliseconds since 1970.
struct ClockAdvanceResponse: Encodable {
    var previousNow: Int64
    var now: Int64
    var transitionsFired: Int64
    var eventsPublished: Int64
}

/// A test clock (docs/test-clocks.md); instants in milliseconds since 1970. `status` is always
/// `ready`: an advance completes before it is answered.
struct TestClockResponse: Encodable {
    var id: String
    var name: String
    var now: Int64
    var frozenTimeAtCreation: Int64
    var subscriptionCount: Int64
    var status = "ready"

    init(_ clock: Subscriptions_V1_TestClock) {
        id = clock.id
        name = clock.name
        now = clock.now.milliseconds
        frozenTimeAtCreation = clock.frozenTimeAtCreation.milliseconds
        subscriptionCount = clock.subscriptionCount
    }
}

/// Every test clock.
struct TestClockListResponse: Encodable {
    var testClocks: [TestClockResponse]
}

/// A deleted test clock.
struct TestClockDeletionResponse: Encodable {
    var id: String
    var deleted: Bool
    var subscriptionsDeleted: Int64
}

/// Our answer to a catalog reload.
struct CatalogReloadResponse: Encodable {
    var catalogVersion: String
    var productCount: Int32
    var storefrontCount: Int32
}
