/// Why a subscription's timers are held: its due transition was refused by the engine's checked
/// arithmetic (a stored value from before the entries were bounded, or a bug), so it fires no
/// more timers until an operator retries it (`subscriptionsctl quarantine retry`,
/// docs/reliability.md). Commands still reach it; everything else is served as usual.
public struct Quarantine: Codable, Sendable, Hashable {
    /// When the transition that failed was due.
    public var dueAt: Timestamp
    /// The refusal, in plain words (``EngineRejection/description``).
    public var reason: String

    /// A quarantine of a transition due at `dueAt`, refused for `reason`.
    public init(dueAt: Timestamp, reason: String) {
        self.dueAt = dueAt
        self.reason = reason
    }
}
