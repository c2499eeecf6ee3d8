import SubscriptionEngine
import SubscriptionMessages

extension EngineCommand {
    /// The engine command of an envelope case; nil for the service's own commands
    /// (`advance_test_clock`, `reload_catalog`, `request_test_notification`, the test clocks'
    /// create, get, list and delete), which the handler answers itself, and for the notifier's (`get_notification_history`,
    /// `get_test_notification_status`), which the consumer answers, and for the Retention Messaging
    /// API's (`manage_retention_messaging`), which the consumer's retention handler answers.
    ///
    /// Throws when the proto cannot express the engine's request (e.g. an offer without
    /// a type); the handler turns that into a reply like any engine rejection.
    package init?(_ command: Subscriptions_V1_CommandEnvelope.OneOf_Command) throws(EngineRejection) {
        switch command {
        case .purchase(let request): self = .purchase(try PurchaseRequest(request))
        case .switchProduct(let request): self = .switchProduct(try SwitchProductRequest(request))
        case .createSubscription(let request): self = .createSubscription(CreateSubscriptionRequest(request))
        case .modifySubscription(let request): self = .modifySubscription(ModifySubscriptionRequest(request))
        case .reactivateSubscription(let request): self = .reactivateSubscription(ReactivateSubscriptionRequest(request))
        case .changePrice(let request): self = .changePrice(ChangePriceRequest(request))
        case .respondToPriceIncrease(let request): self = .respondToPriceIncrease(RespondToPriceIncreaseRequest(request))
        case .setAutoRenew(let request): self = .setAutoRenew(SetAutoRenewRequest(request))
        case .reportBillingOutcome(let request): self = .reportBillingOutcome(ReportBillingOutcomeRequest(request))
        case .extendRenewalDate(let request): self = .extendRenewalDate(ExtendRenewalDateRequest(request))
        case .massExtendRenewalDate(let request): self = .massExtendRenewalDate(MassExtendRenewalDateRequest(request))
        case .getMassExtensionStatus(let request): self = .getMassExtensionStatus(GetMassExtensionStatusRequest(request))
        case .getAllSubscriptionStatuses(let request):
            self = .getAllSubscriptionStatuses(try GetAllSubscriptionStatusesRequest(request))
        case .cancelSubscription(let request): self = .cancelSubscription(CancelSubscriptionRequest(request))
        case .revokeSubscription(let request): self = .revokeSubscription(RevokeSubscriptionRequest(request))
        case .requestRefund(let request): self = .requestRefund(try RequestRefundRequest(request))
        case .changeMetadata(let request): self = .changeMetadata(ChangeMetadataRequest(request))
        case .migrateSubscription(let request): self = .migrateSubscription(MigrateSubscriptionRequest(request))
        case .getTransactionInfo(let request): self = .getTransactionInfo(GetTransactionInfoRequest(request))
        case .getTransactionHistory(let request): self = .getTransactionHistory(try TransactionHistoryRequest(request))
        case .getRefundHistory(let request): self = .getRefundHistory(RefundHistoryRequest(request))
        case .getSubscriptionHistory(let request): self = .getSubscriptionHistory(try SubscriptionHistoryRequest(request))
        case .requestCustomerRefund(let request): self = .requestCustomerRefund(CustomerRefundRequest(request))
        case .sendConsumptionInformation(let request):
            self = .sendConsumptionInformation(SendConsumptionInformationRequest(request))
        case .decideRefund(let request): self = .decideRefund(DecideRefundRequest(request))
        case .setAppAccountToken(let request): self = .setAppAccountToken(SetAppAccountTokenRequest(request))
        case .lookUpOrderID(let request): self = .lookUpOrderId(LookUpOrderIdRequest(orderId: request.orderID))
        case .getAppTransactionInfo(let request):
            self = .getAppTransactionInfo(GetAppTransactionInfoRequest(transactionId: request.transactionID))
        case .finishTransaction(let request): self = .finishTransaction(FinishTransactionRequest(transactionId: request.transactionID))
        case .recordRetentionResponse(let request): self = .recordRetentionResponse(try RecordRetentionResponseRequest(request))
        case .answerRetentionMessage(let request): self = .answerRetentionMessage(try AnswerRetentionMessageRequest(request))
        case .getRetentionOffer(let request): self = .getRetentionOffer(GetRetentionOfferRequest(transactionId: request.transactionID))
        case .advanceTestClock, .reloadCatalog, .requestTestNotification, .getNotificationHistory, .getTestNotificationStatus,
            .createTestClock, .getTestClock, .listTestClocks, .deleteTestClock, .priceChangeWhatIf, .manageRetentionMessaging:
            return nil
        }
    }
}
