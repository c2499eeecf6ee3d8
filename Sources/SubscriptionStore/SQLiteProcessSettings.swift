import CSQLiteSettings
import GRDBSQLite

/// SQLite's settings for the whole process, made once, before this process's first connection
/// (docs/consumer.md, "SQLite's memory statistics").
///
/// SQLite counts the memory it holds unless told otherwise, and to count it every allocation
/// and free inside SQLite takes one process-wide mutex, shared by the consumer's writer, the
/// archive's writer and the checkpointer: with it off the consumer used about 8 % less CPU per
/// command at 500 commands in flight (docs/consumer.md, "SQLite's memory statistics").
/// Nothing here reads the count (`sqlite3_memory_used`, a soft heap limit), so the statistics
/// are turned off.
/// Every database this module opens goes through ``DatabasePool/durable(path:configuration:migrator:)``,
/// which asks for ``memoryStatisticsOff`` first, so in the services the setting is made before
/// any connection exists. In a process that opened a connection some other way first (a test
/// run), SQLite refuses the setting and keeps counting: slower, not wrong.
public enum SQLiteProcessSettings {
    /// Whether SQLite's memory statistics are off in this process: turned off on first use;
    /// false when SQLite was already initialized by then.
    public static var memoryStatisticsOff: Bool { memoryStatisticsResult == SQLITE_OK }

    /// The result of turning them off, made once (`static let` initializes once, under a lock,
    /// so no two threads call `sqlite3_config` at the same time).
    private static let memoryStatisticsResult: CInt = subscriptions_sqlite_memory_statistics_off()
}
