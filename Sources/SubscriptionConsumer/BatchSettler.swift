import AMQPClient
import Logging
import SubscriptionMessages

/// Stage two of the command pipeline: for each committed batch, in commit order, waits for
/// the broker to confirm its events and replies, hands the confirmed outbox ids to the ledger
/// (deleted by the next transaction), and acks the batch's deliveries with one `basic.ack`
/// (`multiple`) for the last of them.
struct BatchSettler: Sendable {
    let ledger: OutboxLedger
    let metrics: ConsumerMetrics
    let logger: Logger

    func settle(_ publishing: PublishingBatch) async {
        let results = await publishing.publishes.results()
        let batch = publishing.batch
        if publishing.eventsPublishedDirectly {
            var confirmed: [Int64] = []
            confirmed.reserveCapacity(batch.events.count)
            var failed = false
            for (entry, result) in zip(batch.events, results) {
                switch result {
                case .success: confirmed.append(entry.id)
                case .failure(let error):
                    if !failed {
                        logger.warning("events committed but not published; the relay republishes the outbox", metadata: ["error": "\(error)"])
                    }
                    failed = true
                }
            }
            ledger.directPublishFinished(confirmed: confirmed, failed: failed)
            metrics.eventsPublished(confirmed.count)
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

    private func recordMetrics(_ applied: [CommittedBatch.Applied], duration: Duration) {
        var counts: [String: (method: String, status: Subscriptions_V1_StatusCode, count: Int)] = [:]
        for item in applied {
            let key = "\(item.method) \(item.status.rawValue)"
            counts[key, default: (item.method, item.status, 0)].count += 1
        }
        for (_, entry) in counts {
            metrics.commandsProcessed(method: entry.method, status: "\(entry.status)", count: entry.count, duration: duration)
        }
    }
}
