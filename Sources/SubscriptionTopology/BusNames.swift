/// The names of the exchanges and queues the services share (Protos/README.md,
/// Compose/rabbitmq/definitions.json). A prefix other than `subscriptions` gives a
/// separate, parallel bus on the same broker (tests use one per run).
public struct BusNames: Sendable, Hashable {
    /// The prefix of every name, `subscriptions` in production.
    public var prefix: String

    /// Names under `prefix`.
    public init(prefix: String = "subscriptions") {
        self.prefix = prefix
    }

    /// Direct exchange commands are published to, one routing key per method.
    public var commandsExchange: String { "\(prefix).commands" }
    /// Quorum queue the consumer service reads commands from.
    public var commandsQueue: String { "\(prefix).commands" }
    /// Fanout exchange of commands that could never be processed.
    public var deadLetterExchange: String { "\(prefix).dead-letter" }
    /// Quorum queue holding dead-lettered commands for inspection and replay.
    public var deadLetterQueue: String { "\(prefix).commands.dead-letter" }
    /// Topic exchange of notification events, routing key `<TYPE>.<SUBTYPE|NONE>`.
    public var eventsExchange: String { "\(prefix).events" }
    /// Stream queue bound to the events exchange with `#`: every event, kept by age and size
    /// and readable from any offset or time by any number of readers (docs/event-stream.md).
    public var eventLog: String { "\(prefix).events.log" }
    /// Fanout exchange of the consumers' `ConsumerStatus` reports, for the console (docs/console.md).
    public var statusExchange: String { "\(prefix).status" }

    /// The most messages the dead-letter queue holds (`x-max-length`); more are refused.
    public static let deadLetterQueueMaximumLength = 100_000

    /// How often the broker delivers a command before dead-lettering it (`x-delivery-limit`).
    public static let commandDeliveryLimit = 5

    /// Whether a reply may go to the queue `name`, a command's `reply_to`: a queue outside the
    /// bus (`subscriptionsctl.replies.…`, a server-named `amq.gen-…`) or a reply queue of the
    /// bus (`<prefix>.replies.…`), but none of the bus's own queues (commands, dead letters,
    /// notifier, status…), where the default exchange would otherwise deliver what a sender
    /// asked for (docs/amqp-client.md, "Broker users").
    public func acceptsReply(to name: String) -> Bool {
        !name.hasPrefix(prefix + ".") || name.hasPrefix(prefix + ".replies.")
    }
}
