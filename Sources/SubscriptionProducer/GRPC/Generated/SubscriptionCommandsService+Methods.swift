// Generated from Protos/subscriptions/v1/service.proto and Protos/subscriptions/v1/envelope.proto by scripts/generate-protos.sh
// (scripts/lib/generate-command-routes.py). Do not edit: change the protos and regenerate;
// scripts/check-generated-code.sh fails when this file no longer matches them.

import GRPCCore
import SubscriptionGRPC
import SubscriptionMessages

/// The rpcs of `subscriptions.v1.SubscriptionCommands`: each sends its request as the envelope's case of the
/// same name and answers with the reply's result case (``SubscriptionCommandsService``).
extension SubscriptionCommandsService: Subscriptions_V1_SubscriptionCommands.ServiceProtocol {
    /// In-app purchase (R-GRP-1, R-INT-1/2). Envelope case `purchase`.
    func purchase(
        request: ServerRequest<Subscriptions_V1_PurchaseRequest>, context: ServerContext
    ) async throws -> ServerResponse<Subscriptions_V1_PurchaseReply> {
        try await respond(to: .purchase(request.message), metadata: request.metadata) { result in
            if case .purchase(let reply) = result { return reply }
            return nil
        }
    }

    /// Product switch inside a group (R-GRP-2..4). Case `switch_product`.
    func switchProduct(
        request: ServerRequest<Subscriptions_V1_SwitchProductRequest>, context: ServerContext
    ) async throws -> ServerResponse<Subscriptions_V1_SwitchProductReply> {
        try await respond(to: .switchProduct(request.message), metadata: request.metadata) { result in
            if case .switchProduct(let reply) = result { return reply }
            return nil
        }
    }

    /// Advanced Commerce create (R-MOD-*). Case `create_subscription`.
    func createSubscription(
        request: ServerRequest<Subscriptions_V1_CreateSubscriptionRequest>, context: ServerContext
    ) async throws -> ServerResponse<Subscriptions_V1_CreateSubscriptionReply> {
        try await respond(to: .createSubscription(request.message), metadata: request.metadata) { result in
            if case .createSubscription(let reply) = result { return reply }
            return nil
        }
    }

    /// Advanced Commerce modify (R-MOD-1..5). Case `modify_subscription`.
    func modifySubscription(
        request: ServerRequest<Subscriptions_V1_ModifySubscriptionRequest>, context: ServerContext
    ) async throws -> ServerResponse<Subscriptions_V1_ModifySubscriptionReply> {
        try await respond(to: .modifySubscription(request.message), metadata: request.metadata) { result in
            if case .modifySubscription(let reply) = result { return reply }
            return nil
        }
    }

    /// Advanced Commerce reactivate (R-PRC-11). Case `reactivate_subscription`.
    func reactivateSubscription(
        request: ServerRequest<Subscriptions_V1_ReactivateSubscriptionRequest>, context: ServerContext
    ) async throws -> ServerResponse<Subscriptions_V1_ReactivateSubscriptionReply> {
        try await respond(to: .reactivateSubscription(request.message), metadata: request.metadata) { result in
            if case .reactivateSubscription(let reply) = result { return reply }
            return nil
        }
    }

    /// Advanced Commerce change price (R-PRC-1..4). Case `change_price`.
    func changePrice(
        request: ServerRequest<Subscriptions_V1_ChangePriceRequest>, context: ServerContext
    ) async throws -> ServerResponse<Subscriptions_V1_ChangePriceReply> {
        try await respond(to: .changePrice(request.message), metadata: request.metadata) { result in
            if case .changePrice(let reply) = result { return reply }
            return nil
        }
    }

    /// Price-increase consent / decline / sheet acknowledgement (R-PRC-5/6).
    /// Case `respond_to_price_increase`.
    func respondToPriceIncrease(
        request: ServerRequest<Subscriptions_V1_RespondToPriceIncreaseRequest>, context: ServerContext
    ) async throws -> ServerResponse<Subscriptions_V1_RespondToPriceIncreaseReply> {
        try await respond(to: .respondToPriceIncrease(request.message), metadata: request.metadata) { result in
            if case .respondToPriceIncrease(let reply) = result { return reply }
            return nil
        }
    }

    /// Auto-renew on/off (R-REN-2). Case `set_auto_renew`.
    func setAutoRenew(
        request: ServerRequest<Subscriptions_V1_SetAutoRenewRequest>, context: ServerContext
    ) async throws -> ServerResponse<Subscriptions_V1_SetAutoRenewReply> {
        try await respond(to: .setAutoRenew(request.message), metadata: request.metadata) { result in
            if case .setAutoRenew(let reply) = result { return reply }
            return nil
        }
    }

