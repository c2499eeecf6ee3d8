// Generated from Protos/subscriptions/v1/service.proto and Protos/subscriptions/v1/envelope.proto by scripts/generate-protos.sh
// (scripts/lib/generate-command-routes.py). Do not edit: change the protos and regenerate;
// scripts/check-generated-code.sh fails when this file no longer matches them.

/// The gRPC-style method of `subscriptions.v1.SubscriptionCommands` (Protos/subscriptions/v1/service.proto)
/// that a ``Subscriptions_V1_CommandEnvelope`` case stands for.
///
/// protoc-gen-swift does not generate services, so this enum is the Swift side of
/// service.proto: one case per rpc and per `CommandEnvelope.command` case. A command's
/// AMQP routing key on exchange `subscriptions.commands` is ``routingKey``, e.g.
/// `subscriptions.v1.SubscriptionCommands/Purchase`.
public enum CommandRoute: String, CaseIterable, Sendable {
    /// In-app purchase (R-GRP-1, R-INT-1/2). Envelope case `purchase`.
    case purchase = "Purchase"
    /// Product switch inside a group (R-GRP-2..4). Case `switch_product`.
    case switchProduct = "SwitchProduct"
    /// Advanced Commerce create (R-MOD-*). Case `create_subscription`.
    case createSubscription = "CreateSubscription"
    /// Advanced Commerce modify (R-MOD-1..5). Case `modify_subscription`.
    case modifySubscription = "ModifySubscription"
    /// Advanced Commerce reactivate (R-PRC-11). Case `reactivate_subscription`.
    case reactivateSubscription = "ReactivateSubscription"
    /// Advanced Commerce change price (R-PRC-1..4). Case `change_price`.
    case changePrice = "ChangePrice"
    /// Price-increase consent / decline / sheet acknowledgement (R-PRC-5/6).
    /// Case `respond_to_price_increase`.
    case respondToPriceIncrease = "RespondToPriceIncrease"
    /// Auto-renew on/off (R-REN-2). Case `set_auto_renew`.
    case setAutoRenew = "SetAutoRenew"
    /// Billing outcome (R-REN-1). Case `report_billing_outcome`.
    case reportBillingOutcome = "ReportBillingOutcome"
    /// Single renewal-date extension (R-EXT-1..3). Case `extend_renewal_date`.
    case extendRenewalDate = "ExtendRenewalDate"
    /// Mass renewal-date extension (R-EXT-4). Case `mass_extend_renewal_date`.
    case massExtendRenewalDate = "MassExtendRenewalDate"
    /// Mass extension status (R-EXT-4). Case `get_mass_extension_status`.
    case getMassExtensionStatus = "GetMassExtensionStatus"
    /// All subscription statuses. Case `get_all_subscription_statuses`.
    case getAllSubscriptionStatuses = "GetAllSubscriptionStatuses"
    /// Advanced Commerce cancel. Case `cancel_subscription`.
    case cancelSubscription = "CancelSubscription"
    /// Advanced Commerce revoke. Case `revoke_subscription`.
    case revokeSubscription = "RevokeSubscription"
    /// Advanced Commerce refund request. Case `request_refund`.
    case requestRefund = "RequestRefund"
    /// Advanced Commerce metadata change (R-PRC-12). Case `change_metadata`.
    case changeMetadata = "ChangeMetadata"
    /// Advanced Commerce migration (R-PRC-13). Case `migrate_subscription`.
    case migrateSubscription = "MigrateSubscription"
    /// Test-clock advance (R-REN-3). Case `advance_test_clock`.
    case advanceTestClock = "AdvanceTestClock"
    /// Catalog reload (R-CAT-1/2). Case `reload_catalog`.
    case reloadCatalog = "ReloadCatalog"
    /// Get Transaction Info. Case `get_transaction_info`.
    case getTransactionInfo = "GetTransactionInfo"
    /// Get Transaction History (v2, `revision` paging). Case `get_transaction_history`.
    case getTransactionHistory = "GetTransactionHistory"
    /// Get Refund History. Case `get_refund_history`.
    case getRefundHistory = "GetRefundHistory"
    /// Get Notification History (the notifier's deliveries). Case `get_notification_history`.
    case getNotificationHistory = "GetNotificationHistory"
    /// Request a Test Notification. Case `request_test_notification`.
    case requestTestNotification = "RequestTestNotification"
    /// Get Test Notification Status. Case `get_test_notification_status`.
    case getTestNotificationStatus = "GetTestNotificationStatus"
    /// Get Subscription History (ours, the console's timeline): a subscription's or a customer's
    /// transactions and archived events. Case `get_subscription_history`.
    case getSubscriptionHistory = "GetSubscriptionHistory"
    /// Create a test clock at a given instant (R-CLK-1). Case `create_test_clock`.
    case createTestClock = "CreateTestClock"
    /// Read a test clock. Case `get_test_clock`.
    case getTestClock = "GetTestClock"
    /// List the test clocks. Case `list_test_clocks`.
    case listTestClocks = "ListTestClocks"
    /// Delete a test clock and everything on it (R-CLK-3). Case `delete_test_clock`.
    case deleteTestClock = "DeleteTestClock"
    /// The customer asks for a refund of a transaction; CONSUMPTION_REQUEST follows (R-REF-1).
    /// Case `request_customer_refund`.
    case requestCustomerRefund = "RequestCustomerRefund"
    /// Send Consumption Information (Apple's v2 body) for a pending refund request (R-REF-2).
    /// Case `send_consumption_information`.
    case sendConsumptionInformation = "SendConsumptionInformation"
    /// The operator's decision on a refund: grant (REFUND), decline (REFUND_DECLINED) or reverse
    /// a granted one (REFUND_REVERSED) (R-REF-3, R-REF-4). Case `decide_refund`.
    case decideRefund = "DecideRefund"
    /// Set App Account Token (R-REF-5). Case `set_app_account_token`.
    case setAppAccountToken = "SetAppAccountToken"
    /// Look Up Order ID (R-REF-6). Case `look_up_order_id`.
    case lookUpOrderId = "LookUpOrderId"
    /// What a planned price change would do to one page of a product's subscriptions, on a
    /// scratch timeline; changes nothing (docs/what-if.md, R-WIF-1). Case `price_change_what_if`.
    case priceChangeWhatIf = "PriceChangeWhatIf"
    /// Get App Transaction Info: the customer's app transaction, signed. Case
    /// `get_app_transaction_info`.
    case getAppTransactionInfo = "GetAppTransactionInfo"
    /// Finish Transaction: the app has delivered the transaction. Case `finish_transaction`.
    case finishTransaction = "FinishTransaction"
    /// The Retention Messaging API (images, messages, default messages, the real-time URL, the
    /// performance test) and the operator's review of images and messages
    /// (docs/retention-messaging.md). Case `manage_retention_messaging`.
    case manageRetentionMessaging = "ManageRetentionMessaging"
    /// Internal: the consumer's retention caller reports the app's real-time answer; the
    /// consumer records what the subscriber is shown. Case `record_retention_response`.
    case recordRetentionResponse = "RecordRetentionResponse"
    /// The subscriber answers a retention offer: keep, take the offer, switch plan or cancel.
    /// Case `answer_retention_message`.
    case answerRetentionMessage = "AnswerRetentionMessage"
    /// A subscription's retention offer. Case `get_retention_offer`.
    case getRetentionOffer = "GetRetentionOffer"

