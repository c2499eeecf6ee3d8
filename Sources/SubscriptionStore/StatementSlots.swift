import GRDB

/// The statements one transaction has run, found by the address of their SQL literal.
///
/// A batch runs the same dozen statements for each of its commands, and GRDB's statement
/// cache finds a statement by hashing its SQL text: 1.3 % of the consumer's CPU at 500 commands
/// in flight. A literal's text stays at one address for the life of the process, so comparing
/// addresses finds it here (two equal literals may share an address, and then share the
/// statement, which is right). The statement is GRDB's cached one for this transaction's
/// connection; the slots live no longer than the transaction, so they never hold a statement
/// past its connection.
struct StatementSlots {
    private var keys: [UnsafeRawPointer] = []
    private var statements: [Statement] = []

    /// The prepared statement for `sql` on `database`. `sql` is a literal with a pointer
    /// representation (`utf8Start`), as every SQL statement is: only a literal of a single
    /// Unicode scalar has none.
    mutating func statement(_ sql: StaticString, in database: Database) throws -> Statement {
        let key = UnsafeRawPointer(sql.utf8Start)
        for index in keys.indices where keys[index] == key { return statements[index] }
        let statement = try database.cachedStatement(sql: sql.withUTF8Buffer { String(decoding: $0, as: UTF8.self) })
        keys.append(key)
        statements.append(statement)
        return statement
    }
}

extension StoreTransaction {
    /// Runs `sql` with `values` bound to its parameters in order, to completion.
    func run<each Value: SQLiteParameter>(_ sql: StaticString, _ values: repeat each Value) throws {
        try database.run(slots.statement(sql, in: database), repeat each values)
    }

    /// The first row of `sql` with `values` bound, read by `read`; nil when there is none.
    func firstRow<T, each Value: SQLiteParameter>(
        _ sql: StaticString, _ values: repeat each Value, read: (SQLiteRow) throws -> T
    ) throws -> T? {
        try database.firstRow(slots.statement(sql, in: database), repeat each values, read: read)
    }

    /// Every row of `sql` with `values` bound, each read by `read`, in the statement's order.
    func allRows<T, each Value: SQLiteParameter>(
        _ sql: StaticString, _ values: repeat each Value, read: (SQLiteRow) throws -> T
    ) throws -> [T] {
        try database.allRows(slots.statement(sql, in: database), repeat each values, read: read)
    }
}