    /// Billing outcome (R-REN-1). Case `report_billing_outcome`.
    func reportBillingOutcome(
        request: ServerRequest<Subscriptions_V1_ReportBillingOutcomeRequest>, context: ServerContext
    ) async throws -> ServerResponse<Subscriptions_V1_ReportBillingOutcomeReply> {
        try await respond(to: .reportBillingOutcome(request.message), metadata: request.metadata) { result in
            if case .reportBillingOutcome(let reply) = result { return reply }
            return nil
        }
    }

    /// Single renewal-date extension (R-EXT-1..3). Case `extend_renewal_date`.
    func extendRenewalDate(
        request: ServerRequest<Subscriptions_V1_ExtendRenewalDateRequest>, context: ServerContext
    ) async throws -> ServerResponse<Subscriptions_V1_ExtendRenewalDateReply> {
        try await respond(to: .extendRenewalDate(request.message), metadata: request.metadata) { result in
            if case .extendRenewalDate(let reply) = result { return reply }
            return nil
        }
    }

    /// Mass renewal-date extension (R-EXT-4). Case `mass_extend_renewal_date`.
    func massExtendRenewalDate(
        request: ServerRequest<Subscriptions_V1_MassExtendRenewalDateRequest>, context: ServerContext
    ) async throws -> ServerResponse<Subscriptions_V1_MassExtendRenewalDateReply> {
        try await respond(to: .massExtendRenewalDate(request.message), metadata: request.metadata) { result in
            if case .massExtendRenewalDate(let reply) = result { return reply }
            return nil
        }
    }

    /// Mass extension status (R-EXT-4). Case `get_mass_extension_status`.
    func getMassExtensionStatus(
        request: ServerRequest<Subscriptions_V1_GetMassExtensionStatusRequest>, context: ServerContext
    ) async throws -> ServerResponse<Subscriptions_V1_GetMassExtensionStatusReply> {
        try await respond(to: .getMassExtensionStatus(request.message), metadata: request.metadata) { result in
            if case .getMassExtensionStatus(let reply) = result { return reply }
            return nil
        }
    }

    /// All subscription statuses. Case `get_all_subscription_statuses`.
    func getAllSubscriptionStatuses(
        request: ServerRequest<Subscriptions_V1_GetAllSubscriptionStatusesRequest>, context: ServerContext
    ) async throws -> ServerResponse<Subscriptions_V1_GetAllSubscriptionStatusesReply> {
        try await respond(to: .getAllSubscriptionStatuses(request.message), metadata: request.metadata) { result in
            if case .getAllSubscriptionStatuses(let reply) = result { return reply }
            return nil
        }
    }

    /// Advanced Commerce cancel. Case `cancel_subscription`.
    func cancelSubscription(
        request: ServerRequest<Subscriptions_V1_CancelSubscriptionRequest>, context: ServerContext
    ) async throws -> ServerResponse<Subscriptions_V1_CancelSubscriptionReply> {
        try await respond(to: .cancelSubscription(request.message), metadata: request.metadata) { result in
            if case .cancelSubscription(let reply) = result { return reply }
            return nil
        }
    }

    /// Advanced Commerce revoke. Case `revoke_subscription`.
    func revokeSubscription(
        request: ServerRequest<Subscriptions_V1_RevokeSubscriptionRequest>, context: ServerContext
    ) async throws -> ServerResponse<Subscriptions_V1_RevokeSubscriptionReply> {
        try await respond(to: .revokeSubscription(request.message), metadata: request.metadata) { result in
            if case .revokeSubscription(let reply) = result { return reply }
            return nil
        }
    }

    /// Advanced Commerce refund request. Case `request_refund`.
    func requestRefund(
        request: ServerRequest<Subscriptions_V1_RequestRefundRequest>, context: ServerContext
    ) async throws -> ServerResponse<Subscriptions_V1_RequestRefundReply> {
        try await respond(to: .requestRefund(request.message), metadata: request.metadata) { result in
            if case .requestRefund(let reply) = result { return reply }
            return nil
        }
    }

    /// Advanced Commerce metadata change (R-PRC-12). Case `change_metadata`.
    func changeMetadata(
        request: ServerRequest<Subscriptions_V1_ChangeMetadataRequest>, context: ServerContext
    ) async throws -> ServerResponse<Subscriptions_V1_ChangeMetadataReply> {
        try await respond(to: .changeMetadata(request.message), metadata: request.metadata) { result in
            if case .changeMetadata(let reply) = result { return reply }
            return nil
        }
    }

