import Foundation
import SubscriptionStore

extension PostgresTransaction {
    /// A preview (docs/previews.md) in a savepoint that is always rolled back, whatever `body`
    /// did or threw (a failed statement inside leaves the transaction usable again).
    public func rollingBack<Value>(_ body: () throws -> Value) throws -> Value {
        try execute("SAVEPOINT preview")
        let outcome = Result(catching: body)
        try execute("ROLLBACK TO SAVEPOINT preview")
        try execute("RELEASE SAVEPOINT preview")
        return try outcome.get()
    }
}
