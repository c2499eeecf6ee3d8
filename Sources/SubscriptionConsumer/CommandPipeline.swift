import AMQPClient
import Foundation
import Logging
import ServiceLifecycle
import SubscriptionEngine
import SubscriptionHandler
import SubscriptionMessages
import SubscriptionStore
import SubscriptionTopology
import SubscriptionWire

/// Stage one of the command pipeline: triage, then ONE store transaction for every command of
/// a batch (state, processed-command record, outbox, timers, and the deletion of outbox
/// entries confirmed since the last one; group commit, delivery order kept), then the batch's
/// events and replies queued on the connection in commit order. ``BatchSettler`` (stage two)
/// awaits their confirms and acks, while this stage already commits the next batch.
///
/// A delivery is acked only after its effects are committed and its events and reply
/// confirmed; a dead-lettered one after the dead-letter publish was confirmed.
struct CommandPipeline: Sendable {
    let database: any ConsumerStore
    let handler: any CommandHandling
    let clock: ConsumerClock
    let connection: AMQPConnection
    let messages: OutgoingMessages
    let deadLetters: DeadLetterSender
    let ledger: OutboxLedger
    let metrics: ConsumerMetrics
    let logger: Logger
    let retryDelay: Duration
    /// Mass-extension batches (of 2,000 subscriptions) per timer transaction.
    var massExtensionBatchesPerTransaction = 1
    /// Largest command body applied (`MAX_COMMAND_BYTES`); a larger one is dead-lettered.
    var maximumCommandBytes = CommandTriage.defaultMaximumBytes
    /// Test-only fault injection (`CRASH_ON_CUSTOMER`); off (nil) by default.
    var faultInjection: FaultInjection?
    /// Who may send operator-only commands (`OPERATOR_COMMAND_USERS`); everyone by default.
    var operatorSenders = OperatorCommandSenders()
    /// Notes the command being applied, so that a crash names its culprit (nil: not kept).
    var journal: CrashJournal?
    /// Commands that killed the previous process (``CrashJournal``): dead-lettered when they come back.
    var poison = PoisonCommands()

    /// A command that passed triage. Immutable and shared: the batch's transaction reads it and,
    /// after a failed batch, the one-by-one retry; as a struct each copy retained its delivery,
    /// envelope and route (0.5 % of the consumer's CPU at 500 commands in flight).
    final class Accepted: Sendable {
        let delivery: AMQPDelivery
        let envelope: Subscriptions_V1_CommandEnvelope
        let route: CommandRoute

        init(delivery: AMQPDelivery, envelope: Subscriptions_V1_CommandEnvelope, route: CommandRoute) {
            self.delivery = delivery
            self.envelope = envelope
            self.route = route
        }
    }

    /// Triage and commit `deliveries`; nil when nothing was committed (all dead-lettered,
    /// answered, or handed back).
    func commit(_ deliveries: [AMQPDelivery]) async -> PublishingBatch? {
        let started = ContinuousClock.now
        var accepted: [Accepted] = []
        accepted.reserveCapacity(deliveries.count)
        for delivery in deliveries {
            let properties = delivery.message.properties
            if let size = delivery.discardedBodySize {
                await refuseUnread(delivery, size: size)
                continue
            }
            switch CommandTriage(
                body: delivery.message.body, correlationId: properties.correlationId, contentType: properties.contentType,
                maximumBytes: maximumCommandBytes)
            {
            case .apply(let envelope, let route):
                if let refusal = operatorSenders.refusal(of: route, from: properties.userId) {
                    await refuseSender(delivery, commandId: envelope.commandID, reason: refusal)
                    continue
                }
                // The bus is an entry like HTTP: the same bounds as the producer's validators, a
                // refusal answered like any other, nothing stored (docs/consumer.md, step 1).
                if let problem = BusCommandValidator.problem(in: envelope) {
                    await answer(delivery, Subscriptions_V1_CommandReply(
                        commandId: envelope.commandID, rejection: problem,
                        repliedAt: Timestamp(millisecondsSince1970: Int64((Date().timeIntervalSince1970 * 1000).rounded()))))
                    continue
                }
                if poison.take(envelope.commandID) {
                    await deadLetter(
                        delivery, reason: "poison",
                        reply: .failure(
                            commandId: envelope.commandID, status: .internal,
                            message: "command \(envelope.commandID) (\(route.methodName)) crashed the consumer while it was applied; it was dead-lettered (x-subscriptions-poison) and not applied"),
                        poison: "command \(envelope.commandID) (\(route.methodName)) crashed the consumer while it was applied")
                    continue
                }
                accepted.append(Accepted(delivery: delivery, envelope: envelope, route: route))
            case .deadLetter(let reason, let reply):
                await deadLetter(delivery, reason: reason, reply: reply)
            case .answer(let reply):
                await answer(delivery, reply)
            }
        }
        guard !accepted.isEmpty else { return nil }
        metrics.batch(size: accepted.count)
        guard let batch = await apply(accepted, started: started) else { return nil }
        return publish(batch)
    }

