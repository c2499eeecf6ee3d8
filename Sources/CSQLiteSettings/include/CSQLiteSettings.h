#ifndef C_SQLITE_SETTINGS_H
#define C_SQLITE_SETTINGS_H

/// Turns off SQLite's memory statistics for the whole process (`sqlite3_config` with
/// `SQLITE_CONFIG_MEMSTATUS` 0). With them on, every allocation and free inside SQLite takes a
/// process-wide mutex to keep `sqlite3_memory_used()` up to date, which nothing here reads
/// (docs/consumer.md, "SQLite's memory statistics"). `sqlite3_config` is variadic, so Swift
/// cannot call it: this function exists to make the call.
///
/// Returns SQLite's result code: `SQLITE_OK` (0), or `SQLITE_MISUSE` (21) when SQLite was
/// already initialized in this process (a connection was opened before), which leaves the
/// statistics on. Not thread-safe, as `sqlite3_config` is not: call it before any thread
/// opens a connection.
int subscriptions_sqlite_memory_statistics_off(void);

#endif
