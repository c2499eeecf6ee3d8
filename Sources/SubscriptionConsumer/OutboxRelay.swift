import AMQPClient
import Foundation
import Logging
import ServiceLifecycle
import SubscriptionArchive
import SubscriptionStore

/// Republishes the outbox from the database when the pipeline cannot publish it itself: at
/// start (a previous run may have left events behind) and after a publish failed (broker
/// refused or unreachable). It publishes in outbox id order (commit order) with confirms, and
/// hands publishing back to the pipeline once the outbox is drained (``OutboxLedger``). An
/// event is never lost, and one published twice (after a crash between confirm and delete)
/// carries the same `message_id` (R-EVT-3).
///
/// While the pipeline publishes, it deletes the confirmed entries the pipeline's last batch
/// left behind when no batch comes to do it.
///
/// With a shared database (several replicas, docs/scale-out.md) it also sweeps: every
/// `sweepInterval` it reads the ids of the oldest outbox rows, and when a row is still there
/// from the previous sweep (a replica died between its commit and its confirm, so nobody will
/// publish it), it recovers, republishing the outbox in order (an event at least once; a
/// duplicate with the same `message_id`).
actor OutboxRelay: Service {
    private let connection: AMQPConnection
    private let database: any ConsumerStore
    private let messages: OutgoingMessages
    private let ledger: OutboxLedger
    private let metrics: ConsumerMetrics
    private let logger: Logger
    private let retryInterval: Duration
    private let pollInterval: Duration
    private let sweepInterval: Duration?
    /// The outbox ids the last sweep saw, and when it ran.
    private var sweptIds: Set<Int64> = []
    private var lastSweep = ContinuousClock.now
    /// Where republished events are kept for the console before they leave the outbox.
    private let archive: EventArchive?

    init(
        connection: AMQPConnection, database: any ConsumerStore, messages: OutgoingMessages, ledger: OutboxLedger,
        metrics: ConsumerMetrics, logger: Logger, archive: EventArchive? = nil, retryInterval: Duration = .seconds(1),
        pollInterval: Duration = .milliseconds(20), sweepInterval: Duration? = nil
    ) {
        self.archive = archive
        self.connection = connection
        self.database = database
        self.messages = messages
        self.ledger = ledger
        self.metrics = metrics
        self.logger = logger
        self.retryInterval = retryInterval
        self.pollInterval = pollInterval
        self.sweepInterval = sweepInterval
    }

    /// Recovers whenever the ledger says so, until shutdown; then drains once more.
    func run() async throws {
        var idleRounds = 0
        while !Task.isShuttingDownGracefully, !Task.isCancelled {
            if ledger.isRecovering {
                idleRounds = 0
                if await recover() { continue }
                try? await Task.sleep(for: retryInterval)
                continue
            }
            idleRounds += 1
            // Confirmed entries normally go with the next batch's transaction; when no batch
            // comes for a while, delete them here so the outbox holds only what is unconfirmed.
            if idleRounds >= 10, ledger.hasConfirmed {
                idleRounds = 0
                await deleteConfirmed()
            }
            await sweepIfDue()
            try? await Task.sleep(for: pollInterval)
        }
        if ledger.isRecovering { _ = await recover() }
        await deleteConfirmed()
    }

    /// Whether a recovery runs; the actor is reentrant at every `await`, so without this two
    /// recoveries could publish the same entries twice.
    private var running = false
    private var waitingForRunning: [CheckedContinuation<Void, Never>] = []

    /// One recovery: waits until no direct publish is in flight, republishes the outbox in
    /// order, and hands publishing back when nothing was deferred to it meanwhile. False when a
    /// publish failed (retry later). One at a time: a caller arriving during a recovery waits
    /// for it, then recovers what is left.
    func recover() async -> Bool {
        while running {
            await withCheckedContinuation { waitingForRunning.append($0) }
        }
        running = true
        defer {
            running = false
            let waiting = waitingForRunning
            waitingForRunning = []
            for continuation in waiting { continuation.resume() }
        }
        guard ledger.isRecovering else { return true }
        while true {
            let checkpoint = ledger.recoveryCheckpoint()
            guard checkpoint.directInFlight == 0 else {
                try? await Task.sleep(for: .milliseconds(5))
                continue
            }
            await deleteConfirmed()
            do {
                var after: Int64 = 0
                while true {
                    let pending = try await database.read { [after] in try $0.pendingOutbox(after: after, limit: 512) }
                    guard let last = pending.last else { break }
                    let results = await connection.publish(pending.map(messages.event))
                    let confirmedEntries = zip(pending, results).compactMap { entry, result -> OutboxEntry? in
                        if case .success = result { return entry }
                        return nil
                    }
                    if let archive {
                        let archivedAt = Int64((Date().timeIntervalSince1970 * 1000).rounded(.down))
                        await archive.store(confirmedEntries.map { ArchivedEvent($0, archivedAt: archivedAt) })
                    }
                    let confirmed = confirmedEntries.map(\.id)
                    try await database.write { [confirmed] in try $0.removeFromOutbox(ids: confirmed) }
                    metrics.eventsPublished(confirmed.count)
                    if confirmed.count < pending.count {
                        logger.warning("outbox not fully published; will retry", metadata: [
                            "unconfirmed": "\(pending.count - confirmed.count)",
                        ])
                        return false
                    }
                    after = last.id
                }
            } catch {
                logger.warning("outbox recovery failed; will retry", metadata: ["error": "\(error)"])
                return false
            }
            if ledger.finishRecovery(ifDeferralsAre: checkpoint.deferrals) {
                let backlog = (try? await database.read { try $0.outboxCount() }) ?? 0
                metrics.outboxBacklog(backlog)
                logger.debug("outbox drained; the pipeline publishes again")
                return true
            }
        }
    }

    /// Recovers when an outbox row outlived a whole sweep interval (see the type's comment).
    private func sweepIfDue() async {
        guard let sweepInterval, ContinuousClock.now - lastSweep >= sweepInterval else { return }
        lastSweep = ContinuousClock.now
        guard let pending = try? await database.read({ try $0.pendingOutbox(after: 0, limit: 512) }) else { return }
        let ids = Set(pending.map(\.id))
        let stuck = ids.intersection(sweptIds)
        sweptIds = ids
        guard !stuck.isEmpty else { return }
        logger.warning("outbox rows outlived a sweep (a replica died before publishing them?); republishing the outbox", metadata: [
            "rows": "\(stuck.count)", "oldest": "\(stuck.min() ?? 0)",
        ])
        sweptIds = []
        ledger.requestRecovery()
    }

    private func deleteConfirmed() async {
        let ids = ledger.takeConfirmed()
        guard !ids.isEmpty else { return }
        do {
            try await database.write { try $0.removeFromOutbox(ids: ids) }
        } catch {
            ledger.restoreConfirmed(ids)
            logger.warning("confirmed events not deleted from the outbox; will retry", metadata: ["error": "\(error)"])
        }
    }
}
