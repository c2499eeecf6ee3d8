import Foundation
import SubscriptionEngine
import SubscriptionHandler
import SubscriptionMessages
import SubscriptionNotifier
import SubscriptionStore
import SubscriptionWire

/// Answers the notifier's commands in the consumer's command path and hands everything else
/// to the engine's handler: Get Notification History and Get Test Notification Status read the
/// notifier's database; Request a Test Notification is refused (404, as Apple does) when no
/// notification URL is configured. The two reads fire nothing (a read changes nothing, like the
/// engine's queries); the request fires the subscription timers that are due, like any command.
struct NotificationCommandHandler: CommandHandling {
    let inner: any CommandHandling
    let queries: NotificationQueries

    func handle(
        _ envelope: Subscriptions_V1_CommandEnvelope, context: CommandContext, in transaction: any AggregateTransaction
    ) throws -> CommandOutcome {
        let now = Timestamp(millisecondsSince1970: Int64((context.now.timeIntervalSince1970 * 1000).rounded()))
        switch envelope.command {
        case .requestTestNotification? where !queries.isEnabled:
            return try refuse(
                envelope,
                EngineRejection(
                    .notFound, error: .serverNotificationURLNotFound, field: "notificationURL",
                    "no notification URL is configured (NOTIFICATION_URLS of the consumer)"),
                at: now, context: context, in: transaction)
        case .getNotificationHistory(let request)?:
            var subscriptions: [String]?
            if !request.transactionID.isEmpty {
                guard let lookup = inner as? any CustomerLookup else {
                    return try refuse(
                        envelope, EngineRejection(.unimplemented, field: "transactionId", "this consumer cannot look up customers"),
                        at: now, context: context, firesDueTransitions: false, in: transaction)
                }
                do {
                    subscriptions = try lookup.subscriptionIds(ofCustomerOwning: request.transactionID, in: transaction)
                } catch let rejection as EngineRejection {
                    return try refuse(envelope, rejection, at: now, context: context, firesDueTransitions: false, in: transaction)
                }
            }
            return try answer(envelope, try queries.history(request, subscriptionIds: subscriptions).map { .getNotificationHistory($0) }, at: now, context: context, in: transaction)
        case .getTestNotificationStatus(let request)?:
            return try answer(envelope, try queries.testNotificationStatus(request).map { .getTestNotificationStatus($0) }, at: now, context: context, in: transaction)
        default:
            return try inner.handle(envelope, context: context, in: transaction)
        }
    }

    func readKeys(for envelopes: [Subscriptions_V1_CommandEnvelope]) -> StoreReadKeys {
        inner.readKeys(for: envelopes)
    }

    func advance(
        to now: Date, massExtensionBatches: Int, in transaction: any AggregateTransaction
    ) throws -> [OutgoingEvent] {
        try inner.advance(to: now, massExtensionBatches: massExtensionBatches, in: transaction)
    }

    func advance(
        clockOf envelope: Subscriptions_V1_CommandEnvelope, to until: Date, context: CommandContext,
        in transaction: any AggregateTransaction
    ) throws -> [Subscriptions_V1_NotificationEvent] {
        try inner.advance(clockOf: envelope, to: until, context: context, in: transaction)
    }

    private func answer(
        _ envelope: Subscriptions_V1_CommandEnvelope, _ result: Result<Subscriptions_V1_CommandReply.OneOf_Result, QueryProblem>,
        at now: Timestamp, context: CommandContext, in transaction: any AggregateTransaction
    ) throws -> CommandOutcome {
        switch result {
        case .success(let value):
            return CommandOutcome(reply: Subscriptions_V1_CommandReply(commandId: envelope.commandID, result: value, repliedAt: now), events: [])
        case .failure(let problem):
            return try refuse(
                envelope,
                EngineRejection(
                    problem.isNotFound ? .notFound : .invalidArgument, error: problem.error,
                    field: problem.field, problem.message),
                at: now, context: context, firesDueTransitions: false, in: transaction)
        }
    }

    private func refuse(
        _ envelope: Subscriptions_V1_CommandEnvelope, _ rejection: EngineRejection, at now: Timestamp, context: CommandContext,
        firesDueTransitions: Bool = true, in transaction: any AggregateTransaction
    ) throws -> CommandOutcome {
        let events = firesDueTransitions ? try inner.advance(to: context.now, massExtensionBatches: 0, in: transaction) : []
        return CommandOutcome(
            reply: OutgoingReply(Subscriptions_V1_CommandReply(commandId: envelope.commandID, rejection: rejection, repliedAt: now)),
            events: events)
    }
}
