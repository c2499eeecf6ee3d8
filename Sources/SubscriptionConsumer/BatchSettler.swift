import AMQPClient
import Foundation
import Logging
import SubscriptionArchive
import SubscriptionMessages
import SubscriptionStore

/// Stage two of the command pipeline: for each committed batch, in commit order, waits for
/// the broker to confirm its events and replies, hands the confirmed events to the event
/// archive and then their outbox ids to the ledger (deleted by the next transaction), and acks
/// the batch's deliveries with one `basic.ack` (`multiple`) for the last of them.
struct BatchSettler: Sendable {
    let ledger: OutboxLedger
    let metrics: ConsumerMetrics
    let logger: Logger
    /// The connection the batches are published on: asked to reconnect when their confirms
    /// stop coming (nil: never).
    var connection: AMQPConnection?
    /// How long the broker may take to confirm a batch before the connection is dropped and
    /// its unconfirmed publishes sent again on a new one.
    var confirmPatience: Duration = .seconds(30)
    /// Where confirmed events are kept for the console (nil: `EVENT_ARCHIVE=off`).
    var archive: EventArchive?

    func settle(_ publishing: PublishingBatch) async {
        let results = await confirmed(publishing)
        let batch = publishing.batch
        if publishing.eventsPublishedDirectly {
            // The confirmed events' outbox ids, and their archive rows (made from the batch's
            // entries in place, not from copies of them).
            var ids: [Int64] = []
            ids.reserveCapacity(batch.events.count)
            var archived: [ArchivedEvent] = []
            let archivedAt = Int64((Date().timeIntervalSince1970 * 1000).rounded(.down))
            if archive != nil { archived.reserveCapacity(batch.events.count) }
            var failed = false
            for index in batch.events.indices where index < results.count {
                switch results[index] {
                case .success:
                    ids.append(batch.events[index].id)
                    if archive != nil { archived.append(ArchivedEvent(batch.events[index], archivedAt: archivedAt)) }
                case .failure(let error):
                    if !failed {
                        logger.warning("events committed but not published; the relay republishes the outbox", metadata: ["error": "\(error)"])
                    }
                    failed = true
                }
            }
            metrics.eventsPublished(ids.count)
            if let archive {
                // The outbox keeps the events until they are archived: a crash before that
                // republishes and archives them at the next start.
                archive.archive(archived) { [ledger, failed, ids] in
                    ledger.directPublishFinished(confirmed: ids, failed: failed)
                }
            } else {
                ledger.directPublishFinished(confirmed: ids, failed: failed)
            }
        }
        let replyResults = results.dropFirst(publishing.eventsPublishedDirectly ? batch.events.count : 0)
        for (index, result) in zip(publishing.repliedCommands, replyResults) {
            if case .failure(let error) = result {
                logger.info("reply not delivered", metadata: ["command.id": "\(batch.applied[index].commandId)", "error": "\(error)"])
            }
        }
        guard let last = batch.applied.last else { return }
        let duration = (ContinuousClock.now - batch.started) / batch.applied.count
        recordMetrics(batch.applied, duration: duration)
        do {
            // Every earlier delivery of this consumer is settled: earlier batches were acked
            // before this one, and this batch's dead-lettered or refused deliveries were
            // settled before it was committed.
            try await last.delivery.ack(multiple: true)
        } catch {
            // The channel is gone: the broker redelivers, and the processed-command record
            // turns the redelivery into a replay of the stored reply.
            logger.info("ack lost with the connection; the batch will be replayed", metadata: ["error": "\(error)"])
        }
    }

    /// The batch's publish results. A confirm can fail to come: seen after a broker node stopped
    /// under the consumers (all three replicas of the scale-out proof waited for minutes with a
    /// full prefetch window each). Every ``confirmPatience`` without them, the connection is
    /// dropped and made again, which sends the unconfirmed publishes again (at least once; the
    /// events keep their `message_id`, the replies their `correlation_id`).
    private func confirmed(_ publishing: PublishingBatch) async -> [Result<Void, AMQPError>] {
        guard let connection else { return await publishing.publishes.results() }
        return await withTaskGroup(of: [Result<Void, AMQPError>]?.self) { group in
            group.addTask { await publishing.publishes.results() }
            var waited = Duration.zero
            while true {
                group.addTask { [confirmPatience] in
                    try? await Task.sleep(for: confirmPatience)
                    return nil
                }
                // The results, or the patience ran out first (a cancelled sleep also ends early).
                if let next = await group.next(), let results = next {
                    group.cancelAll()
                    return results
                }
                waited += confirmPatience
                logger.error("the broker has not confirmed a batch's publishes; reconnecting to send them again", metadata: [
                    "events": "\(publishing.batch.events.count)", "waited": "\(waited)",
                    "commands": "\(publishing.batch.applied.count)",
                ])
                connection.reconnect(because: "no publisher confirm for \(waited)")
            }
        }
    }

    /// A method and a status: what the processed-commands counter is labelled with.
    private struct MethodStatus: Hashable {
        var method: String
        var status: Int
    }

    private func recordMetrics(_ applied: [CommittedBatch.Applied], duration: Duration) {
        // Counted per (method, status) first, without building a label per command.
        var counts: [MethodStatus: (status: Subscriptions_V1_StatusCode, count: Int)] = [:]
        for item in applied {
            counts[MethodStatus(method: item.method, status: item.status.rawValue), default: (item.status, 0)].count += 1
        }
        for (key, entry) in counts {
            metrics.commandsProcessed(method: key.method, status: "\(entry.status)", count: entry.count, duration: duration)
        }
    }
}
