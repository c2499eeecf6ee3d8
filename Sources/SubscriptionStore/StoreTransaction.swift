import Foundation
import GRDB

/// One SQLite transaction of ``SubscriptionDatabase``: aggregates with their history and due
/// timers (``AggregateTransaction``), processed commands, the outbox and settings
/// (``ConsumerStoreTransaction``). Valid only inside the `write` or `read` closure that received it.
///
/// Every statement is prepared once per connection and reused (GRDB's statement cache): the
/// consumer runs the same few statements thousands of times a second. The ones each command
/// runs are bound and stepped through SQLite's C API (`DirectStatements.swift`), without GRDB's
/// per-call argument conversion, and found again by their literal's address
/// (`StatementSlots.swift`), without hashing their text.
public final class StoreTransaction {
    let database: Database
    /// The statements this transaction ran through ``run(_:_:)``, ``firstRow(_:_:read:)`` and
    /// ``allRows(_:_:read:)``, by their SQL literal (``StatementSlots``).
    var slots = StatementSlots()
    /// Whether a test clock exists, once read in this transaction (nil: not read yet): every
    /// command asks (``CommandClock``), and only this transaction can change the answer.
    var knownHasTestClocks: Bool?
    /// Per clock (`""` = the consumer's), a time no subscription's due time is before, learnt
    /// from `MIN(due_at)` in this transaction and lowered by every due time it writes: the
    /// engine's "is anything due?" before each command (``maySubscriptionBeDue(onClock:atOrBefore:)``)
    /// then needs no query. A lower bound stays one when due times move later or rows go.
    var dueFloors: [String: Int64] = [:]
    /// The rows of the latest mass-extension walk page (storage position and body), read with
    /// it: the engine then loads and saves each subscription of the page without going through
    /// the id index (at a million subscriptions the index no longer fits the page cache). A
    /// write of a subscription drops its body (its position stays); a rolled-back savepoint
    /// drops them all.
    var walked: [String: (ordinal: Int64, body: Data?)] = [:]
    /// The id of the latest ``subscription(_:)`` that found no row, until the next save: the
    /// engine looks a new subscription's id up before saving it, and that save then inserts
    /// without first trying an update. Only ``putSubscription(_:id:customerId:groupId:productId:dueAt:clockId:)``
    /// adds subscription rows, and it clears this, so the id is still absent when it is used;
    /// a rolled-back savepoint, which may bring deleted rows back, clears it too.
    var lastAbsentId: String?
    /// The greatest subscription id when this transaction first checked a new one, and the ids
    /// it inserted since (nil: not read yet): a new time-ordered id needs no lookup.
    var subscriptionIdsKnown: KeyCeiling?
    /// The same for processed commands' ids: a keyless command's UUID version 7 id needs none.
    var processedCommandIdsKnown: KeyCeiling?

    init(database: Database) {
        self.database = database
    }

    /// A prepared statement for `sql`, compiled on first use by this connection.
    @inline(__always)
    func statement(_ sql: String) throws -> Statement {
        try database.cachedStatement(sql: sql)
    }

    static func milliseconds(_ date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
    }

    static func date(_ milliseconds: Int64) -> Date {
        Date(timeIntervalSince1970: TimeInterval(milliseconds) / 1000)
    }
}

extension StoreTransaction {
    /// Runs `body` in a savepoint that is always rolled back: whatever it wrote is undone and the
    /// rest of the transaction stays as it was (a preview, docs/previews.md). A thrown error
    /// rolls back too and is rethrown.
    public func rollingBack<Value>(_ body: () throws -> Value) throws -> Value {
        var outcome: Result<Value, any Error> = .failure(StoreError(.corruptValue, "the preview's savepoint did not run"))
        try database.inSavepoint {
            outcome = Result(catching: body)
            return .rollback
        }
        walked = [:]
        // A rolled-back delete brings rows back: what was looked up and absent may exist again.
        lastAbsentId = nil
        return try outcome.get()
    }
}

extension StoreTransaction: ConsumerStoreTransaction {}
