import Foundation
import SubscriptionMessages
import SubscriptionStore
import SubscriptionWire

/// How the consumer's clock runs: the system clock, or a test clock that moves only when an
/// `AdvanceTestClock` command says so (`--clock manual`).
public enum ClockMode: String, Sendable, Codable, CaseIterable {
    case system
    case manual
}

/// What a handler knows about the moment a command is applied.
public struct CommandContext: Sendable {
    /// The engine's "now": the system time, or the persisted test clock in manual mode.
    public var now: Date
    /// Which clock produced `now`.
    public var clock: ClockMode

    /// A context at `now` under `clock`.
    public init(now: Date, clock: ClockMode) {
        self.now = now
        self.clock = clock
    }
}

/// The result of one command: the reply to send to `reply_to` and the events to publish,
/// in order. Both are stored in the same transaction as the state change.
///
/// The engine's replies and events stay in its own types until the consumer encodes them
/// (``OutgoingReply``, ``OutgoingEvent``); ``reply`` and ``events`` build the generated
/// messages for a caller that reads or changes them.
public struct CommandOutcome: Sendable {
    /// The reply (also stored as the processed-command record for replays).
    public var outgoingReply: OutgoingReply
    /// The notification events the command caused, in order (timers fired first).
    public var outgoingEvents: [OutgoingEvent]
    /// In manual clock mode, the new test-clock time after an `AdvanceTestClock` command.
    public var manualClockAdvancedTo: Date?

    /// An outcome.
    public init(reply: OutgoingReply, events: [OutgoingEvent], manualClockAdvancedTo: Date? = nil) {
        outgoingReply = reply
        outgoingEvents = events
        self.manualClockAdvancedTo = manualClockAdvancedTo
    }

    /// An outcome of messages already built.
    public init(
        reply: Subscriptions_V1_CommandReply,
        events: [Subscriptions_V1_NotificationEvent],
        manualClockAdvancedTo: Date? = nil
    ) {
        self.init(reply: OutgoingReply(reply), events: events.map(OutgoingEvent.init), manualClockAdvancedTo: manualClockAdvancedTo)
    }

    /// The reply as the generated message.
    public var reply: Subscriptions_V1_CommandReply {
        get { outgoingReply.message }
        set { outgoingReply = OutgoingReply(newValue) }
    }

    /// The events as generated messages.
    public var events: [Subscriptions_V1_NotificationEvent] {
        get { outgoingEvents.map(\.message) }
        set { outgoingEvents = newValue.map(OutgoingEvent.init) }
    }
}

/// Applies commands and the passage of time to the subscription state held in a
/// ``AggregateTransaction``. The consumer calls it inside one SQLite transaction per batch;
/// it never performs I/O of its own and never reads the wall clock.
///
/// A command that fails validation is not an error: it produces an outcome whose reply
/// carries the status (e.g. INVALID_ARGUMENT naming the field) and no events of its own; the
/// events of timers that fell due before it (and whose state changes are saved in the same
/// transaction) are still returned. A thrown error means the transaction must roll back (e.g.
/// the store failed).
public protocol CommandHandling: Sendable {
    /// Fires every timer due at or before `context.now`, then applies `envelope`.
    func handle(
        _ envelope: Subscriptions_V1_CommandEnvelope,
        context: CommandContext,
        in transaction: any AggregateTransaction
    ) throws -> CommandOutcome

    /// Fires every timer due at or before `now` in time order, with at most
    /// `massExtensionBatches` mass-extension batches, and returns the events. A caller that
    /// bounds the batches calls again (in a new transaction) while work is due.
    func advance(
        to now: Date, massExtensionBatches: Int, in transaction: any AggregateTransaction
    ) throws -> [OutgoingEvent]

    /// A preview's horizon (`preview_until`, docs/previews.md): fires the timers of the clock
    /// `envelope` runs on (its subscription's test clock, the one it names, else the consumer's)
    /// up to `until`, in the caller's transaction, which the caller rolls back.
    func advance(
        clockOf envelope: Subscriptions_V1_CommandEnvelope, to until: Date, context: CommandContext,
        in transaction: any AggregateTransaction
    ) throws -> [Subscriptions_V1_NotificationEvent]

    /// What a batch of `envelopes` will read first, for the store to load up front
    /// (``ConsumerStoreTransaction/preload(_:)``): a hint. No default: a handler that wraps
    /// another forwards its keys (a default here once hid the engine's keys behind the
    /// consumer's wrappers, and every command of a PostgreSQL batch read one by one again).
    func readKeys(for envelopes: [Subscriptions_V1_CommandEnvelope]) -> StoreReadKeys
}

extension CommandHandling {
    /// The consumer's clock only, as ``advance(to:massExtensionBatches:in:)`` (a handler that
    /// knows no test clocks).
    public func advance(
        clockOf envelope: Subscriptions_V1_CommandEnvelope, to until: Date, context: CommandContext,
        in transaction: any AggregateTransaction
    ) throws -> [Subscriptions_V1_NotificationEvent] {
        try advance(to: until, massExtensionBatches: CommandPreview.massExtensionBatches, in: transaction).map(\.message)
    }
}

/// Bounds of a preview (docs/previews.md).
public enum CommandPreview {
    /// Mass-extension batches (of 2,000 subscriptions) a preview's horizon may run.
    public static let massExtensionBatches = 16
    /// How far past its clock's now a preview may let the clock run: 3 years (1,096 days), three
    /// annual renewals; a later `preview_until` is refused (`TooManyEventsError`).
    public static let horizonDays = 1_096
    /// Most events a preview's horizon may fire; more is refused (`TooManyEventsError`), so
    /// no preview holds the whole database's renewals in memory.
    public static let maximumEvents = 10_000
    /// Most events one test-clock advance fires: a longer advance stops where this many fired
    /// (its reply's `now` says where) and is sent again for the rest, so no request holds
    /// thousands of years of renewals of every subscription in memory (docs/test-clocks.md).
    public static let maximumAdvanceEvents = 10_000
}
