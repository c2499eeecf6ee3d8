import StableIdentifiers

/// The `originalTransactionId` of a new subscription (docs/engine.md, "Ids are deterministic"),
/// 16 digits by the store's ``SubscriptionIdScheme``: hashed ones start with `2`, time-ordered
/// ones with `3`, so the kind shows and every time-ordered id sorts after every hashed one.
enum NewSubscriptionId {
    /// Slots tried in the millisecond of a time-ordered id before falling back to a hashed one:
    /// a consumer makes a few ids per millisecond, a clock that stands still (`CLOCK=manual`)
    /// fills its 100 slots and then gets hashed ids, still unique.
    static let timeOrderedAttempts = 4

    /// The first id of `store`'s scheme that is not `reserved` and that no subscription of the
    /// store has. On a test clock (the store's `clockId`) ids are always hashed, with the clock in
    /// the hash (R-CLK-1: a deleted clock's customers never get its ids again). Generic over the
    /// store, not given a closure: the check then costs no allocation.
    static func make(
        customerId: String, groupId: String, at now: Timestamp, reserved: String?, in store: some EngineStore
    ) throws -> String {
        let clockId = store.clockId
        func hash(_ salt: Int) -> UInt64 { Self.hash(customerId: customerId, groupId: groupId, clockId: clockId, salt: salt) }
        let first = hash(0)
        if store.subscriptionIdScheme == .timeOrdered, clockId == nil, let base = timeOrderedBase(now) {
            for attempt in 0..<UInt64(timeOrderedAttempts) {
                let id = String(base + (first % 100 + attempt) % 100)
                if id != reserved, try !store.containsSubscription(id) { return id }
            }
        }
        var salt = 0
        var value = first
        while true {
            let id = String(hashedBase + value % 1_000_000_000_000_000)
            if id != reserved, try !store.containsSubscription(id) { return id }
            salt += 1
            value = hash(salt)
        }
    }

    /// The first hashed id of a customer's new subscription in a group on a clock: what ``make``
    /// tries first on a store with hashed ids, unless that id is taken or reserved.
    static func firstHashed(customerId: String, groupId: String, clockId: String?) -> String {
        String(hashedBase + hash(customerId: customerId, groupId: groupId, clockId: clockId, salt: 0) % 1_000_000_000_000_000)
    }

    private static func hash(customerId: String, groupId: String, clockId: String?, salt: Int) -> UInt64 {
        let clock = clockId.map { "\u{1F}\($0)" } ?? ""
        let digest = SHA1.digest("\(customerId)\u{1F}\(groupId)\u{1F}\(salt)\(clock)".utf8)
        return digest.prefix(8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
    }

    /// `2` followed by 15 zeros: every hashed id is this plus 15 digits of the hash.
    static let hashedBase: UInt64 = 2_000_000_000_000_000
    /// `3` followed by 15 zeros: every time-ordered id is this plus 13 digits of milliseconds and
    /// a 2-digit slot.
    static let timeOrderedFloor: UInt64 = 3_000_000_000_000_000

    /// The first time-ordered id of the millisecond `now` (`3`, 13 digits of milliseconds,
    /// `00`); nil for a time before 1970 or after 2286, which 13 digits do not hold.
    static func timeOrderedBase(_ now: Timestamp) -> UInt64? {
        let milliseconds = now.millisecondsSince1970
        guard (0..<10_000_000_000_000).contains(milliseconds) else { return nil }
        return timeOrderedFloor + UInt64(milliseconds) * 100
    }
}