    /// The full name of the service in service.proto.
    public static let serviceName = "subscriptions.v1.SubscriptionCommands"
}

/// Maps envelope and reply oneof cases to their ``CommandRoute`` and back.
extension CommandRoute {
    /// The route of a command case.
    public init(_ command: Subscriptions_V1_CommandEnvelope.OneOf_Command) {
        switch command {
        case .purchase: self = .purchase
        case .switchProduct: self = .switchProduct
        case .createSubscription: self = .createSubscription
        case .modifySubscription: self = .modifySubscription
        case .reactivateSubscription: self = .reactivateSubscription
        case .changePrice: self = .changePrice
        case .respondToPriceIncrease: self = .respondToPriceIncrease
        case .setAutoRenew: self = .setAutoRenew
        case .reportBillingOutcome: self = .reportBillingOutcome
        case .extendRenewalDate: self = .extendRenewalDate
        case .massExtendRenewalDate: self = .massExtendRenewalDate
        case .getMassExtensionStatus: self = .getMassExtensionStatus
        case .getAllSubscriptionStatuses: self = .getAllSubscriptionStatuses
        case .cancelSubscription: self = .cancelSubscription
        case .revokeSubscription: self = .revokeSubscription
        case .requestRefund: self = .requestRefund
        case .changeMetadata: self = .changeMetadata
        case .migrateSubscription: self = .migrateSubscription
        case .advanceTestClock: self = .advanceTestClock
        case .reloadCatalog: self = .reloadCatalog
        case .getTransactionInfo: self = .getTransactionInfo
        case .getTransactionHistory: self = .getTransactionHistory
        case .getRefundHistory: self = .getRefundHistory
        case .getNotificationHistory: self = .getNotificationHistory
        case .requestTestNotification: self = .requestTestNotification
        case .getTestNotificationStatus: self = .getTestNotificationStatus
        case .getSubscriptionHistory: self = .getSubscriptionHistory
        case .createTestClock: self = .createTestClock
        case .getTestClock: self = .getTestClock
        case .listTestClocks: self = .listTestClocks
        case .deleteTestClock: self = .deleteTestClock
        case .requestCustomerRefund: self = .requestCustomerRefund
        case .sendConsumptionInformation: self = .sendConsumptionInformation
        case .decideRefund: self = .decideRefund
        case .setAppAccountToken: self = .setAppAccountToken
        case .lookUpOrderID: self = .lookUpOrderId
        case .priceChangeWhatIf: self = .priceChangeWhatIf
        case .getAppTransactionInfo: self = .getAppTransactionInfo
        case .finishTransaction: self = .finishTransaction
        case .manageRetentionMessaging: self = .manageRetentionMessaging
        case .recordRetentionResponse: self = .recordRetentionResponse
        case .answerRetentionMessage: self = .answerRetentionMessage
        case .getRetentionOffer: self = .getRetentionOffer
        }
    }

