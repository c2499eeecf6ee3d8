/// Collects the events of one step and stamps them: sequence, deterministic UUID, app data.
struct EventLog {
    let app: AppInfo
    let commandId: String?
    var events: [EngineEvent] = []

    /// Runs `body` with a log whose events are `events` (moved in, not copied), then moves them
    /// back with what `body` emitted appended: renewals and mass extensions write the events of
    /// thousands of subscriptions into their caller's array, each event copied once.
    static func appending(
        to events: inout [EngineEvent], app: AppInfo, commandId: String?, _ body: (inout EventLog) throws -> Void
    ) rethrows {
        var log = EventLog(app: app, commandId: commandId)
        swap(&log.events, &events)
        defer { swap(&log.events, &events) }
        try body(&log)
    }

    /// Emits an Apple notification about `subscription` with its current state.
    mutating func emit(
        _ type: NotificationType, _ subtype: NotificationSubtype?, _ subscription: inout Subscription, at now: Timestamp,
        transaction: TransactionRecord? = nil, consumptionRequestReason: ConsumptionRequestReason? = nil
    ) {
        var data = NotificationData(
            environment: app.environment, appAppleId: app.appAppleId, bundleId: app.bundleId,
            bundleVersion: app.bundleVersion, status: subscription.status,
            transactionInfo: transaction.map { subscription.transactionInfo($0, app: app, at: now) }
                ?? subscription.transactionInfo(app: app, at: now),
            renewalInfo: subscription.renewalInfo(app: app, at: now))
        data.consumptionRequestReason = consumptionRequestReason
        append(type, subtype, &subscription, at: now, payload: .data(data))
    }

    /// Emits a subscriber communication on one channel (R-EVT-2).
    mutating func communicate(
        _ channel: CommunicationChannel, _ kind: CommunicationKind, changes: [PriceChange],
        _ subscription: inout Subscription, at now: Timestamp
    ) {
        let communication = SubscriberCommunication(
            channel: channel, kind: kind, priceChangeIds: changes.map(\.id),
            consentRequired: changes.contains(where: \.consentRequired),
            effectiveRenewalDate: changes.map(\.effectiveDate).min() ?? subscription.expiresDate,
            originalTransactionId: subscription.originalTransactionId, storefront: subscription.storefront,
            environment: app.environment, bundleId: app.bundleId,
            renewalInfo: subscription.renewalInfo(app: app, at: now))
        append(.subscriberCommunication, kind.subtype, &subscription, at: now, payload: .communication(communication))
    }

    mutating func append(
        _ type: NotificationType, _ subtype: NotificationSubtype?, _ subscription: inout Subscription,
        at now: Timestamp, payload: EngineEvent.Payload
    ) {
        subscription.sequence += 1
        let id = subscription.originalTransactionId
        events.append(
            EngineEvent(
                notificationType: type, subtype: subtype,
                notificationUUID: NameBasedUUID.make("\(id)/\(subscription.sequence)"), signedDate: now,
                version: "2.0", sequence: subscription.sequence, subscriptionId: id, causedByCommandId: commandId,
                payload: payload))
    }
}