    /// Fires due timers in one transaction (at most ``massExtensionBatchesPerTransaction``
    /// mass-extension batches); `moreDue` asks for another transaction.
    func fireTimers() async -> (batch: PublishingBatch?, moreDue: Bool) {
        let confirmed = ledger.takeConfirmed()
        do {
            let (events, moreDue) = try await database.write { [handler, clock, massExtensionBatchesPerTransaction] transaction in
                try transaction.removeFromOutbox(ids: confirmed)
                var transactionClock = TransactionClock(clock, in: transaction)
                let now = try transactionClock.now()
                let events = try handler.advance(to: now, massExtensionBatches: massExtensionBatchesPerTransaction, in: transaction)
                let stored = try transaction.enqueue(events.map { try $0.outboxEntry() })
                try QuarantineList.note(stored, in: transaction)
                let moreDue = try transaction.earliestDueDate().map { $0 <= now } ?? false
                return (stored, moreDue)
            }
            guard !events.isEmpty else { return (nil, moreDue) }
            return (publish(CommittedBatch(applied: [], events: events, started: .now)), moreDue)
        } catch {
            ledger.restoreConfirmed(confirmed)
            logger.error("firing due timers failed; retrying", metadata: ["error": "\(error)"])
            return (nil, false)
        }
    }

    /// Queues the batch's events (unless the relay owns publishing) and replies, in order.
    private func publish(_ batch: CommittedBatch) -> PublishingBatch {
        let direct = batch.events.isEmpty ? false : ledger.claimDirectPublish()
        var publishes: [AMQPPublish] = []
        publishes.reserveCapacity((direct ? batch.events.count : 0) + batch.applied.count)
        if direct {
            for entry in batch.events { publishes.append(messages.event(entry)) }
        }
        var replied: [Int] = []
        for (index, item) in batch.applied.enumerated() {
            guard let publish = messages.reply(item.reply, commandId: item.commandId, to: item.delivery.message.properties.replyTo)
            else { continue }
            publishes.append(publish)
            replied.append(index)
        }
        return PublishingBatch(
            batch: batch, publishes: connection.startPublishing(publishes), eventsPublishedDirectly: direct,
            repliedCommands: replied)
    }

    private func apply(_ batch: [Accepted], started: ContinuousClock.Instant) async -> CommittedBatch? {
        while true {
            let confirmed = ledger.takeConfirmed()
            do {
                return try await commitTransaction(batch, confirmed: confirmed, started: started)
            } catch where database.isOutage(error) && !Task.isShuttingDownGracefully {
                // The disk is full or the database locked: nothing is wrong with these commands.
                // Commit them again after a pause rather than hand them back, which would spend
                // their delivery attempts (x-delivery-limit) on an outage and dead-letter them.
                ledger.restoreConfirmed(confirmed)
                logger.warning("the database cannot be written; retrying the batch", metadata: [
                    "error": "\(error)", "batch.size": "\(batch.count)",
                ])
                try? await Task.sleep(for: retryDelay)
            } catch {
                ledger.restoreConfirmed(confirmed)
                return await applyAfterFailure(batch, error: error, started: started)
            }
        }
    }

