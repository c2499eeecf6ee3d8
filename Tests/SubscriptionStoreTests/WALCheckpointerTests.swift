import Foundation
import Testing

@testable import SubscriptionStore

/// The writer's checkpoints run beside it (docs/consumer.md, "Checkpoints").
@Suite("WAL checkpoints beside the writer")
struct WALCheckpointerTests {
    /// Commits `transactions` transactions of `commands` processed commands with 3 KB replies
    /// each (a few pages of log per transaction), numbered from `first`.
    private func write(
        _ database: SubscriptionDatabase, transactions: Int, commands: Int = 4, from first: Int = 0
    ) async throws {
        let reply = Data(repeating: 7, count: 3_000)
        for transaction in first..<(first + transactions) {
            try await database.write { store in
                for command in 0..<commands {
                    try store.recordProcessed(commandId: "t\(transaction)-c\(command)", method: "Purchase", reply: reply, at: Date())
                }
            }
        }
    }

    @Test("below the inline limit no commit checkpoints: the background copies the log, which then restarts small")
    func backgroundCheckpoints() async throws {
        let path = temporaryDatabasePath()
        let checkpointer = WALCheckpointer(path: path, backgroundPages: 40, inlinePages: 1_000_000)
        let database = try SubscriptionDatabase(path: path, checkpointer: checkpointer)
        try await write(database, transactions: 60)
        // The last commit must have asked for a checkpoint (a pass comes every 40 pages of log):
        // the log it leaves uncopied is not restarted.
        var written = 60
        while !Self.lastCommitAskedForCheckpoint(checkpointer.statistics) && written < 200 {
            try await write(database, transactions: 1, from: written)
            written += 1
        }
        checkpointer.drain()
        // The log was copied while nothing wrote: the next commit starts it over.
        try await write(database, transactions: 1, from: written)
        let statistics = checkpointer.statistics
        #expect(statistics.background >= 1)
        #expect(statistics.inline == 0)
        #expect(statistics.failed == 0)
        #expect(statistics.largestLog >= 40)
        #expect(statistics.latestLog < 40, "the log restarted after the background checkpoint: \(statistics)")
        let rows = try await database.read { try $0.storageStatistics() }.rows["processed_command"]
        #expect(rows == (written + 1) * 4)
    }

    /// Statistics after `transactions` transactions written without pause on a fresh database,
    /// and the checkpoint they asked for drained.
    private func statisticsAfterWriting(
        _ transactions: Int, backgroundPages: Int, inlinePages: Int
    ) async throws -> WALCheckpointer.Counters {
        let path = temporaryDatabasePath()
        let checkpointer = WALCheckpointer(path: path, backgroundPages: backgroundPages, inlinePages: inlinePages)
        let database = try SubscriptionDatabase(path: path, checkpointer: checkpointer)
        try await write(database, transactions: transactions)
        checkpointer.drain()
        return checkpointer.statistics
    }

    private static func lastCommitAskedForCheckpoint(_ statistics: WALCheckpointer.Counters) -> Bool {
        statistics.latestLog >= 40 && statistics.latestRequestLog == statistics.latestLog
    }

    @Test("past twice backgroundPages a pass waits for another backgroundPages pages of log: a page rewritten meanwhile is copied once, not once per commit")
    func passesAreSpaced() async throws {
        let statistics = try await statisticsAfterWriting(300, backgroundPages: 40, inlinePages: 1_000_000)
        // In each cycle of the log, a pass at each commit from 40 to 80 pages (a commit logs at
        // least 4 pages here, one per 3 KB row: at most 10 commits), then at most one per 40
        // pages logged. A pass asked for at every commit from 40 pages on came at nearly every
        // one of the 300 commits (282 in a run, the log never restarting: 2,636 pages logged).
        #expect(statistics.requests >= 1)
        #expect(statistics.requests <= 10 * (statistics.restarts + 1) + statistics.loggedPages / 40, "\(statistics)")
        #expect(statistics.background + statistics.failed == statistics.requests)
        #expect(statistics.inline == 0)
    }

    @Test("a writer that never pauses keeps the log bounded: past the inline limit the commit checkpoints what is left")
    func boundedLog() async throws {
        // The background threshold equals the limit: only the inline checkpoint can restart the log.
        let statistics = try await statisticsAfterWriting(300, backgroundPages: 100, inlinePages: 100)
        #expect(statistics.inline >= 1 || statistics.background >= 1)
        // A transaction adds a handful of pages to the log: never far past the limit.
        #expect(statistics.largestLog < 130, "\(statistics)")
        #expect(statistics.failed == 0)
    }

    @Test("what was committed while checkpoints ran is all there after reopening the file")
    func durableAcrossCheckpoints() async throws {
        let path = temporaryDatabasePath()
        do {
            let checkpointer = WALCheckpointer(path: path, backgroundPages: 20, inlinePages: 80)
            let database = try SubscriptionDatabase(path: path, checkpointer: checkpointer)
            try await write(database, transactions: 150)
            #expect(checkpointer.statistics.background + checkpointer.statistics.inline >= 1)
        }
        let reopened = try SubscriptionDatabase(path: path)
        let rows = try await reopened.read { try $0.storageStatistics() }.rows["processed_command"]
        #expect(rows == 150 * 4)
        #expect(try await reopened.read { try $0.processedReply(commandId: "t149-c3") } == Data(repeating: 7, count: 3_000))
        #expect(try await reopened.writerSynchronousMode() == 2)
    }
}
