import AMQPClient
import SubscriptionMessages
import SubscriptionTopology

/// The exchanges, queues and bindings of the command path (Protos/README.md, "Topology"),
/// declared idempotently by whoever starts first: the same ``BusTopology`` the consumer
/// declares, so the arguments always agree (a mismatch makes the broker refuse with 406).
///
/// The names come from ``BusNames``: `BUS_PREFIX` (default `subscriptions`) replaces the
/// first segment, so tests on a shared broker never collide.
public struct CommandTopology: Sendable, Hashable {
    /// Names of every exchange and queue.
    public var names: BusNames
    /// Deletes the queues after this long without use (`x-expires`); tests only, `nil` in production.
    public var queueExpiry: Duration?
    /// Retention of the event log, declared beside the command path (``EventLog``;
    /// `EVENT_LOG_MAX_AGE`, `EVENT_LOG_MAX_BYTES`, `EVENT_LOG_SEGMENT_BYTES`).
    public var eventLogRetention = EventLogRetention.defaults

    /// The topology under `names`.
    public init(names: BusNames = BusNames(), queueExpiry: Duration? = nil) {
        self.names = names
        self.queueExpiry = queueExpiry
    }

    /// The contract's names with `prefix` prepended (`t.` gives `t.subscriptions.commands`).
    public init(prefix: String, queueExpiry: Duration? = nil) {
        self.init(names: BusNames(prefix: prefix + "subscriptions"), queueExpiry: queueExpiry)
    }

    /// Direct exchange receiving commands; routing key = ``CommandRoute/routingKey``.
    public var commandsExchange: String { names.commandsExchange }
    /// Fanout exchange of dead-lettered commands.
    public var deadLetterExchange: String { names.deadLetterExchange }
    /// Quorum queue the consumer reads commands from.
    public var commandsQueue: String { names.commandsQueue }
    /// Quorum queue collecting dead-lettered commands.
    public var deadLetterQueue: String { names.deadLetterQueue }
    /// Prefix of the producer's reply queues.
    public var replyQueuePrefix: String { "\(names.prefix).replies." }
    /// Delivery limit of the commands queue before a command is dead-lettered.
    public static let deliveryLimit = BusNames.commandDeliveryLimit

    /// Everything to declare: exchanges, queues, one binding per ``CommandRoute``.
    public func topology() -> AMQPTopology {
        var topology = BusTopology.commands(names)
        if let queueExpiry {
            for index in topology.queues.indices {
                topology.queues[index].arguments["x-expires"] = .int64(queueExpiry.milliseconds)
            }
        }
        return topology
    }
}

extension Duration {
    /// Whole milliseconds, rounded down.
    var milliseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1000 + attoseconds / 1_000_000_000_000_000
    }
}
