/// How a store's new subscriptions get their `originalTransactionId` (docs/engine.md, "Ids are
/// deterministic"). Both kinds are 16 digits, numeric like Apple's; the first digit tells them
/// apart.
public enum SubscriptionIdScheme: Sendable, Hashable {
    /// `2` then 15 digits of a SHA-1 of the customer, the group and the test clock: a pure
    /// function of them, spread evenly over the whole range. Test clocks always use it (R-CLK-1).
    case hashed
    /// `3`, the time in milliseconds since 1970 (13 digits), then a 2-digit slot picked from the
    /// hash (the hashed id's last two digits): ids made later sort after earlier ones, and after
    /// every hashed id, so a new subscription's index entries land at the end of the indexes
    /// instead of on random pages. Only for a store whose transactions see every other writer's
    /// new ids (one writer at a time), on the consumer's clock; a millisecond whose slots are
    /// taken falls back to the hashed id.
    case timeOrdered
}
