import Foundation
import SubscriptionHandler
import SubscriptionMessages
import SubscriptionStore
import SubscriptionWire
import SwiftProtobuf

/// Completes Get Subscription History in the consumer's command path: the engine answers with
/// each subscription's state and transactions; this adds its archived events (latest
/// `event_limit`, by sequence), whether an archive is kept, and the engine's "now". Everything
/// else goes to the inner handler. A read: it fires nothing.
struct HistoryCommandHandler: CommandHandling {
    /// Events per subscription when the request names no limit.
    static let defaultEventLimit = 500

    let inner: any CommandHandling
    /// The archive's database; nil when `EVENT_ARCHIVE=off`.
    let archive: (any EventArchiveStore)?

    func handle(
        _ envelope: Subscriptions_V1_CommandEnvelope, context: CommandContext, in transaction: any AggregateTransaction
    ) throws -> CommandOutcome {
        guard case .getSubscriptionHistory(let request)? = envelope.command else {
            return try inner.handle(envelope, context: context, in: transaction)
        }
        var outcome = try inner.handle(envelope, context: context, in: transaction)
        guard outcome.reply.status == .ok, case .getSubscriptionHistory(var reply)? = outcome.reply.result else { return outcome }
        reply.archiveEnabled = archive != nil
        reply.now = Google_Protobuf_Timestamp(date: context.now)
        if let archive {
            let limit = request.eventLimit == 0 ? Self.defaultEventLimit : Int(request.eventLimit)
            for index in reply.subscriptions.indices {
                let (events, truncated) = try archive.events(ofSubscription: reply.subscriptions[index].originalTransactionID, limit: limit)
                reply.subscriptions[index].events = try events.map { try Subscriptions_V1_NotificationEvent(serializedBytes: $0.body) }
                reply.subscriptions[index].eventsTruncated = truncated
            }
        }
        outcome.reply.result = .getSubscriptionHistory(reply)
        return outcome
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
}
