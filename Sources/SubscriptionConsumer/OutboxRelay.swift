import AMQPClient
import Logging
import ServiceLifecycle
import SubscriptionStore
import SubscriptionTopology

/// Publishes the outbox to the events exchange with publisher confirms and deletes an entry
/// only once the broker confirmed it: an event is never lost, and one published twice
/// (after a crash between confirm and delete) carries the same `message_id` (R-EVT-3).
///
/// ``flush()`` is called after every committed batch; ``run()`` retries in the background
/// whatever a flush could not publish (broker away), and drains on shutdown.
actor OutboxRelay: Service {
    private let connection: AMQPConnection
    private let database: SubscriptionDatabase
    private let names: BusNames
    private let appId: String
    private let metrics: ConsumerMetrics
    private let logger: Logger
    private let retryInterval: Duration

    init(
        connection: AMQPConnection, database: SubscriptionDatabase, names: BusNames, appId: String,
        metrics: ConsumerMetrics, logger: Logger, retryInterval: Duration = .seconds(1)
    ) {
        self.connection = connection
        self.database = database
        self.names = names
        self.appId = appId
        self.metrics = metrics
        self.logger = logger
        self.retryInterval = retryInterval
    }

    /// Whether a flush is running; the actor is reentrant at every `await`, so without this
    /// two flushes (a batch's and the retry loop's) could publish the same entries twice.
    private var isFlushing = false
    private var waitingForFlush: [CheckedContinuation<Void, Never>] = []

    /// Publishes every pending entry, oldest first, in confirm windows of up to 256; one flush
    /// at a time (a caller arriving during a flush waits, then flushes what is left).
    /// Throws when the broker refused or could not be reached; what was confirmed is removed.
    func flush() async throws {
        while isFlushing {
            await withCheckedContinuation { waitingForFlush.append($0) }
        }
        isFlushing = true
        defer {
            isFlushing = false
            let waiting = waitingForFlush
            waitingForFlush = []
            for continuation in waiting { continuation.resume() }
        }
        try await flushPending()
    }

    private func flushPending() async throws {
        while true {
            let pending = try await database.read { try $0.pendingOutbox(limit: 256) }
            guard !pending.isEmpty else { break }
            let confirmed = await publish(pending)
            try await database.write { [confirmed] in try $0.removeFromOutbox(ids: confirmed) }
            metrics.eventsPublished(confirmed.count)
            if confirmed.count < pending.count {
                throw AMQPError(.connectionClosed, "\(pending.count - confirmed.count) event(s) not confirmed; they stay in the outbox")
            }
        }
        let backlog = try await database.read { try $0.outboxCount() }
        metrics.outboxBacklog(backlog)
    }

    /// Publishes `entries` concurrently and returns the ids the broker confirmed.
    private func publish(_ entries: [OutboxEntry]) async -> [Int64] {
        await withTaskGroup(of: Int64?.self) { group in
            for entry in entries {
                group.addTask { [connection, names, appId, logger] in
                    do {
                        // Not mandatory: an event no analytics queue is bound for is nobody's loss
                        // (publish/subscribe); bind a durable queue to receive every event.
                        try await connection.publish(
                            entry.message(appId: appId), exchange: names.eventsExchange,
                            routingKey: entry.routingKey, mandatory: false
                        )
                        return entry.id
                    } catch {
                        logger.debug("event not published", metadata: ["event.id": "\(entry.messageId)", "error": "\(error)"])
                        return nil
                    }
                }
            }
            var confirmed: [Int64] = []
            for await id in group { if let id { confirmed.append(id) } }
            return confirmed.sorted()
        }
    }

    /// Retries the outbox until shutdown, then drains it one last time.
    func run() async throws {
        while !Task.isShuttingDownGracefully, !Task.isCancelled {
            await flushLogging()
            try? await Task.sleep(for: retryInterval)
        }
        await flushLogging()
    }

    private func flushLogging() async {
        do {
            try await flush()
        } catch {
            logger.warning("outbox not fully published; will retry", metadata: ["error": "\(error)"])
        }
    }
}
