import SubscriptionAPI
import SubscriptionMessages
import SubscriptionTrust

/// The 200 body of each operation: Apple's response JSON where Apple has the endpoint, our
/// small JSON objects otherwise (docs/producer.md lists them).
enum ResultBody {
    static func httpReply(_ result: Subscriptions_V1_CommandReply.OneOf_Result, signer: (any PayloadSigner)? = nil) -> HTTPReply {
        func ok(_ value: some Encodable) -> HTTPReply { HTTPReply(status: 200, json: value, signer: signer) }
        return switch result {
        case .purchase(let reply): ok(AdvancedCommerceResponse(reply.subscription))
        case .switchProduct(let reply):
            ok(SwitchProductResponse(
                subscription: AdvancedCommerceResponse(reply.subscription),
                effectiveImmediately: reply.effectiveImmediately, proratedRefund: reply.proratedRefund))
        case .createSubscription(let reply): ok(AdvancedCommerceResponse(reply.subscription))
        case .modifySubscription(let reply): ok(AdvancedCommerceResponse(reply.subscription))
        case .reactivateSubscription(let reply): ok(AdvancedCommerceResponse(reply.subscription))
        case .changePrice(let reply): ok(AdvancedCommerceResponse(reply.subscription))
        case .respondToPriceIncrease(let reply): ok(RenewalInfoResponse(reply.renewalInfo))
        case .setAutoRenew(let reply): ok(RenewalInfoResponse(reply.renewalInfo))
        case .reportBillingOutcome(let reply):
            ok(BillingOutcomeResponse(
                status: reply.status.rawValue == 0 ? nil : Int32(reply.status.rawValue),
                subscription: AdvancedCommerceResponse(reply.subscription)))
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
        case .reloadCatalog(let reply):
            ok(CatalogReloadResponse(
                catalogVersion: reply.catalogVersion, productCount: reply.productCount,
                storefrontCount: reply.storefrontCount))
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

/// Our answer to a product switch: Apple's pair of signed infos plus how the switch applies.
struct SwitchProductResponse: Encodable {
    var subscription: AdvancedCommerceResponse
    var effectiveImmediately: Bool
    var proratedRefund: Int64

    enum CodingKeys: String, CodingKey { case signedTransactionInfo, signedRenewalInfo, effectiveImmediately, proratedRefund }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(subscription.signedTransactionInfo, forKey: .signedTransactionInfo)
        try container.encode(subscription.signedRenewalInfo, forKey: .signedRenewalInfo)
        try container.encode(effectiveImmediately, forKey: .effectiveImmediately)
        try container.encode(proratedRefund, forKey: .proratedRefund)
    }
}

/// Our answer to auto-renew and price-increase actions: the renewal info after the change.
struct RenewalInfoResponse: Encodable {
    var signedRenewalInfo: SignedPayload<JWSRenewalInfoDecodedPayload>

    init(_ info: Subscriptions_V1_RenewalInfo) {
        signedRenewalInfo = SignedPayload(JWSRenewalInfoDecodedPayload(info))
    }
}

/// Our answer to a payment outcome: Apple's `status` number and the signed infos.
struct BillingOutcomeResponse: Encodable {
    var status: Int32?
    var subscription: AdvancedCommerceResponse

    enum CodingKeys: String, CodingKey { case status, signedTransactionInfo, signedRenewalInfo }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(status, forKey: .status)
        try container.encode(subscription.signedTransactionInfo, forKey: .signedTransactionInfo)
        try container.encode(subscription.signedRenewalInfo, forKey: .signedRenewalInfo)
    }
}

/// Our answer to a test-clock advance; instants in milliseconds since 1970.
struct ClockAdvanceResponse: Encodable {
    var previousNow: Int64
    var now: Int64
    var transitionsFired: Int64
    var eventsPublished: Int64
}

/// Our answer to a catalog reload.
struct CatalogReloadResponse: Encodable {
    var catalogVersion: String
    var productCount: Int32
    var storefrontCount: Int32
}