    private func commitTransaction(
        _ batch: [Accepted], confirmed: [Int64], started: ContinuousClock.Instant
    ) async throws -> CommittedBatch {
        // What the batch will read, named for a store that loads it up front (PostgreSQL).
        let keys = database.preloadsReads ? handler.readKeys(for: batch.map(\.envelope)) : StoreReadKeys()
        let (applied, events) = try await database.write { [handler, clock, journal, faultInjection] transaction in
            defer { journal?.idle() }
            try transaction.removeFromOutbox(ids: confirmed)
            if !keys.isEmpty { try transaction.preload(keys) }
            var transactionClock = TransactionClock(clock, in: transaction)
            var applied: [CommittedBatch.Applied] = []
            applied.reserveCapacity(batch.count)
            var events: [OutboxEntry] = []
            for item in batch {
                journal?.applying(item.envelope.commandID)
                faultInjection?.crashIfMarked(item.envelope)
                let (reply, status) = try Self.apply(
                    item.envelope, route: item.route, handler: handler, clock: &transactionClock, in: transaction,
                    events: &events)
                applied.append(CommittedBatch.Applied(
                    delivery: item.delivery, method: item.route.methodName, commandId: item.envelope.commandID,
                    reply: reply, status: status))
            }
            let stored = try transaction.enqueue(consume events)
            try QuarantineList.note(stored, in: transaction)
            return (applied, stored)
        }
        return CommittedBatch(applied: applied, events: events, started: started)
    }

    /// The batch's transaction failed for another reason than an outage (a bug, a command the
    /// engine cannot take): commit each command alone, and hand back one that still fails.
    private func applyAfterFailure(_ batch: [Accepted], error: any Error, started: ContinuousClock.Instant) async -> CommittedBatch? {
        if batch.count > 1 {
            // One command spoiled the group commit: commit each alone so the others land.
            logger.warning("batch transaction failed; committing its commands one by one", metadata: ["error": "\(error)"])
            var applied: [CommittedBatch.Applied] = []
            var events: [OutboxEntry] = []
            for item in batch {
                guard let single = await self.apply([item], started: started) else { continue }
                applied += single.applied
                events += single.events
            }
            return applied.isEmpty ? nil : CommittedBatch(applied: applied, events: events, started: started)
        }
        await giveBack(batch[0], error: error)
        return nil
    }

    /// Applies one command inside the batch's transaction, or returns its stored reply when
    /// its `command_id` was processed before (replay: nothing changes); a preview is run and
    /// rolled back (``CommandPreviewRun``), and so is a what-if, always (docs/what-if.md).
    /// Internal for the tests.
    static func apply(
        _ envelope: Subscriptions_V1_CommandEnvelope, route: CommandRoute,
        handler: any CommandHandling, clock: inout TransactionClock, in transaction: any ConsumerStoreTransaction
    ) throws -> (reply: Data, status: Subscriptions_V1_StatusCode, events: [OutboxEntry]) {
        var events: [OutboxEntry] = []
        let (reply, status) = try apply(envelope, route: route, handler: handler, clock: &clock, in: transaction, events: &events)
        return (reply, status, events)
    }

