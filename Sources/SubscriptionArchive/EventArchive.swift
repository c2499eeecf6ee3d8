import Foundation
import Logging
import ServiceLifecycle
import SubscriptionStore
import Synchronization

/// Keeps a history of every notification event, for the console's timeline (docs/console.md,
/// "The event archive"). The consumer hands it each event the broker has confirmed, straight
/// from memory: ``archive(_:then:)`` from the command pipeline, ``store(_:)`` from the outbox
/// relay. It stores them in batches in its own SQLite file, off the command transaction (a
/// wake-up with few events waits ``EventArchiveConfiguration/linger`` for more, so that at a
/// few hundred commands/s the handovers of many command batches share a transaction), and
/// only then lets the caller delete them from the outbox: a crash before that republishes the
/// events from the outbox and archives them then, so a restart loses nothing, and an event
/// published twice is stored once (its `notification_uuid` is the key).
///
/// A store that keeps failing (a full disk) is retried ``EventArchiveConfiguration/attempts``
/// times, then the events are let go unarchived with an error in the log: the archive never
/// holds the outbox, and so the command path, hostage. Events archived longer ago than the
/// retention are deleted every ``EventArchiveConfiguration/pruneInterval``.
///
/// Run it before the services that feed it (the service group stops them first), so that
/// everything they hand over while stopping is still stored.
public final class EventArchive: Service {
    /// The archive's database, which the consumer's history query reads.
    public let database: any EventArchiveStore
    private let configuration: EventArchiveConfiguration
    private let logger: Logger
    private let pending = Mutex<[Handover]>([])
    /// Transactions that stored events (tests of the linger).
    private let storingTransactions = Atomic<Int>(0)
    private let wakeUps: AsyncStream<Void>
    private let wake: AsyncStream<Void>.Continuation

    /// Events handed over together, and what to do once they are stored.
    private struct Handover {
        var events: [ArchivedEvent]
        var then: @Sendable () -> Void
    }

    /// An archive storing into `database`.
    public init(database: any EventArchiveStore, configuration: EventArchiveConfiguration, logger: Logger) {
        self.database = database
        self.configuration = configuration
        self.logger = logger
        (wakeUps, wake) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    }

    /// Hands over published events without waiting; `then` runs once they are stored (or let
    /// go after the store kept failing).
    public func archive(_ events: [ArchivedEvent], then: @escaping @Sendable () -> Void) {
        guard !events.isEmpty else { return then() }
        pending.withLock { $0.append(Handover(events: events, then: then)) }
        wake.yield()
    }

    /// Stores published events and returns once they are stored (or let go).
    public func store(_ events: [ArchivedEvent]) async {
        guard !events.isEmpty else { return }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            archive(events) { continuation.resume() }
        }
    }

    public func run() async throws {
        logger.info("event archive started", metadata: ["retention.days": "\(configuration.retention.components.seconds / 86_400)"])
        await withDiscardingTaskGroup { group in
            group.addTask {
                for await _ in self.wakeUps {
                    await self.lingerWhileFew()
                    await self.storePending()
                }
                // Stopped: whatever came with the last wake-up is stored too.
                await self.storePending()
            }
            group.addTask {
                await cancelWhenGracefulShutdown { await self.pruneUntilCancelled() }
                // Every feeder stopped before this service: nothing more will come.
                self.wake.finish()
            }
        }
        logger.info("event archive stopped")
    }

    /// How many transactions have stored events so far.
    var transactionsStored: Int { storingTransactions.load(ordering: .relaxed) }

    /// Waits ``EventArchiveConfiguration/linger`` when fewer than a quarter of a batch is
    /// pending, so that the handovers of several command batches share one transaction.
    private func lingerWhileFew() async {
        guard configuration.linger > .zero else { return }
        // Nothing pending (a wake-up whose events an earlier pass took): nothing to wait for.
        let few = pending.withLock { pending in
            let count = pending.reduce(0) { $0 + $1.events.count }
            return count > 0 && count < configuration.batchLimit / 4
        }
        if few { try? await Task.sleep(for: configuration.linger) }
    }

    /// Stores everything handed over so far, up to ``EventArchiveConfiguration/batchLimit``
    /// events per transaction, and runs the handovers' `then` after their transaction.
    func storePending() async {
        while true {
            let handovers = pending.withLock { pending in
                var taken = 0
                var count = 0
                while taken < pending.count, count == 0 || count + pending[taken].events.count <= configuration.batchLimit {
                    count += pending[taken].events.count
                    taken += 1
                }
                defer { pending.removeFirst(taken) }
                return Array(pending.prefix(taken))
            }
            guard !handovers.isEmpty else { return }
            await insert(handovers.flatMap(\.events))
            for handover in handovers { handover.then() }
        }
    }

    /// One transaction, retried after a pause while it fails, at most ``EventArchiveConfiguration/attempts`` times.
    private func insert(_ events: [ArchivedEvent]) async {
        for attempt in 1...configuration.attempts {
            do {
                let stored = try await database.insert(events)
                storingTransactions.add(1, ordering: .relaxed)
                logger.trace("events archived", metadata: ["received": "\(events.count)", "new": "\(stored)"])
                return
            } catch where attempt < configuration.attempts {
                logger.warning("event archive could not store events; retrying", metadata: ["error": "\(error)", "attempt": "\(attempt)"])
                try? await Task.sleep(for: configuration.retryDelay)
            } catch {
                logger.error(
                    "event archive gave up storing events; the console's timeline misses them",
                    metadata: ["error": "\(error)", "events": "\(events.count)"])
            }
        }
    }

    /// Deletes events past the retention now and then every prune interval, until cancelled.
    func pruneUntilCancelled() async {
        while !Task.isCancelled {
            await prune(now: Date())
            try? await Task.sleep(for: configuration.pruneInterval)
        }
    }

    /// Deletes the events archived before `now` minus the retention.
    func prune(now: Date) async {
        let cutoff = Int64((now.timeIntervalSince1970 * 1000).rounded(.down)) - configuration.retention.milliseconds
        do {
            let deleted = try await database.prune(archivedBefore: cutoff)
            if deleted > 0 { logger.info("event archive pruned old events", metadata: ["deleted": "\(deleted)"]) }
        } catch {
            logger.error("event archive could not prune", metadata: ["error": "\(error)"])
        }
    }
}

extension Duration {
    /// Whole milliseconds.
    var milliseconds: Int64 { components.seconds * 1000 + components.attoseconds / 1_000_000_000_000_000 }
}
