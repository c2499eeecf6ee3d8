import SubscriptionEngine
import SubscriptionMessages

/// The engine answered a command with a reply shape that does not fit the command's route:
/// a bug in the engine or in this mapping. Thrown so the transaction rolls back.
public struct ReplyMappingError: Error, CustomStringConvertible, Sendable {
    /// The command's route.
    public var route: CommandRoute
    /// The engine reply's case.
    public var reply: String

    public var description: String { "engine reply '\(reply)' does not answer \(route.rawValue)" }
}

extension Subscriptions_V1_CommandReply.OneOf_Result {
    /// The result case of `route` holding `reply`.
    init(_ reply: EngineReply, route: CommandRoute) throws(ReplyMappingError) {
        switch (route, reply) {
        case (.purchase, .subscription(let info)):
            self = .purchase(.with { $0.subscription = .init(info) })
        case (.switchProduct, .switchProduct(let info, let immediately, let refund)):
            self = .switchProduct(.with {
                $0.subscription = .init(info)
                $0.effectiveImmediately = immediately
                $0.proratedRefund = refund.rawValue
            })
        case (.createSubscription, .subscription(let info)):
            self = .createSubscription(.with { $0.subscription = .init(info) })
        case (.modifySubscription, .subscription(let info)):
            self = .modifySubscription(.with { $0.subscription = .init(info) })
        case (.reactivateSubscription, .subscription(let info)):
            self = .reactivateSubscription(.with { $0.subscription = .init(info) })
        case (.changePrice, .changePrice(let info, let ids)):
            self = .changePrice(.with {
                $0.subscription = .init(info)
                $0.priceChangeIds = ids
            })
        case (.respondToPriceIncrease, .renewalInfo(let info)):
            self = .respondToPriceIncrease(.with {
                $0.renewalInfo = .init(info.renewalInfo)
                $0.subscription = .init(info)
            })
        case (.setAutoRenew, .renewalInfo(let info)):
            self = .setAutoRenew(.with {
                $0.renewalInfo = .init(info.renewalInfo)
                $0.subscription = .init(info)
            })
        case (.setAutoRenew, .retention(let info, let offer)):
            self = .setAutoRenew(.with {
                $0.renewalInfo = .init(info.renewalInfo)
                $0.subscription = .init(info)
                if let offer { $0.retention = .init(offer) }
            })
        case (.recordRetentionResponse, .retention(_, let offer)):
            self = .recordRetentionResponse(.with { if let offer { $0.retention = .init(offer) } })
        case (.answerRetentionMessage, .retention(let info, let offer)):
            self = .answerRetentionMessage(.with {
                $0.subscription = .init(info)
                if let offer { $0.retention = .init(offer) }
            })
        case (.getRetentionOffer, .retention(let info, let offer)):
            self = .getRetentionOffer(.with {
                $0.subscription = .init(info)
                if let offer { $0.retention = .init(offer) }
            })
        case (.getAppTransactionInfo, .appTransaction(let transaction)):
            self = .getAppTransactionInfo(.with { $0.appTransaction = .init(transaction) })
        case (.finishTransaction, .accepted):
            self = .finishTransaction(Subscriptions_V1_FinishTransactionReply())
        case (.reportBillingOutcome, .billingOutcome(let status, let info)):
            self = .reportBillingOutcome(.with {
                $0.status = .init(status)
                $0.subscription = .init(info)
            })
        case (.extendRenewalDate, .extendRenewalDate(let result)):
            self = .extendRenewalDate(.with {
                $0.originalTransactionID = result.originalTransactionId
                $0.webOrderLineItemID = result.webOrderLineItemId
                $0.success = result.success
                if let date = result.effectiveDate { $0.effectiveDate = date.protobuf }
            })
        case (.massExtendRenewalDate, .massExtendRenewalDate(let requestIdentifier)):
            self = .massExtendRenewalDate(.with { $0.requestIdentifier = requestIdentifier })
        case (.getMassExtensionStatus, .massExtensionStatus(let status)):
            self = .getMassExtensionStatus(.with {
                $0.requestIdentifier = status.requestIdentifier
                $0.complete = status.complete
                if let date = status.completeDate { $0.completeDate = date.protobuf }
                $0.succeededCount = status.succeededCount
                $0.failedCount = status.failedCount
            })
        case (.getAllSubscriptionStatuses, .allSubscriptionStatuses(let statuses)):
            self = .getAllSubscriptionStatuses(.init(statuses))
        case (.cancelSubscription, .subscription(let info)):
            self = .cancelSubscription(.with { $0.subscription = .init(info) })
        case (.revokeSubscription, .subscription(let info)):
            self = .revokeSubscription(.with { $0.subscription = .init(info) })
        case (.requestRefund, .subscription(let info)):
            self = .requestRefund(.with { $0.subscription = .init(info) })
        case (.changeMetadata, .subscription(let info)):
            self = .changeMetadata(.with { $0.subscription = .init(info) })
        case (.migrateSubscription, .subscription(let info)):
            self = .migrateSubscription(.with { $0.subscription = .init(info) })
        case (.getTransactionInfo, .transactionInfo(let info)):
            self = .getTransactionInfo(.with { $0.transactionInfo = .init(info) })
        case (.getTransactionHistory, .transactionHistory(let page)):
            self = .getTransactionHistory(.init(page))
        case (.getRefundHistory, .refundHistory(let page)):
            self = .getRefundHistory(.init(page))
        case (.getSubscriptionHistory, .subscriptionHistory(let lives)):
            self = .getSubscriptionHistory(.with { $0.subscriptions = lives.map(Subscriptions_V1_SubscriptionHistory.init) })
        case (.requestCustomerRefund, .subscription(let info)):
            self = .requestCustomerRefund(.with { $0.subscription = .init(info) })
        case (.sendConsumptionInformation, .accepted):
            self = .sendConsumptionInformation(Subscriptions_V1_SendConsumptionInformationReply())
        case (.decideRefund, .subscription(let info)):
            self = .decideRefund(.with { $0.subscription = .init(info) })
        case (.lookUpOrderId, .orderLookup(let valid, let transactions)):
            self = .lookUpOrderID(.with {
                $0.status = valid ? .valid : .invalid
                $0.transactions = transactions.map(Subscriptions_V1_TransactionInfo.init)
            })
        case (.setAppAccountToken, .accepted):
            self = .setAppAccountToken(Subscriptions_V1_SetAppAccountTokenReply())
        default:
            // Only on a bug: the reply's description is built here, never on the hot path.
            throw ReplyMappingError(route: route, reply: String(describing: reply).prefix { $0 != "(" }.description)
        }
    }
}

extension Subscriptions_V1_SubscriptionInfo {
    init(_ info: SubscriptionInfo) {
        self.init()
        if let transaction = info.transactionInfo { transactionInfo = Subscriptions_V1_TransactionInfo(transaction) }
        renewalInfo = Subscriptions_V1_RenewalInfo(info.renewalInfo)
        if let status = info.status { self.status = Subscriptions_V1_SubscriptionStatus(status) }
    }
}

extension Subscriptions_V1_GetAllSubscriptionStatusesReply {
    init(_ statuses: AllSubscriptionStatuses) {
        self.init()
        environment = Subscriptions_V1_Environment(statuses.environment)
        bundleID = statuses.bundleId
        appAppleID = statuses.appAppleId
        data = statuses.data.map { group in
            .with {
                $0.subscriptionGroupIdentifier = group.subscriptionGroupIdentifier
                $0.lastTransactions = group.lastTransactions.map { last in
                    .with {
                        $0.status = .init(last.status)
                        $0.originalTransactionID = last.originalTransactionId
                        if let transaction = last.transactionInfo { $0.transactionInfo = .init(transaction) }
                        $0.renewalInfo = .init(last.renewalInfo)
                    }
                }
            }
        }
    }
}
