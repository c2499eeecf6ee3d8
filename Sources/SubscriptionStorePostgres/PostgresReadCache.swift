import Foundation
import SubscriptionStore

/// What one ``PostgresTransaction`` has read, and what it wrote since, so that the engine's next
/// read of the same thing is answered without a round trip (docs/scale-out.md, "A batch in a
/// handful of statements").
///
/// It is filled by the batch's preload (``PostgresTransaction/preload(_:)``) and by every read
/// that went to the server, and it is a cache, never a second source of truth: a read it cannot
/// answer goes to the server. What it answers stays true until the transaction ends because of
/// how it was read: a subscription row was read `FOR UPDATE` (no other transaction changes it
/// until this one ends), a customer's list under the customer's advisory lock, a test clock
/// `FOR SHARE`; the transaction's own writes update it as they are made. An id found absent is
/// remembered as absent without a lock: a save of it then inserts (no upsert), and if another
/// replica created the same id meanwhile that insert fails with a unique violation and the whole
/// transaction runs again, reading the row this time.
struct PostgresReadCache {
    /// A subscription row, as far as this transaction knows it.
    enum Row {
        /// The row with its body and the columns that never change for an id.
        case present(body: Data, clockId: String, customerId: String, groupId: String)
        /// No such row when it was read.
        case absent
    }

    /// Subscriptions by id.
    var subscriptions: [String: Row] = [:]
    /// The clock column of subscriptions found without their body (`clock(ofSubscription:)`),
    /// by id. Absence is not remembered here: the command's lookup of the row decides.
    var memberships: [String: String] = [:]
    /// A customer's subscriptions (id and group, every group), by clock column and customer:
    /// read under the customer's lock.
    var customers: [CustomerKey: [(id: String, groupId: String)]] = [:]
    /// Processed commands by id: the reply and digest, or nil when it was not processed.
    var processed: [String: (reply: Data, digest: Data?)?] = [:]
    /// Whether any test clock exists (nil: not read yet).
    var hasTestClocks: Bool?
    /// Test clocks read `FOR SHARE` or `FOR UPDATE` (or written) in this transaction, by id;
    /// nil: no such clock.
    var testClocks: [String: StoredTestClock?] = [:]
    /// Per clock column, a time no subscription's due time is before: learnt from `MIN(due_at)`,
    /// lowered by every due time written (as the SQLite store's `dueFloors`).
    var dueFloors: [String: Int64] = [:]

    /// A customer on a clock (`clock` is the stored `clock_id`: `''` for the consumer's clock).
    struct CustomerKey: Hashable {
        var clock: String
        var customerId: String
    }

    /// The subscription `id` was saved with these columns: the cache answers with the new body,
    /// a new id joins its customer's list, and every clock's due floor drops to `dueAt`.
    mutating func saved(_ body: Data, id: String, customerId: String, groupId: String, dueAt: Int64?, clock: String) {
        let isNew: Bool
        if case .present? = subscriptions[id] { isNew = false } else { isNew = true }
        subscriptions[id] = .present(body: body, clockId: clock, customerId: customerId, groupId: groupId)
        memberships[id] = clock
        if isNew {
            let key = CustomerKey(clock: clock, customerId: customerId)
            if let known = customers[key], !known.contains(where: { $0.id == id }) {
                customers[key] = known + [(id: id, groupId: groupId)]
            }
        }
        if let dueAt {
            for (clock, floor) in dueFloors where dueAt < floor { dueFloors[clock] = dueAt }
        }
    }

    /// Forgets everything about subscriptions (after a test clock's deletion removed some).
    mutating func forgetSubscriptions() {
        subscriptions = [:]
        memberships = [:]
        customers = [:]
        dueFloors = [:]
    }
}
