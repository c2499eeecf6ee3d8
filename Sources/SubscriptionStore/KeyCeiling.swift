/// What one SQLite transaction knows of the values of a unique text key (a subscription's id, a
/// processed command's id): the greatest stored when it first asked (`MAX(key)`, in SQLite's
/// byte order), and the values it inserted since.
///
/// A value above that greatest one and not inserted since has no row: nothing else adds rows
/// while the transaction holds SQLite's write lock, and a rolled-back savepoint only takes rows
/// away or brings back ones that were there before. Time-ordered keys are new values above every
/// stored one: a new subscription's time-ordered id (`3`, the purchase's millisecond, a slot:
/// docs/engine.md, "Ids are deterministic") and a keyless command's UUID version 7 id. Checking
/// that such a key is free then needs no lookup in its index (docs/consumer.md, "New keys
/// known absent"). Any other value, at or below the greatest, is looked up as before.
struct KeyCeiling {
    /// The greatest stored value when read; nil when the table was empty.
    private let greatest: String?
    /// The values this transaction inserted after the read (a batch's few dozen at most).
    private var insertedValues: Set<String> = []

    /// The ceiling of a table whose greatest key is `greatest` (nil: no row).
    init(greatest: String?) {
        self.greatest = greatest
    }

    /// Whether `value` certainly has no row: above the greatest (byte order, as SQLite's `BINARY`
    /// collation compares text) and not inserted by this transaction. Swift's `String` equality
    /// is looser than SQLite's (canonically equivalent text is equal), which only sends more
    /// values to a lookup.
    func excludes(_ value: String) -> Bool {
        guard !insertedValues.contains(value) else { return false }
        guard let greatest else { return true }
        return greatest.utf8.lexicographicallyPrecedes(value.utf8)
    }

    /// Records a row inserted under `value` by this transaction.
    mutating func inserted(_ value: String) {
        insertedValues.insert(value)
    }
}

extension StoreTransaction {
    /// The ceiling kept in `known`, read on first use with `greatest` (the key's `SELECT MAX`).
    func keyCeiling(_ known: inout KeyCeiling?, greatest sql: StaticString) throws -> KeyCeiling {
        if let known { return known }
        let ceiling = KeyCeiling(greatest: try firstRow(sql) { $0.string(0) } ?? nil)
        known = ceiling
        return ceiling
    }
}
