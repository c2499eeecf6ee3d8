import GRDB

extension DatabasePool {
    /// Makes the writer sync the WAL before every commit returns (`PRAGMA synchronous = FULL`).
    /// GRDB's WAL setup leaves the writer at `NORMAL`, under which the last commits can roll back
    /// after an OS crash or a power loss although they were committed (docs/reliability.md,
    /// "Durability of an acked command"). Call it after opening the pool.
    func syncEveryCommit() throws {
        try writeWithoutTransaction { try $0.execute(sql: "PRAGMA synchronous = FULL") }
    }

    /// The writer connection's `PRAGMA synchronous` (2 = FULL), for tests of durability.
    func writerSynchronousMode() async throws -> Int {
        try await writeWithoutTransaction { try Int.fetchOne($0, sql: "PRAGMA synchronous") ?? -1 }
    }
}
