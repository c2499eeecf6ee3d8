/// What a batch of commands is about to read, named before it runs, so that a store whose reads
/// are round trips (PostgreSQL) loads them up front, one statement per kind
/// (``ConsumerStoreTransaction/preload(_:)``). A hint, never a promise: what a command reads
/// and was not named is read when it asks, and what was named and is not read costs nothing
/// but the load (and, in a write transaction, its lock until the commit).
public struct StoreReadKeys: Sendable, Hashable {
    /// A customer on a clock (`clockId` nil: the consumer's clock).
    public struct Customer: Sendable, Hashable {
        public var clockId: String?
        public var customerId: String

        public init(clockId: String?, customerId: String) {
            self.clockId = clockId
            self.customerId = customerId
        }
    }

    /// Command ids whose processed-command records the batch looks up.
    public var commandIds: [String] = []
    /// Subscriptions (`originalTransactionId`s) the batch reads or creates.
    public var subscriptionIds: [String] = []
    /// Customers whose subscriptions the batch looks up (then reads).
    public var customers: [Customer] = []
    /// Test clocks the batch's commands run on (read, not changed).
    public var testClockIds: [String] = []

    public init(commandIds: [String] = [], subscriptionIds: [String] = [], customers: [Customer] = [], testClockIds: [String] = []) {
        self.commandIds = commandIds
        self.subscriptionIds = subscriptionIds
        self.customers = customers
        self.testClockIds = testClockIds
    }

    /// Whether nothing is named.
    public var isEmpty: Bool { commandIds.isEmpty && subscriptionIds.isEmpty && customers.isEmpty && testClockIds.isEmpty }
}