    /// The route of a reply result case; a reply's route must equal its command's.
    public init(_ result: Subscriptions_V1_CommandReply.OneOf_Result) {
        switch result {
        case .purchase: self = .purchase
        case .switchProduct: self = .switchProduct
        case .createSubscription: self = .createSubscription
        case .modifySubscription: self = .modifySubscription
        case .reactivateSubscription: self = .reactivateSubscription
        case .changePrice: self = .changePrice
        case .respondToPriceIncrease: self = .respondToPriceIncrease
        case .setAutoRenew: self = .setAutoRenew
        case .reportBillingOutcome: self = .reportBillingOutcome
        case .extendRenewalDate: self = .extendRenewalDate
        case .massExtendRenewalDate: self = .massExtendRenewalDate
        case .getMassExtensionStatus: self = .getMassExtensionStatus
        case .getAllSubscriptionStatuses: self = .getAllSubscriptionStatuses
        case .cancelSubscription: self = .cancelSubscription
        case .revokeSubscription: self = .revokeSubscription
        case .requestRefund: self = .requestRefund
        case .changeMetadata: self = .changeMetadata
        case .migrateSubscription: self = .migrateSubscription
        case .advanceTestClock: self = .advanceTestClock
        case .reloadCatalog: self = .reloadCatalog
        case .getTransactionInfo: self = .getTransactionInfo
        case .getTransactionHistory: self = .getTransactionHistory
        case .getRefundHistory: self = .getRefundHistory
        case .getNotificationHistory: self = .getNotificationHistory
        case .requestTestNotification: self = .requestTestNotification
        case .getTestNotificationStatus: self = .getTestNotificationStatus
        case .getSubscriptionHistory: self = .getSubscriptionHistory
        case .createTestClock: self = .createTestClock
        case .getTestClock: self = .getTestClock
        case .listTestClocks: self = .listTestClocks
        case .deleteTestClock: self = .deleteTestClock
        case .requestCustomerRefund: self = .requestCustomerRefund
        case .sendConsumptionInformation: self = .sendConsumptionInformation
        case .decideRefund: self = .decideRefund
        case .setAppAccountToken: self = .setAppAccountToken
        case .lookUpOrderID: self = .lookUpOrderId
        case .priceChangeWhatIf: self = .priceChangeWhatIf
        case .getAppTransactionInfo: self = .getAppTransactionInfo
        case .finishTransaction: self = .finishTransaction
        case .manageRetentionMessaging: self = .manageRetentionMessaging
        case .recordRetentionResponse: self = .recordRetentionResponse
        case .answerRetentionMessage: self = .answerRetentionMessage
        case .getRetentionOffer: self = .getRetentionOffer
        }
    }

