import Foundation
import GRDB
import GRDBSQLite

/// The consumer's hot statements run through SQLite's C API on GRDB's cached statements
/// (docs/consumer.md, "GRDB's per-statement work").
///
/// GRDB's `execute(arguments:)` and `fetchOne(_:arguments:)` turn every argument into a
/// `DatabaseValue` through an existential, build a cursor or a row per call, and check the
/// transaction's state before and after each step: measured at 500 commands in flight, that
/// was 17 % of the consumer's CPU, more than SQLite itself. These functions bind typed values
/// straight to the statement GRDB prepared and cached, step it, read the columns they need,
/// and reset it. The statements are prepared, cached and finalized by GRDB as before, and
/// the transaction around them is still GRDB's (`write`, savepoints, rollback).
///
/// What they give up, on purpose: GRDB's transaction observers (the consumer registers
/// none) and GRDB's check that a failed statement left no aborted transaction behind (a
/// failing statement here throws, and the transaction around it then rolls back).
///
/// A failure throws a `DatabaseError` with SQLite's result code and message, so that
/// `SubscriptionDatabase.isOutage(_:)` tells a full disk or a busy database from a bug as
/// before. Text and blobs are bound as GRDB binds them (copied by SQLite; an empty `Data`
/// binds NULL).
extension Database {
    /// Runs `sql` with `values` bound to its parameters in order, to completion (an `INSERT`,
    /// `UPDATE` or `DELETE`).
    package func run<each Value: SQLiteParameter>(_ sql: String, _ values: repeat each Value) throws {
        try run(cachedStatement(sql: sql), repeat each values)
    }

    /// The first row of `sql` with `values` bound, read by `read`; nil when there is none.
    package func firstRow<T, each Value: SQLiteParameter>(
        _ sql: String, _ values: repeat each Value, read: (SQLiteRow) throws -> T
    ) throws -> T? {
        try firstRow(cachedStatement(sql: sql), repeat each values, read: read)
    }

    /// Every row of `sql` with `values` bound, each read by `read`, in the statement's order.
    package func allRows<T, each Value: SQLiteParameter>(
        _ sql: String, _ values: repeat each Value, read: (SQLiteRow) throws -> T
    ) throws -> [T] {
        try allRows(cachedStatement(sql: sql), repeat each values, read: read)
    }

    /// Runs `statement` (prepared on this connection) with `values` bound, to completion.
    package func run<each Value: SQLiteParameter>(_ statement: Statement, _ values: repeat each Value) throws {
        let handle = try bound(statement, repeat each values)
        defer { sqlite3_reset(handle) }
        while true {
            switch sqlite3_step(handle) {
            case SQLITE_DONE: return
            case SQLITE_ROW: continue
            case let code: throw failure(code, sql: statement.sql)
            }
        }
    }

    /// The first row of `statement` with `values` bound, read by `read`; nil when there is none.
    package func firstRow<T, each Value: SQLiteParameter>(
        _ statement: Statement, _ values: repeat each Value, read: (SQLiteRow) throws -> T
    ) throws -> T? {
        let handle = try bound(statement, repeat each values)
        defer { sqlite3_reset(handle) }
        switch sqlite3_step(handle) {
        case SQLITE_ROW: return try read(SQLiteRow(statement: handle))
        case SQLITE_DONE: return nil
        case let code: throw failure(code, sql: statement.sql)
        }
    }

    /// Every row of `statement` with `values` bound, each read by `read`, in its order.
    package func allRows<T, each Value: SQLiteParameter>(
        _ statement: Statement, _ values: repeat each Value, read: (SQLiteRow) throws -> T
    ) throws -> [T] {
        let handle = try bound(statement, repeat each values)
        defer { sqlite3_reset(handle) }
        var rows: [T] = []
        while true {
            switch sqlite3_step(handle) {
            case SQLITE_ROW: rows.append(try read(SQLiteRow(statement: handle)))
            case SQLITE_DONE: return rows
            case let code: throw failure(code, sql: statement.sql)
            }
        }
    }