    /// Advanced Commerce migration (R-PRC-13). Case `migrate_subscription`.
    func migrateSubscription(
        request: ServerRequest<Subscriptions_V1_MigrateSubscriptionRequest>, context: ServerContext
    ) async throws -> ServerResponse<Subscriptions_V1_MigrateSubscriptionReply> {
        try await respond(to: .migrateSubscription(request.message), metadata: request.metadata) { result in
            if case .migrateSubscription(let reply) = result { return reply }
            return nil
        }
    }

    /// Test-clock advance (R-REN-3). Case `advance_test_clock`.
    func advanceTestClock(
        request: ServerRequest<Subscriptions_V1_AdvanceTestClockRequest>, context: ServerContext
    ) async throws -> ServerResponse<Subscriptions_V1_AdvanceTestClockReply> {
        try await respond(to: .advanceTestClock(request.message), metadata: request.metadata) { result in
            if case .advanceTestClock(let reply) = result { return reply }
            return nil
        }
    }

    /// Catalog reload (R-CAT-1/2). Case `reload_catalog`.
    func reloadCatalog(
        request: ServerRequest<Subscriptions_V1_ReloadCatalogRequest>, context: ServerContext
    ) async throws -> ServerResponse<Subscriptions_V1_ReloadCatalogReply> {
        try await respond(to: .reloadCatalog(request.message), metadata: request.metadata) { result in
            if case .reloadCatalog(let reply) = result { return reply }
            return nil
        }
    }

    /// Get Transaction Info. Case `get_transaction_info`.
    func getTransactionInfo(
        request: ServerRequest<Subscriptions_V1_GetTransactionInfoRequest>, context: ServerContext
    ) async throws -> ServerResponse<Subscriptions_V1_GetTransactionInfoReply> {
        try await respond(to: .getTransactionInfo(request.message), metadata: request.metadata) { result in
            if case .getTransactionInfo(let reply) = result { return reply }
            return nil
        }
    }

    /// Get Transaction History (v2, `revision` paging). Case `get_transaction_history`.
    func getTransactionHistory(
        request: ServerRequest<Subscriptions_V1_GetTransactionHistoryRequest>, context: ServerContext
    ) async throws -> ServerResponse<Subscriptions_V1_GetTransactionHistoryReply> {
        try await respond(to: .getTransactionHistory(request.message), metadata: request.metadata) { result in
            if case .getTransactionHistory(let reply) = result { return reply }
            return nil
        }
    }

    /// Get Refund History. Case `get_refund_history`.
    func getRefundHistory(
        request: ServerRequest<Subscriptions_V1_GetRefundHistoryRequest>, context: ServerContext
    ) async throws -> ServerResponse<Subscriptions_V1_GetRefundHistoryReply> {
        try await respond(to: .getRefundHistory(request.message), metadata: request.metadata) { result in
            if case .getRefundHistory(let reply) = result { return reply }
            return nil
        }
    }

    /// Get Notification History (the notifier's deliveries). Case `get_notification_history`.
    func getNotificationHistory(
        request: ServerRequest<Subscriptions_V1_GetNotificationHistoryRequest>, context: ServerContext
    ) async throws -> ServerResponse<Subscriptions_V1_GetNotificationHistoryReply> {
        try await respond(to: .getNotificationHistory(request.message), metadata: request.metadata) { result in
            if case .getNotificationHistory(let reply) = result { return reply }
            return nil
        }
    }

    /// Request a Test Notification. Case `request_test_notification`.
    func requestTestNotification(
        request: ServerRequest<Subscriptions_V1_RequestTestNotificationRequest>, context: ServerContext
    ) async throws -> ServerResponse<Subscriptions_V1_RequestTestNotificationReply> {
        try await respond(to: .requestTestNotification(request.message), metadata: request.metadata) { result in
            if case .requestTestNotification(let reply) = result { return reply }
            return nil
        }
    }

    /// Get Test Notification Status. Case `get_test_notification_status`.
    func getTestNotificationStatus(
        request: ServerRequest<Subscriptions_V1_GetTestNotificationStatusRequest>, context: ServerContext
    ) async throws -> ServerResponse<Subscriptions_V1_GetTestNotificationStatusReply> {
        try await respond(to: .getTestNotificationStatus(request.message), metadata: request.metadata) { result in
            if case .getTestNotificationStatus(let reply) = result { return reply }
            return nil
        }
    }

