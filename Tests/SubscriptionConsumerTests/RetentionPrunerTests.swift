import Foundation
import Logging
import SubscriptionStore
import Testing

@testable import SubscriptionConsumer

/// The retention pruner on a real SQLite file, with the manual clock as "now".
@Suite("Retention pruner")
struct RetentionPrunerTests {
    let database: SubscriptionDatabase
    let clock = ConsumerClock(mode: .manual)
    static let day: TimeInterval = 86_400
    static let start = Date(timeIntervalSince1970: 1_767_225_600)

    init() throws {
        let path = FileManager.default.temporaryDirectory.appending(path: "pruner-\(UUID().uuidString)/db.sqlite").path
        database = try SubscriptionDatabase(path: path)
    }

    func pruner(batchSize: Int) -> RetentionPruner {
        var logger = Logger(label: "pruner-tests")
        logger.logLevel = .critical
        return RetentionPruner(
            database: database, clock: clock, retention: .seconds(30 * 86_400), interval: .seconds(3600), batchSize: batchSize,
            pause: .zero, metrics: ConsumerMetrics(), logger: logger)
    }

    /// Records `count` commands processed on `day` (days after ``start``), and sets the clock to `now`.
    func record(_ count: Int, day: Double, prefix: String) async throws {
        try await database.write { [clock] transaction in
            for index in 0..<count {
                try transaction.recordProcessed(
                    commandId: "\(prefix)-\(index)", method: "Purchase", reply: Data([1, 2, 3]),
                    at: Self.start.addingTimeInterval(day * Self.day))
            }
            try clock.set(Self.start, in: transaction)
        }
    }

    func setClock(day: Double) async throws {
        try await database.write { [clock] in try clock.set(Self.start.addingTimeInterval(day * Self.day), in: $0) }
    }

    @Test("records older than the window are deleted in batches; younger ones and the replay of a young command stay")
    func prunesOnlyExpiredRecords() async throws {
        try await record(1_234, day: 0, prefix: "old")
        try await record(10, day: 20, prefix: "young")
        try await setClock(day: 45)
        let pruned = try await pruner(batchSize: 100).pruneOnce()
        #expect(pruned == 1_234)
        let (remaining, oldReply, youngReply) = try await database.read {
            (try $0.processedCommandCount(), try $0.processedReply(commandId: "old-7"), try $0.processedReply(commandId: "young-7"))
        }
        #expect(remaining == 10)
        #expect(oldReply == nil)
        #expect(youngReply == Data([1, 2, 3]))
    }

    @Test("inside the window nothing is pruned; a manual clock never started prunes nothing")
    func nothingInsideTheWindow() async throws {
        #expect(try await pruner(batchSize: 10).pruneOnce() == 0, "no clock yet")
        try await record(50, day: 0, prefix: "recent")
        try await setClock(day: 29.9)
        #expect(try await pruner(batchSize: 10).pruneOnce() == 0)
        try await setClock(day: 30.1)
        #expect(try await pruner(batchSize: 10).pruneOnce() == 50)
    }

    @Test("pruning keeps the pipeline's writer: a command transaction queued meanwhile commits between pruning batches")
    func pipelineWritesInterleave() async throws {
        try await record(20_000, day: 0, prefix: "bulk")
        try await setClock(day: 40)
        let pruner = pruner(batchSize: 200)
        let pruning = Task { try await pruner.pruneOnce() }
        // Once pruning has begun, a command batch's transaction is queued: it must commit
        // before the 100 pruning batches are done (the writer is shared FIFO, not held).
        while try await database.read({ try $0.processedCommandCount() }) == 20_000 {
            try await Task.sleep(for: .milliseconds(1))
        }
        let remainingAtCommit = try await database.write { transaction in
            try transaction.recordProcessed(commandId: "live", method: "Purchase", reply: Data([9]), at: Self.start.addingTimeInterval(40 * Self.day))
            return try transaction.processedCommandCount()
        }
        let pruned = try await pruning.value
        #expect(pruned == 20_000)
        #expect(remainingAtCommit > 1, "the command committed while expired records were still being pruned (\(remainingAtCommit) left)")
        #expect(try await database.read { try $0.processedReply(commandId: "live") } == Data([9]))
    }
}
