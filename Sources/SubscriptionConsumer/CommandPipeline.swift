import AMQPClient
import Foundation
import Logging
import SubscriptionMessages
import SubscriptionStore
import SubscriptionWire

/// Applies a batch of delivered commands: triage, ONE SQLite transaction for every command
/// of the batch (state, processed-command record, outbox, timers; group commit, delivery
/// order kept), then events (confirmed), then replies, then acks. A delivery is acked only
/// after its effects are committed and, for a dead-lettered one, after the dead-letter
/// publish was confirmed.
struct CommandPipeline: Sendable {
    let database: SubscriptionDatabase
    let handler: any CommandHandling
    let clock: ConsumerClock
    let replies: ReplySender
    let deadLetters: DeadLetterSender
    let relay: OutboxRelay
    let metrics: ConsumerMetrics
    let logger: Logger
    let retryDelay: Duration

    /// A command that passed triage.
    struct Accepted: Sendable {
        var delivery: AMQPDelivery
        var envelope: Subscriptions_V1_CommandEnvelope
        var route: CommandRoute
    }

    func process(_ deliveries: [AMQPDelivery]) async {
        let started = ContinuousClock.now
        var accepted: [Accepted] = []
        for delivery in deliveries {
            switch CommandTriage(body: delivery.message.body, correlationId: delivery.message.properties.correlationId) {
            case .apply(let envelope, let route):
                accepted.append(Accepted(delivery: delivery, envelope: envelope, route: route))
            case .deadLetter(let reason, let reply):
                await deadLetter(delivery, reason: reason, reply: reply)
            case .answer(let reply):
                await replies.send(reply, to: delivery.message.properties.replyTo)
                metrics.commandProcessed(method: delivery.routingKey, status: "\(reply.status)", duration: .zero)
                await acknowledge(delivery)
            }
        }
        guard !accepted.isEmpty else { return }
        metrics.batch(size: accepted.count)
        await apply(accepted, started: started)
    }

    private func apply(_ batch: [Accepted], started: ContinuousClock.Instant) async {
        let replyList: [Subscriptions_V1_CommandReply]
        do {
            replyList = try await database.write { [handler, clock] transaction in
                try batch.map { try Self.apply($0.envelope, route: $0.route, handler: handler, clock: clock, in: transaction) }
            }
        } catch {
            if batch.count > 1 {
                // One command spoiled the group commit: retry each alone so the others land.
                for item in batch { await apply([item], started: started) }
                return
            }
            await giveBack(batch[0], error: error)
            return
        }
        do {
            try await relay.flush()
        } catch {
            logger.warning("events committed but not yet published; the relay retries", metadata: ["error": "\(error)"])
        }
        let duration = (ContinuousClock.now - started) / batch.count
        // Replies and acks of a committed batch are independent: send them all at once, so
        // their confirm round trips overlap instead of adding up.
        await withDiscardingTaskGroup { group in
            for (item, reply) in zip(batch, replyList) {
                group.addTask {
                    await replies.send(reply, to: item.delivery.message.properties.replyTo)
                    metrics.commandProcessed(method: item.route.methodName, status: "\(reply.status)", duration: duration)
                    await acknowledge(item.delivery)
                }
            }
        }
    }

    /// Applies one command inside the batch's transaction, or returns its stored reply when
    /// its `command_id` was processed before (replay: nothing changes).
    private static func apply(
        _ envelope: Subscriptions_V1_CommandEnvelope, route: CommandRoute,
        handler: any CommandHandling, clock: ConsumerClock, in transaction: StoreTransaction
    ) throws -> Subscriptions_V1_CommandReply {
        if let stored = try transaction.processedReply(commandId: envelope.commandID) {
            var reply = try Subscriptions_V1_CommandReply(serializedBytes: stored)
            reply.replayed = true
            return reply
        }
        let now = try clock.now(in: transaction)
        let outcome = try handler.handle(envelope, context: CommandContext(now: now, clock: clock.mode), in: transaction)
        try transaction.recordProcessed(
            commandId: envelope.commandID, method: route.methodName,
            reply: try outcome.reply.serializedBytes(), at: now
        )
        try transaction.enqueue(outcome.events.map(OutboxEntry.init(event:)))
        if clock.mode == .manual, let advanced = outcome.manualClockAdvancedTo {
            try clock.set(advanced, in: transaction)
        }
        return outcome.reply
    }

    /// A transaction failed (database busy, a bug): hand the command back to the broker after
    /// a pause. The queue's `x-delivery-limit` dead-letters it if it keeps failing.
    private func giveBack(_ item: Accepted, error: any Error) async {
        logger.error("command failed; handing it back to the broker", metadata: [
            "command.id": "\(item.envelope.commandID)", "command.method": "\(item.route.methodName)", "error": "\(error)",
        ])
        metrics.commandProcessed(method: item.route.methodName, status: "retried", duration: .zero)
        try? await Task.sleep(for: retryDelay)
        try? await item.delivery.nack(requeue: true)
    }

    private func deadLetter(_ delivery: AMQPDelivery, reason: String, reply: Subscriptions_V1_CommandReply) async {
        logger.warning("command dead-lettered", metadata: ["reason": "\(reason)", "error": "\(reply.error.message)"])
        do {
            try await deadLetters.send(delivery, reason: reason, message: reply.error.message)
        } catch {
            logger.error("dead-letter publish failed; handing the command back", metadata: ["error": "\(error)"])
            try? await Task.sleep(for: retryDelay)
            try? await delivery.nack(requeue: true)
            return
        }
        metrics.deadLettered(reason: reason)
        await replies.send(reply, to: delivery.message.properties.replyTo)
        await acknowledge(delivery)
    }

    private func acknowledge(_ delivery: AMQPDelivery) async {
        do {
            try await delivery.ack()
        } catch {
            // The channel is gone: the broker redelivers, and the processed-command record
            // turns the redelivery into a replay of the stored reply.
            logger.info("ack lost with the connection; the command will be replayed", metadata: ["error": "\(error)"])
        }
    }
}
