import SubscriptionMessages

extension CommandRoute {
    /// Whether only an operator may send the command: the producer serves it only to an
    /// operator key (its `/v1` routes, docs/signing-and-auth.md, "Routes"), or no HTTP route
    /// sends it at all (`subscriptionsctl` only). On the bus, the consumer applies such a command
    /// only when its `user_id` is one of ``OperatorCommandSenders`` (docs/amqp-client.md,
    /// "Broker users"). A new route must be placed here: the switch has no default on purpose.
    public var isOperatorOnly: Bool {
        switch self {
        case .purchase, .switchProduct, .respondToPriceIncrease, .setAutoRenew, .reportBillingOutcome, .advanceTestClock,
            .reloadCatalog, .createTestClock, .getTestClock, .listTestClocks, .deleteTestClock, .requestCustomerRefund,
            .decideRefund, .getSubscriptionHistory, .priceChangeWhatIf, .answerRetentionMessage, .getRetentionOffer:
            return true
        case .createSubscription, .modifySubscription, .reactivateSubscription, .changePrice, .extendRenewalDate,
            .massExtendRenewalDate, .getMassExtensionStatus, .getAllSubscriptionStatuses, .cancelSubscription,
            .revokeSubscription, .requestRefund, .changeMetadata, .migrateSubscription, .getTransactionInfo,
            .getTransactionHistory, .getRefundHistory, .getNotificationHistory, .requestTestNotification,
            .getTestNotificationStatus, .sendConsumptionInformation, .setAppAccountToken, .lookUpOrderId,
            .getAppTransactionInfo, .finishTransaction, .manageRetentionMessaging:
            return false
        case .recordRetentionResponse:
            // Published by the consumer's own retention caller (docs/retention-messaging.md), whose
            // connection does not stamp `user_id` (the event path's publishes stay uncopied).
            return false
        }
    }
}
