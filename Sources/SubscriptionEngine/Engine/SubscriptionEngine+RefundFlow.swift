import AppleErrorCatalog
import StableIdentifiers

/// The refund and consumption flow as Apple runs it (docs/refunds.md): the customer's request
/// (`CONSUMPTION_REQUEST`), the app's consumption information, the decision (`REFUND` /
/// `REFUND_DECLINED`), a later reversal (`REFUND_REVERSED`), and Set App Account Token.
extension SubscriptionEngine {
    /// The customer asks for a refund of the latest transaction (R-REF-1): the request waits for
    /// a decision, and Apple asks the app for consumption information (`CONSUMPTION_REQUEST`
    /// with `consumptionRequestReason`). Nothing else changes.
    func requestCustomerRefund(
        _ request: CustomerRefundRequest, at now: Timestamp, store: inout some EngineStore, log: inout EventLog
    ) throws -> EngineReply {
        guard let reason = request.reason else { throw EngineRejection.missing("reason") }
        var subscription = try load(transactionId: request.transactionId, store: store)
        guard let latest = subscription.latestTransaction, latest.transactionId == request.transactionId else {
            throw EngineRejection(
                .failedPrecondition, error: .transactionNotRefundable, field: "transactionId",
                "transaction '\(request.transactionId)' is not the latest of subscription '\(subscription.originalTransactionId)'; only the latest can be refunded")
        }
        guard latest.revocationDate == nil else {
            throw EngineRejection(
                .failedPrecondition, error: .alreadyRefunded, field: "transactionId",
                "transaction '\(request.transactionId)' was already refunded")
        }
        guard subscription.refundRequest == nil else {
            throw EngineRejection(
                .alreadyExists, error: .refundRequestPending, field: "transactionId",
                "a refund request for transaction '\(request.transactionId)' is already pending a decision")
        }
        subscription.refundRequest = RefundRequest(transactionId: latest.transactionId, reason: reason, requestedAt: now)
        log.emit(.consumptionRequest, nil, &subscription, at: now, consumptionRequestReason: reason)
        try store.save(subscription)
        return .subscription(info(subscription, at: now))
    }

    /// Send Consumption Information (R-REF-2): kept on the pending request (a later send replaces
    /// it); no event, Apple answers 202.
    func sendConsumptionInformation(
        _ request: SendConsumptionInformationRequest, store: inout some EngineStore
    ) throws -> EngineReply {
        let information = request.information
        guard information.customerConsented else {
            throw EngineRejection(
                .invalidArgument, error: .invalidCustomerConsented, field: "customerConsented",
                "customerConsented must be true: the customer did not consent to share consumption data")
        }
        guard information.deliveryStatus != nil else {
            throw EngineRejection.missing("deliveryStatus", error: .invalidDeliveryStatus)
        }
        if let percentage = information.consumptionPercentage, !(0...100_000).contains(percentage) {
            throw EngineRejection(
                .outOfRange, error: .invalidValue, field: "consumptionPercentage",
                "consumptionPercentage must be 0…100000 (milliunits of a percent), got \(percentage)")
        }
        var subscription = try load(transactionId: request.transactionId, store: store)
        guard var pending = subscription.refundRequest, pending.transactionId == request.transactionId else {
            throw refundRequestNotFound(request.transactionId)
        }
        pending.consumption = information
        subscription.refundRequest = pending
        try store.save(subscription)
        return .accepted
    }

    /// The operator's decision (R-REF-3, R-REF-4): grant (`REFUND`, the subscription revoked),
    /// decline (`REFUND_DECLINED`) the pending request, or reverse a granted refund
    /// (`REFUND_REVERSED`, the revocation cleared, the renewal date unchanged).
    func decideRefund(
        _ request: DecideRefundRequest, at now: Timestamp, store: inout some EngineStore, log: inout EventLog
    ) throws -> EngineReply {
        guard let decision = request.decision else { throw EngineRejection.missing("decision") }
        var subscription = try load(transactionId: request.transactionId, store: store)
        if decision == .reverse {
            try reverseRefund(&subscription, transactionId: request.transactionId, at: now, log: &log)
        } else {
            guard let pending = subscription.refundRequest, pending.transactionId == request.transactionId else {
                throw refundRequestNotFound(request.transactionId)
            }
            switch decision {
            case .decline:
                subscription.refundRequest = nil
                log.emit(.refundDeclined, nil, &subscription, at: now)
            case .grantFull, .grantProrated:
                guard subscription.latestTransaction?.transactionId == pending.transactionId else {
                    throw EngineRejection(
                        .failedPrecondition, error: .transactionNotRefundable, field: "transactionId",
                        "transaction '\(pending.transactionId)' is no longer the latest of subscription '\(subscription.originalTransactionId)'; decline the request")
                }
                subscription.refundRequest = nil
                try refundLatest(
                    &subscription, type: decision == .grantFull ? .full : .prorated, amount: nil, at: now,
                    reason: pending.reason == .fulfillmentIssue ? .appIssue : .other)
                subscription.state = .revoked
                subscription.autoRenewStatus = false
                subscription.closePriceChanges(as: .invalidated)
                log.emit(.refund, nil, &subscription, at: now)
            case .reverse:
                break
            }
        }
        try store.save(subscription)
        return .subscription(info(subscription, at: now))
    }

