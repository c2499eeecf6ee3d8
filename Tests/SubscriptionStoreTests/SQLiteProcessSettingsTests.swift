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
    func memoryStatistics() throws {
        let path = temporaryDatabasePath()
        defer { try? FileManager.default.removeItem(atPath: URL(filePath: path).deletingLastPathComponent().path) }
        let database = try SubscriptionDatabase(path: path)
        let used = sqlite3_memory_used()
        if SQLiteProcessSettings.memoryStatisticsOff {
            #expect(used == 0, "memory statistics reported off, yet SQLite counts \(used) bytes")
        } else {
            #expect(used > 0, "memory statistics reported on, yet SQLite counts nothing with a database open")
        }
        withExtendedLifetime(database) {}
    }
}