    /// `statement`'s SQLite handle, reset, with `values` bound to all its parameters.
    private func bound<each Value: SQLiteParameter>(_ statement: Statement, _ values: repeat each Value) throws -> OpaquePointer {
        let handle = statement.sqliteStatement
        // A statement another path left stepping (a GRDB cursor) starts over.
        sqlite3_reset(handle)
        var index: CInt = 0
        for value in repeat each values {
            index += 1
            let code = value.bind(to: handle, at: index)
            guard code == SQLITE_OK else { throw failure(code, sql: statement.sql) }
        }
        // Every parameter is bound on every call: one left out would keep the previous call's value.
        guard sqlite3_bind_parameter_count(handle) == index else {
            throw DatabaseError(
                resultCode: .SQLITE_MISUSE,
                message: "\(index) values for \(sqlite3_bind_parameter_count(handle)) parameters", sql: statement.sql)
        }
        return handle
    }

    private func failure(_ code: CInt, sql: String) -> DatabaseError {
        DatabaseError(resultCode: ResultCode(rawValue: code), message: lastErrorMessage, sql: sql)
    }
}

/// A value that binds itself to a statement's parameter (SQLite's `sqlite3_bind_*`).
package protocol SQLiteParameter {
    /// Binds this value to the 1-based parameter `index`; returns SQLite's result code.
    func bind(to statement: OpaquePointer, at index: CInt) -> CInt
}

extension String: SQLiteParameter {
    package func bind(to statement: OpaquePointer, at index: CInt) -> CInt {
        // The UTF-8 in place (a C string conversion would copy it into a new array first).
        var text = self
        return text.withUTF8 { utf8 in
            let start = UnsafeRawPointer(utf8.baseAddress ?? Self.emptyText.utf8Start).assumingMemoryBound(to: CChar.self)
            return sqlite3_bind_text(statement, index, start, CInt(utf8.count), sqliteTransient)
        }
    }

    /// Where an empty string's text points: SQLite binds a NULL pointer as NULL, not as ''.
    private static let emptyText: StaticString = ""
}

extension Int64: SQLiteParameter {
    package func bind(to statement: OpaquePointer, at index: CInt) -> CInt {
        sqlite3_bind_int64(statement, index, self)
    }
}

extension Int: SQLiteParameter {
    package func bind(to statement: OpaquePointer, at index: CInt) -> CInt {
        sqlite3_bind_int64(statement, index, Int64(self))
    }
}

extension Data: SQLiteParameter {
    package func bind(to statement: OpaquePointer, at index: CInt) -> CInt {
        withUnsafeBytes { sqlite3_bind_blob(statement, index, $0.baseAddress, CInt($0.count), sqliteTransient) }
    }
}

extension Optional: SQLiteParameter where Wrapped: SQLiteParameter {
    package func bind(to statement: OpaquePointer, at index: CInt) -> CInt {
        switch self {
        case .some(let value): value.bind(to: statement, at: index)
        case .none: sqlite3_bind_null(statement, index)
        }
    }
}

/// The row a statement is on, valid only inside the `read` closure that received it.
package struct SQLiteRow {
    let statement: OpaquePointer

    package func isNull(_ column: CInt) -> Bool {
        sqlite3_column_type(statement, column) == SQLITE_NULL
    }

    /// The column's bytes (a blob, or text as UTF-8); nil for NULL.
    package func data(_ column: CInt) -> Data? {
        guard !isNull(column) else { return nil }
        // sqlite3_column_blob before sqlite3_column_bytes (SQLite's documented order).
        guard let bytes = sqlite3_column_blob(statement, column) else { return Data() }
        return Data(bytes: bytes, count: Int(sqlite3_column_bytes(statement, column)))
    }

    /// The column as text (UTF-8); nil for NULL.
    package func string(_ column: CInt) -> String? {
        guard !isNull(column) else { return nil }
        guard let text = sqlite3_column_text(statement, column) else { return "" }
        return String(decoding: UnsafeBufferPointer(start: text, count: Int(sqlite3_column_bytes(statement, column))), as: UTF8.self)
    }

    /// The column as an integer; nil for NULL.
    package func int64(_ column: CInt) -> Int64? {
        isNull(column) ? nil : sqlite3_column_int64(statement, column)
    }
}

/// SQLite copies the bound bytes before the call returns (`SQLITE_TRANSIENT`).
private let sqliteTransient = unsafeBitCast(OpaquePointer(bitPattern: -1), to: sqlite3_destructor_type.self)