    /// The command case of this route holding a default (empty) request, e.g. to
    /// build a command whose fields are then filled in.
    public func makeEmptyCommand() -> Subscriptions_V1_CommandEnvelope.OneOf_Command {
        switch self {
        case .purchase: .purchase(.init())
        case .switchProduct: .switchProduct(.init())
        case .createSubscription: .createSubscription(.init())
        case .modifySubscription: .modifySubscription(.init())
        case .reactivateSubscription: .reactivateSubscription(.init())
        case .changePrice: .changePrice(.init())
        case .respondToPriceIncrease: .respondToPriceIncrease(.init())
        case .setAutoRenew: .setAutoRenew(.init())
        case .reportBillingOutcome: .reportBillingOutcome(.init())
        case .extendRenewalDate: .extendRenewalDate(.init())
        case .massExtendRenewalDate: .massExtendRenewalDate(.init())
        case .getMassExtensionStatus: .getMassExtensionStatus(.init())
        case .getAllSubscriptionStatuses: .getAllSubscriptionStatuses(.init())
        case .cancelSubscription: .cancelSubscription(.init())
        case .revokeSubscription: .revokeSubscription(.init())
        case .requestRefund: .requestRefund(.init())
        case .changeMetadata: .changeMetadata(.init())
        case .migrateSubscription: .migrateSubscription(.init())
        case .advanceTestClock: .advanceTestClock(.init())
        case .reloadCatalog: .reloadCatalog(.init())
        case .getTransactionInfo: .getTransactionInfo(.init())
        case .getTransactionHistory: .getTransactionHistory(.init())
        case .getRefundHistory: .getRefundHistory(.init())
        case .getNotificationHistory: .getNotificationHistory(.init())
        case .requestTestNotification: .requestTestNotification(.init())
        case .getTestNotificationStatus: .getTestNotificationStatus(.init())
        case .getSubscriptionHistory: .getSubscriptionHistory(.init())
        case .createTestClock: .createTestClock(.init())
        case .getTestClock: .getTestClock(.init())
        case .listTestClocks: .listTestClocks(.init())
        case .deleteTestClock: .deleteTestClock(.init())
        case .requestCustomerRefund: .requestCustomerRefund(.init())
        case .sendConsumptionInformation: .sendConsumptionInformation(.init())
        case .decideRefund: .decideRefund(.init())
        case .setAppAccountToken: .setAppAccountToken(.init())
        case .lookUpOrderId: .lookUpOrderID(.init())
        case .priceChangeWhatIf: .priceChangeWhatIf(.init())
        case .getAppTransactionInfo: .getAppTransactionInfo(.init())
        case .finishTransaction: .finishTransaction(.init())
        case .manageRetentionMessaging: .manageRetentionMessaging(.init())
        case .recordRetentionResponse: .recordRetentionResponse(.init())
        case .answerRetentionMessage: .answerRetentionMessage(.init())
        case .getRetentionOffer: .getRetentionOffer(.init())
        }
    }

