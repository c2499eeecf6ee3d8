import Foundation
import SubscriptionEngine
import SubscriptionHandler
import SubscriptionMessages
import SubscriptionStore
import SubscriptionWire

/// A dry run of one command (docs/previews.md): applied in a savepoint of the batch's
/// transaction that is rolled back, so it sees every earlier command and leaves nothing; the
/// reply carries the events it would cause (`preview_events`). Nothing is recorded (the command
/// id stays unused, a later real command with it is applied) and no event reaches the outbox.
enum CommandPreviewRun {
    static func run(
        _ envelope: Subscriptions_V1_CommandEnvelope, route: CommandRoute, handler: any CommandHandling,
        clock: inout TransactionClock, in transaction: any ConsumerStoreTransaction
    ) throws -> Subscriptions_V1_CommandReply {
        let now = try clock.now()
        let context = CommandContext(now: now, clock: clock.mode)
        if route == .reloadCatalog {
            // The catalog swap lives in memory, outside the transaction: it cannot be rolled back.
            var refusal = Subscriptions_V1_CommandReply(
                commandId: envelope.commandID,
                rejection: EngineRejection(
                    .invalidArgument, field: "preview", "ReloadCatalog cannot be previewed: the catalog swap is not undone"),
                repliedAt: Timestamp(millisecondsSince1970: Int64((now.timeIntervalSince1970 * 1000).rounded())))
            refusal.preview = true
            return refusal
        }
        return try transaction.rollingBack {
            let outcome = try handler.handle(envelope, context: context, in: transaction)
            var events = outcome.events
            if envelope.hasPreviewUntil, outcome.reply.status == .ok {
                do {
                    events += try handler.advance(clockOf: envelope, to: envelope.previewUntil.date, context: context, in: transaction)
                } catch let rejection as EngineRejection {
                    // Beyond the horizon or the event cap (docs/previews.md): refused, nothing kept.
                    var refusal = Subscriptions_V1_CommandReply(
                        commandId: envelope.commandID, rejection: rejection,
                        repliedAt: Timestamp(millisecondsSince1970: Int64((now.timeIntervalSince1970 * 1000).rounded())))
                    refusal.preview = true
                    return refusal
                }
            }
            var reply = outcome.reply
            reply.preview = true
            reply.previewEvents = events
            return reply
        }
    }
}
