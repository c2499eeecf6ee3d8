import Foundation
import GRDB

/// One SQLite transaction of ``SubscriptionDatabase``: aggregates with their history and due
/// timers (``AggregateTransaction``), processed commands, the outbox and settings
/// (``ConsumerStoreTransaction``). Valid only inside the `write` or `read` closure that received it.
///
/// Every statement is prepared once per connection and reused (GRDB's statement cache): the
/// consumer runs the same few statements thousands of times a second.
public final class StoreTransaction {
    let database: Database

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

extension StoreTransaction: ConsumerStoreTransaction {}
