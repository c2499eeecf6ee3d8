import Foundation
import Logging
import ServiceLifecycle
import SubscriptionStore

/// Keeps the database bounded: every `interval` it deletes the processed-command records
/// older than the retention window (docs/consumer.md, "Storage and retention"), in short
/// write transactions of at most `batchSize` rows, off the command pipeline's hot path.
///
/// The pipeline and the pruner share SQLite's one writer: GRDB queues their transactions in
/// arrival order, so a command batch waits for at most one pruning batch (a few milliseconds),
/// and the pruner pauses between its batches so a stream of command batches keeps the writer.
/// "Now" is the consumer's clock: with `CLOCK=manual`, advancing the test clock past the
/// window prunes (how the storage figures and the tests make time pass).
final class RetentionPruner: Service {
    private let database: any ConsumerStore
    private let clock: ConsumerClock
    private let retention: Duration
    private let interval: Duration
    private let batchSize: Int
    private let pause: Duration
    private let metrics: ConsumerMetrics
    private let logger: Logger

    init(
        database: any ConsumerStore, clock: ConsumerClock, retention: Duration, interval: Duration, batchSize: Int,
        pause: Duration = .milliseconds(5), metrics: ConsumerMetrics, logger: Logger
    ) {
        self.database = database
        self.clock = clock
        self.retention = retention
        self.interval = interval
        self.batchSize = max(1, batchSize)
        self.pause = pause
        self.metrics = metrics
        self.logger = logger
    }

    func run() async throws {
        while !Task.isShuttingDownGracefully, !Task.isCancelled {
            try? await cancelWhenGracefulShutdown { [interval] in try await Task.sleep(for: interval) }
            guard !Task.isShuttingDownGracefully, !Task.isCancelled else { break }
            do {
                _ = try await pruneOnce()
            } catch {
                logger.warning("pruning processed commands failed; retrying later", metadata: ["error": "\(error)"])
            }
        }
    }

    /// Deletes every record older than the window, batch by batch; returns how many.
    func pruneOnce() async throws -> Int {
        guard let now = try await database.read({ [clock] in try clock.currentTime(in: $0) }) else { return 0 }
        let horizon = now.addingTimeInterval(-retention.timeInterval)
        var total = 0
        while !Task.isShuttingDownGracefully, !Task.isCancelled {
            let deleted = try await database.write { [batchSize] in try $0.pruneProcessedCommands(before: horizon, limit: batchSize) }
            total += deleted
            metrics.processedCommandsPruned(deleted)
            guard deleted == batchSize else { break }
            try? await Task.sleep(for: pause)
        }
        if total > 0 {
            logger.info("pruned processed commands", metadata: [
                "pruned": "\(total)", "horizon": "\(horizon)", "retention.seconds": "\(retention.components.seconds)",
            ])
        }
        return total
    }
}

extension Duration {
    /// Seconds as a `TimeInterval`.
    var timeInterval: TimeInterval {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