    /// The reply result case of this route holding a default (empty) reply.
    public func makeEmptyResult() -> Subscriptions_V1_CommandReply.OneOf_Result {
        switch self {
        case .purchase: .purchase(.init())
        case .switchProduct: .switchProduct(.init())
        case .createSubscription: .createSubscription(.init())
        case .modifySubscription: .modifySubscription(.init())
        case .reactivateSubscription: .reactivateSubscription(.init())
        case .changePrice: .changePrice(.init())
        case .respondToPriceIncrease: .respondToPriceIncrease(.init())
        case .setAutoRenew: .setAutoRenew(.init())
        case .reportBillingOutcome: .reportBillingOutcome(.init())
        case .extendRenewalDate: .extendRenewalDate(.init())
        case .massExtendRenewalDate: .massExtendRenewalDate(.init())
        case .getMassExtensionStatus: .getMassExtensionStatus(.init())
        case .getAllSubscriptionStatuses: .getAllSubscriptionStatuses(.init())
        case .cancelSubscription: .cancelSubscription(.init())
        case .revokeSubscription: .revokeSubscription(.init())
        case .requestRefund: .requestRefund(.init())
        case .changeMetadata: .changeMetadata(.init())
        case .migrateSubscription: .migrateSubscription(.init())
        case .advanceTestClock: .advanceTestClock(.init())
        case .reloadCatalog: .reloadCatalog(.init())
        case .getTransactionInfo: .getTransactionInfo(.init())
        case .getTransactionHistory: .getTransactionHistory(.init())
        case .getRefundHistory: .getRefundHistory(.init())
        case .getNotificationHistory: .getNotificationHistory(.init())
        case .requestTestNotification: .requestTestNotification(.init())
        case .getTestNotificationStatus: .getTestNotificationStatus(.init())
        case .getSubscriptionHistory: .getSubscriptionHistory(.init())
        case .createTestClock: .createTestClock(.init())
        case .getTestClock: .getTestClock(.init())
        case .listTestClocks: .listTestClocks(.init())
        case .deleteTestClock: .deleteTestClock(.init())
        case .requestCustomerRefund: .requestCustomerRefund(.init())
        case .sendConsumptionInformation: .sendConsumptionInformation(.init())
        case .decideRefund: .decideRefund(.init())
        case .setAppAccountToken: .setAppAccountToken(.init())
        case .lookUpOrderId: .lookUpOrderID(.init())
        case .priceChangeWhatIf: .priceChangeWhatIf(.init())
        case .getAppTransactionInfo: .getAppTransactionInfo(.init())
        case .finishTransaction: .finishTransaction(.init())
        case .manageRetentionMessaging: .manageRetentionMessaging(.init())
        case .recordRetentionResponse: .recordRetentionResponse(.init())
        case .answerRetentionMessage: .answerRetentionMessage(.init())
        case .getRetentionOffer: .getRetentionOffer(.init())
        }
    }
}

extension Subscriptions_V1_CommandEnvelope {
    /// The route of this envelope's command; `nil` when no command is set (or the
    /// case is unknown to this version, which decodes as unset plus unknown fields).
    public var route: CommandRoute? {
        command.map(CommandRoute.init)
    }
}

extension Subscriptions_V1_CommandReply {
    /// The route of this reply's result; `nil` when no result is set (status not OK).
    public var route: CommandRoute? {
        result.map(CommandRoute.init)
    }
}