    /// Get Subscription History (ours, the console's timeline): a subscription's or a customer's
    /// transactions and archived events. Case `get_subscription_history`.
    func getSubscriptionHistory(
        request: ServerRequest<Subscriptions_V1_GetSubscriptionHistoryRequest>, context: ServerContext
    ) async throws -> ServerResponse<Subscriptions_V1_GetSubscriptionHistoryReply> {
        try await respond(to: .getSubscriptionHistory(request.message), metadata: request.metadata) { result in
            if case .getSubscriptionHistory(let reply) = result { return reply }
            return nil
        }
    }

    /// Create a test clock at a given instant (R-CLK-1). Case `create_test_clock`.
    func createTestClock(
        request: ServerRequest<Subscriptions_V1_CreateTestClockRequest>, context: ServerContext
    ) async throws -> ServerResponse<Subscriptions_V1_CreateTestClockReply> {
        try await respond(to: .createTestClock(request.message), metadata: request.metadata) { result in
            if case .createTestClock(let reply) = result { return reply }
            return nil
        }
    }

    /// Read a test clock. Case `get_test_clock`.
    func getTestClock(
        request: ServerRequest<Subscriptions_V1_GetTestClockRequest>, context: ServerContext
    ) async throws -> ServerResponse<Subscriptions_V1_GetTestClockReply> {
        try await respond(to: .getTestClock(request.message), metadata: request.metadata) { result in
            if case .getTestClock(let reply) = result { return reply }
            return nil
        }
    }

    /// List the test clocks. Case `list_test_clocks`.
    func listTestClocks(
        request: ServerRequest<Subscriptions_V1_ListTestClocksRequest>, context: ServerContext
    ) async throws -> ServerResponse<Subscriptions_V1_ListTestClocksReply> {
        try await respond(to: .listTestClocks(request.message), metadata: request.metadata) { result in
            if case .listTestClocks(let reply) = result { return reply }
            return nil
        }
    }

    /// Delete a test clock and everything on it (R-CLK-3). Case `delete_test_clock`.
    func deleteTestClock(
        request: ServerRequest<Subscriptions_V1_DeleteTestClockRequest>, context: ServerContext
    ) async throws -> ServerResponse<Subscriptions_V1_DeleteTestClockReply> {
        try await respond(to: .deleteTestClock(request.message), metadata: request.metadata) { result in
            if case .deleteTestClock(let reply) = result { return reply }
            return nil
        }
    }

    /// The customer asks for a refund of a transaction; CONSUMPTION_REQUEST follows (R-REF-1).
    /// Case `request_customer_refund`.
    func requestCustomerRefund(
        request: ServerRequest<Subscriptions_V1_RequestCustomerRefundRequest>, context: ServerContext
    ) async throws -> ServerResponse<Subscriptions_V1_RequestCustomerRefundReply> {
        try await respond(to: .requestCustomerRefund(request.message), metadata: request.metadata) { result in
            if case .requestCustomerRefund(let reply) = result { return reply }
            return nil
        }
    }

    /// Send Consumption Information (Apple's v2 body) for a pending refund request (R-REF-2).
    /// Case `send_consumption_information`.
    func sendConsumptionInformation(
        request: ServerRequest<Subscriptions_V1_SendConsumptionInformationRequest>, context: ServerContext
    ) async throws -> ServerResponse<Subscriptions_V1_SendConsumptionInformationReply> {
        try await respond(to: .sendConsumptionInformation(request.message), metadata: request.metadata) { result in
            if case .sendConsumptionInformation(let reply) = result { return reply }
            return nil
        }
    }

    /// The operator's decision on a refund: grant (REFUND), decline (REFUND_DECLINED) or reverse
    /// a granted one (REFUND_REVERSED) (R-REF-3, R-REF-4). Case `decide_refund`.
    func decideRefund(
        request: ServerRequest<Subscriptions_V1_DecideRefundRequest>, context: ServerContext
    ) async throws -> ServerResponse<Subscriptions_V1_DecideRefundReply> {
        try await respond(to: .decideRefund(request.message), metadata: request.metadata) { result in
            if case .decideRefund(let reply) = result { return reply }
            return nil
        }
    }

    /// Set App Account Token (R-REF-5). Case `set_app_account_token`.
    func setAppAccountToken(
        request: ServerRequest<Subscriptions_V1_SetAppAccountTokenRequest>, context: ServerContext
    ) async throws -> ServerResponse<Subscriptions_V1_SetAppAccountTokenReply> {
        try await respond(to: .setAppAccountToken(request.message), metadata: request.metadata) { result in
            if case .setAppAccountToken(let reply) = result { return reply }
            return nil
        }
    }

