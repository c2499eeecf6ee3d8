import Foundation
import SubscriptionStore

extension PostgresTransaction {
    /// A preview (docs/previews.md) in a savepoint that is always rolled back, whatever `body`
    /// did or threw (a failed statement inside leaves the transaction usable again). The
    /// pending writes are sent first; the preview's own are dropped, and what the transaction
    /// knew before it is what it knows after it (locks taken inside go with the savepoint).
    public func rollingBack<Value>(_ body: () throws -> Value) throws -> Value {
        try flush()
        let known = cache
        try send("SAVEPOINT preview")
        let outcome = Result(catching: body)
        pending = PostgresPendingWrites()
        cache = known
        try send("ROLLBACK TO SAVEPOINT preview")
        try send("RELEASE SAVEPOINT preview")
        return try outcome.get()
    }
}
