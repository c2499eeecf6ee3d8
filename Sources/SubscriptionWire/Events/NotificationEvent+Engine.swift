import SubscriptionEngine
import SubscriptionMessages

extension Subscriptions_V1_NotificationEvent {
    /// The wire form of an engine event, stamped with this contract's `schema_version`.
    /// `caused_by_command_id` is the event's own, else `commandId` for events the engine did
    /// not attribute (pass nil for events caused by time).
    public init(_ event: EngineEvent, causedBy commandId: String? = nil) {
        self.init()
        notificationType = Subscriptions_V1_NotificationType(event.notificationType)
        subtype = Subscriptions_V1_Subtype(event.subtype)
        notificationUuid = event.notificationUUID
        signedDate = event.signedDate.protobuf
        version = event.version
        schemaVersion = WireContract.schemaVersion
        sequence = event.sequence
        subscriptionID = event.subscriptionId
        causedByCommandID = event.causedByCommandId ?? commandId ?? ""
        switch event.payload {
        case .data(let data): self.data = Subscriptions_V1_NotificationData(data)
        case .summary(let summary): self.summary = Subscriptions_V1_Summary(summary)
        case .communication(let communication):
            self.communication = Subscriptions_V1_SubscriberCommunication(communication)
        case .retention(let retention):
            self.retention = Subscriptions_V1_RetentionMessageEvent(retention)
        }
    }
}

extension Subscriptions_V1_NotificationData {
    init(_ data: NotificationData) {
        self.init()
        environment = Subscriptions_V1_Environment(data.environment)
        appAppleID = data.appAppleId
        bundleID = data.bundleId
        bundleVersion = data.bundleVersion
        status = Subscriptions_V1_SubscriptionStatus(data.status)
        if let transaction = data.transactionInfo { transactionInfo = Subscriptions_V1_TransactionInfo(transaction) }
        renewalInfo = Subscriptions_V1_RenewalInfo(data.renewalInfo)
        if let reason = data.consumptionRequestReason {
            consumptionRequestReason = Subscriptions_V1_ConsumptionRequestReason(reason)
        }
    }
}

extension Subscriptions_V1_Summary {
    init(_ summary: MassExtensionSummary) {
        self.init()
        requestIdentifier = summary.requestIdentifier
        environment = Subscriptions_V1_Environment(summary.environment)
        appAppleID = summary.appAppleId
        bundleID = summary.bundleId
        productID = summary.productId
        storefrontCountryCodes = summary.storefrontCountryCodes.map(\.rawValue)
        failedCount = summary.failedCount
        succeededCount = summary.succeededCount
    }
}

extension Subscriptions_V1_SubscriberCommunication {
    init(_ communication: SubscriberCommunication) {
        self.init()
        channel = Subscriptions_V1_CommunicationChannel(communication.channel)
        kind = Subscriptions_V1_CommunicationKind(communication.kind)
        priceChangeIds = communication.priceChangeIds
        consentRequired = communication.consentRequired
        effectiveRenewalDate = communication.effectiveRenewalDate.protobuf
        originalTransactionID = communication.originalTransactionId
        storefront = communication.storefront.rawValue
        environment = Subscriptions_V1_Environment(communication.environment)
        bundleID = communication.bundleId
        renewalInfo = Subscriptions_V1_RenewalInfo(communication.renewalInfo)
    }
}