    /// Set App Account Token (R-REF-5): the token of the subscription (its renewal info and every
    /// later transaction) and of its latest transaction; no event.
    func setAppAccountToken(
        _ request: SetAppAccountTokenRequest, at now: Timestamp, store: inout some EngineStore
    ) throws -> EngineReply {
        guard isUUID(request.appAccountToken) else {
            throw EngineRejection(
                .invalidArgument, error: .invalidAppAccountTokenUUID, field: "appAccountToken",
                "appAccountToken must be a UUID, got '\(request.appAccountToken.prefix(64))'")
        }
        guard !request.originalTransactionId.isEmpty else {
            throw EngineRejection.missing("originalTransactionId", error: .invalidOriginalTransactionId)
        }
        var subscription = try load(
            transactionId: request.originalTransactionId, field: "originalTransactionId", store: store)
        guard subscription.originalTransactionId == request.originalTransactionId else {
            throw EngineRejection(
                .invalidArgument, error: .transactionIdIsNotOriginalTransactionId, field: "originalTransactionId",
                "'\(request.originalTransactionId)' is a later transaction of subscription '\(subscription.originalTransactionId)'; use its original transaction id")
        }
        guard subscription.ownership != .familyShared else {
            throw EngineRejection(
                .invalidArgument, error: .familyTransactionNotSupported, field: "originalTransactionId",
                "'\(request.originalTransactionId)' is a family member's shared subscription")
        }
        let token = request.appAccountToken.lowercased()
        subscription.appAccountToken = token
        subscription.updateLatestTransaction { $0.appAccountToken = token }
        try store.save(subscription)
        return .accepted
    }

    /// Look Up Order ID (R-REF-6): the transaction whose order id it is (``OrderID``); an id this
    /// service did not make, or of a transaction it does not have, is `INVALID` (status 1), not
    /// an error, as Apple answers.
    func lookUpOrderId(_ request: LookUpOrderIdRequest, at now: Timestamp, store: some EngineStore) throws -> EngineReply {
        guard let transactionId = OrderID.transactionId(of: request.orderId) else { return .orderLookup(valid: false, []) }
        let subscription: Subscription
        do {
            subscription = try load(transactionId: transactionId, store: store)
        } catch is EngineRejection {
            return .orderLookup(valid: false, [])
        }
        guard let record = try transactionRecords(of: subscription, store: store).first(where: { $0.transactionId == transactionId })
        else { return .orderLookup(valid: false, []) }
        return .orderLookup(valid: true, [subscription.transactionInfo(record, app: catalog.app, at: now)])
    }

    private func reverseRefund(
        _ subscription: inout Subscription, transactionId: String, at now: Timestamp, log: inout EventLog
    ) throws {
        guard let latest = subscription.latestTransaction, latest.transactionId == transactionId,
            latest.revocationDate != nil, latest.revocationType != .familyRevoke
        else {
            throw EngineRejection(
                .alreadyExists, error: .refundNotReversible, field: "transactionId",
                "transaction '\(transactionId)' carries no refund to reverse")
        }
        subscription.updateLatestTransaction {
            $0.revocationDate = nil
            $0.revocationReason = nil
            $0.revocationType = nil
            $0.revocationPercentage = nil
            $0.refundAmount = nil
        }
        if subscription.state == .revoked {
            // Access comes back for the rest of the period it was paid for; auto-renew stays off.
            if now < subscription.expiresDate {
                subscription.state = .active
            } else {
                subscription.state = .expired
                subscription.expirationIntent = .customerCancelled
            }
        }
        log.emit(.refundReversed, nil, &subscription, at: now)
    }

    private func refundRequestNotFound(_ transactionId: String) -> EngineRejection {
        EngineRejection(
            .notFound, error: .refundRequestNotFound, field: "transactionId",
            "no refund request is pending for transaction '\(transactionId)'")
    }
}