    /// Look Up Order ID (R-REF-6). Case `look_up_order_id`.
    func lookUpOrderId(
        request: ServerRequest<Subscriptions_V1_LookUpOrderIdRequest>, context: ServerContext
    ) async throws -> ServerResponse<Subscriptions_V1_LookUpOrderIdReply> {
        try await respond(to: .lookUpOrderID(request.message), metadata: request.metadata) { result in
            if case .lookUpOrderID(let reply) = result { return reply }
            return nil
        }
    }

    /// What a planned price change would do to one page of a product's subscriptions, on a
    /// scratch timeline; changes nothing (docs/what-if.md, R-WIF-1). Case `price_change_what_if`.
    func priceChangeWhatIf(
        request: ServerRequest<Subscriptions_V1_PriceChangeWhatIfRequest>, context: ServerContext
    ) async throws -> ServerResponse<Subscriptions_V1_PriceChangeWhatIfReply> {
        try await respond(to: .priceChangeWhatIf(request.message), metadata: request.metadata) { result in
            if case .priceChangeWhatIf(let reply) = result { return reply }
            return nil
        }
    }

    /// Get App Transaction Info: the customer's app transaction, signed. Case
    /// `get_app_transaction_info`.
    func getAppTransactionInfo(
        request: ServerRequest<Subscriptions_V1_GetAppTransactionInfoRequest>, context: ServerContext
    ) async throws -> ServerResponse<Subscriptions_V1_GetAppTransactionInfoReply> {
        try await respond(to: .getAppTransactionInfo(request.message), metadata: request.metadata) { result in
            if case .getAppTransactionInfo(let reply) = result { return reply }
            return nil
        }
    }

    /// Finish Transaction: the app has delivered the transaction. Case `finish_transaction`.
    func finishTransaction(
        request: ServerRequest<Subscriptions_V1_FinishTransactionRequest>, context: ServerContext
    ) async throws -> ServerResponse<Subscriptions_V1_FinishTransactionReply> {
        try await respond(to: .finishTransaction(request.message), metadata: request.metadata) { result in
            if case .finishTransaction(let reply) = result { return reply }
            return nil
        }
    }

    /// The Retention Messaging API (images, messages, default messages, the real-time URL, the
    /// performance test) and the operator's review of images and messages
    /// (docs/retention-messaging.md). Case `manage_retention_messaging`.
    func manageRetentionMessaging(
        request: ServerRequest<Subscriptions_V1_ManageRetentionMessagingRequest>, context: ServerContext
    ) async throws -> ServerResponse<Subscriptions_V1_ManageRetentionMessagingReply> {
        try await respond(to: .manageRetentionMessaging(request.message), metadata: request.metadata) { result in
            if case .manageRetentionMessaging(let reply) = result { return reply }
            return nil
        }
    }

    /// Internal: the consumer's retention caller reports the app's real-time answer; the
    /// consumer records what the subscriber is shown. Case `record_retention_response`.
    func recordRetentionResponse(
        request: ServerRequest<Subscriptions_V1_RecordRetentionResponseRequest>, context: ServerContext
    ) async throws -> ServerResponse<Subscriptions_V1_RecordRetentionResponseReply> {
        try await respond(to: .recordRetentionResponse(request.message), metadata: request.metadata) { result in
            if case .recordRetentionResponse(let reply) = result { return reply }
            return nil
        }
    }

    /// The subscriber answers a retention offer: keep, take the offer, switch plan or cancel.
    /// Case `answer_retention_message`.
    func answerRetentionMessage(
        request: ServerRequest<Subscriptions_V1_AnswerRetentionMessageRequest>, context: ServerContext
    ) async throws -> ServerResponse<Subscriptions_V1_AnswerRetentionMessageReply> {
        try await respond(to: .answerRetentionMessage(request.message), metadata: request.metadata) { result in
            if case .answerRetentionMessage(let reply) = result { return reply }
            return nil
        }
    }

    /// A subscription's retention offer. Case `get_retention_offer`.
    func getRetentionOffer(
        request: ServerRequest<Subscriptions_V1_GetRetentionOfferRequest>, context: ServerContext
    ) async throws -> ServerResponse<Subscriptions_V1_GetRetentionOfferReply> {
        try await respond(to: .getRetentionOffer(request.message), metadata: request.metadata) { result in
            if case .getRetentionOffer(let reply) = result { return reply }
            return nil
        }
    }
}