    /// ``apply(_:route:handler:clock:in:)`` appending the command's events to the batch's
    /// `events`, so that they are not copied from an array of their own.
    private static func apply(
        _ envelope: Subscriptions_V1_CommandEnvelope, route: CommandRoute,
        handler: any CommandHandling, clock: inout TransactionClock, in transaction: any ConsumerStoreTransaction,
        events: inout [OutboxEntry]
    ) throws -> (reply: Data, status: Subscriptions_V1_StatusCode) {
        if envelope.preview || route == .priceChangeWhatIf {
            let reply = try CommandPreviewRun.run(envelope, route: route, handler: handler, clock: &clock, in: transaction)
            return (try reply.serializedBytes(), reply.status)
        }
        let digest = try CommandDigest.of(envelope)
        if let stored = try transaction.processedCommand(commandId: envelope.commandID) {
            // The same id (an idempotency key) with another body: refused, nothing changes.
            if let first = stored.digest, first != digest {
                let refusal = Subscriptions_V1_CommandReply(
                    commandId: envelope.commandID, rejection: CommandDigest.refusal(route: route), repliedAt: Timestamp(millisecondsSince1970: Int64((try clock.now().timeIntervalSince1970 * 1000).rounded())))
                return (try refusal.serializedBytes(), refusal.status)
            }
            var reply = try Subscriptions_V1_CommandReply(serializedBytes: stored.reply)
            reply.replayed = true
            return (try reply.serializedBytes(), reply.status)
        }
        let now = try clock.now()
        let outcome = try handler.handle(envelope, context: CommandContext(now: now, clock: clock.mode), in: transaction)
        let reply = try outcome.outgoingReply.encoded()
        try transaction.recordProcessed(commandId: envelope.commandID, method: route.methodName, reply: reply, at: now, digest: digest)
        if clock.mode == .manual, let advanced = outcome.manualClockAdvancedTo {
            try clock.advanced(to: advanced)
        }
        for event in outcome.outgoingEvents {
            events.append(try event.outboxEntry())
        }
        return (reply, outcome.outgoingReply.status)
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

    private func deadLetter(
        _ delivery: AMQPDelivery, reason: String, reply: Subscriptions_V1_CommandReply, poison: String? = nil
    ) async {
        logger.warning("command dead-lettered", metadata: ["reason": "\(reason)", "error": "\(reply.error.message)"])
        do {
            try await deadLetters.send(delivery, reason: reason, message: reply.error.message, poison: poison)
        } catch {
            logger.error("dead-letter publish failed; handing the command back", metadata: ["error": "\(error)"])
            try? await Task.sleep(for: retryDelay)
            try? await delivery.nack(requeue: true)
            return
        }
        metrics.deadLettered(reason: reason)
        await answer(delivery, reply, counted: false)
    }

    /// A body over `MAX_COMMAND_BYTES` that the client dropped frame by frame unread: answered
    /// `RESOURCE_EXHAUSTED` and rejected without requeue, so the broker dead-letters the message
    /// it still holds whole (`x-death` reason `rejected`).
    private func refuseUnread(_ delivery: AMQPDelivery, size: Int) async {
        let properties = delivery.message.properties
        let reply = Subscriptions_V1_CommandReply.failure(
            commandId: properties.correlationId ?? "", status: .resourceExhausted,
            message: "the command is \(size) bytes, more than the \(maximumCommandBytes) bytes this consumer accepts (MAX_COMMAND_BYTES); it was not read",
            field: "body")
        logger.warning("command over MAX_COMMAND_BYTES rejected unread", metadata: ["body.size": "\(size)"])
        if let body = try? reply.serializedBytes() as Data,
            let publish = messages.reply(body, commandId: reply.commandID, to: properties.replyTo)
        {
            _ = await connection.publish([publish])
        }
        metrics.deadLettered(reason: "too-large")
        try? await delivery.reject(requeue: false)
    }

    /// Replies and acks a command that is not applied (dead-lettered or past its deadline).
    /// An operator-only command from a broker user not allowed to send it: answered
    /// `PERMISSION_DENIED` with `reason`, nothing applied, and logged as a warning.
    private func refuseSender(_ delivery: AMQPDelivery, commandId: String, reason: String) async {
        logger.warning("operator command refused", metadata: [
            "command.id": "\(commandId)", "command.route": "\(delivery.routingKey)",
            "amqp.user_id": "\(delivery.message.properties.userId ?? "")", "reason": "\(reason)",
        ])
        await answer(delivery, .failure(commandId: commandId, status: .permissionDenied, message: reason, field: "user_id"))
    }

    private func answer(_ delivery: AMQPDelivery, _ reply: Subscriptions_V1_CommandReply, counted: Bool = true) async {
        if let body = try? reply.serializedBytes() as Data,
           let publish = messages.reply(body, commandId: reply.commandID, to: delivery.message.properties.replyTo) {
            _ = await connection.publish([publish])
        }
        if counted {
            metrics.commandProcessed(method: delivery.routingKey, status: "\(reply.status)", duration: .zero)
        }
        do {
            try await delivery.ack()
        } catch {
            logger.info("ack lost with the connection; the command will be replayed", metadata: ["error": "\(error)"])
        }
    }
}
