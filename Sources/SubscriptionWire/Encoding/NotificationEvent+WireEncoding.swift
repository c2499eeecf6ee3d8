import SubscriptionEngine
import SubscriptionMessages

extension ProtobufWriter {
    /// The fields of `subscriptions.v1.NotificationEvent` for `event`, as
    /// `Subscriptions_V1_NotificationEvent(event, causedBy: commandId)` sets them.
    mutating func notificationEvent(_ event: EngineEvent, causedBy commandId: String?) throws {
        enumeration(1, Subscriptions_V1_NotificationType(event.notificationType).rawValue)
        enumeration(2, Subscriptions_V1_Subtype(event.subtype).rawValue)
        string(3, event.notificationUUID)
        timestamp(4, event.signedDate)
        string(5, event.version)
        uint64(6, UInt64(WireContract.schemaVersion))
        uint64(7, event.sequence)
        string(8, event.subscriptionId)
        string(9, event.causedByCommandId ?? commandId ?? "")
        switch event.payload {
        case .data(let data):
            try message(20) { try $0.notificationData(data) }
        case .summary(let summary):
            try message(21, serializing: Subscriptions_V1_Summary(summary))
        case .communication(let communication):
            try message(22, serializing: Subscriptions_V1_SubscriberCommunication(communication))
        case .retention(let retention):
            try message(23, serializing: Subscriptions_V1_RetentionMessageEvent(retention))
        }
    }

    /// The fields of `subscriptions.v1.NotificationData`, as `Subscriptions_V1_NotificationData(data)` sets them.
    mutating func notificationData(_ data: NotificationData) throws {
        enumeration(1, Subscriptions_V1_Environment(data.environment).rawValue)
        int64(2, data.appAppleId)
        string(3, data.bundleId)
        string(4, data.bundleVersion)
        enumeration(5, Subscriptions_V1_SubscriptionStatus(data.status).rawValue)
        if let transaction = data.transactionInfo { try message(6) { try $0.transactionInfo(transaction) } }
        try message(7) { try $0.renewalInfo(data.renewalInfo) }
        if let reason = data.consumptionRequestReason {
            enumeration(8, Subscriptions_V1_ConsumptionRequestReason(reason).rawValue)
        }
    }
}
