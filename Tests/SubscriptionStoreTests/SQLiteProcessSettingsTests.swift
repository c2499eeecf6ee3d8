import Foundation
import GRDBSQLite
import SubscriptionStore
import Testing

/// `SQLiteProcessSettings` says what SQLite does: memory statistics off means it counts nothing.
/// Which of the two this process gets depends on the order of the tests (another suite may
/// open a connection first, and then SQLite refuses the setting); the built consumer, which
/// always gets "off", is checked end to end (`SQLiteSettingsEndToEndTests`).
@Suite("SQLite's process settings")
struct SQLiteProcessSettingsTests {
    @Test("with the memory statistics off, SQLite counts nothing; left on, it counts an open database")
    func memoryStatistics() async throws {
        let first = temporaryDatabasePath()
        let second = temporaryDatabasePath()
        defer {
            for path in [first, second] {
                try? FileManager.default.removeItem(atPath: URL(filePath: path).deletingLastPathComponent().path)
            }
        }
        let database = try SubscriptionDatabase(path: first)
        let before = sqlite3_memory_used()
        if SQLiteProcessSettings.memoryStatisticsOff {
            // Another suite's connection, opened while the setting was made, may have been
            // counted before it took: the count then stays where it was, whatever SQLite
            // allocates or frees from now on (here a second database, opened and written).
            let other = try SubscriptionDatabase(path: second)
            try await other.write { try $0.setSetting("probe", to: "x") }
            #expect(sqlite3_memory_used() == before, "memory statistics reported off, yet SQLite's count moved")
            withExtendedLifetime(other) {}
        } else {
            // Counted, this database's connections and caches among what SQLite holds.
            #expect(before > 0, "memory statistics reported on, yet SQLite counts nothing with a database open")
        }
        withExtendedLifetime(database) {}
    }
}
