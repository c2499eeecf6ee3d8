import AMQPClient
import SubscriptionMessages

/// The exchanges, queues and bindings of the command path (Protos/README.md, "Topology"),
/// declared idempotently by whoever starts first. The arguments equal
/// `Compose/rabbitmq/definitions.json`; a mismatch makes the broker refuse the declaration (406).
///
/// `prefix` is prepended to every name so tests on a shared broker never collide; production
/// uses the empty prefix and the contract's names.
public struct CommandTopology: Sendable, Hashable {
    /// Prepended to every name (empty in production).
    public var prefix: String
    /// Deletes the queues after this long without use (`x-expires`); tests only, `nil` in production.
    public var queueExpiry: Duration?

    /// The contract's names, prefixed.
    public init(prefix: String = "", queueExpiry: Duration? = nil) {
        self.prefix = prefix
        self.queueExpiry = queueExpiry
    }

    /// Direct exchange receiving commands; routing key = ``CommandRoute/routingKey``.
    public var commandsExchange: String { prefix + "subscriptions.commands" }
    /// Fanout exchange of dead-lettered commands.
    public var deadLetterExchange: String { prefix + "subscriptions.dead-letter" }
    /// Quorum queue the consumer reads commands from.
    public var commandsQueue: String { prefix + "subscriptions.commands" }
    /// Quorum queue collecting dead-lettered commands.
    public var deadLetterQueue: String { prefix + "subscriptions.commands.dead-letter" }
    /// Delivery limit of the commands queue before a command is dead-lettered.
    public static let deliveryLimit = 5

    /// Everything to declare, in order: exchanges, queues, one binding per ``CommandRoute``.
    public func topology() -> AMQPTopology {
        var commands = AMQPQueue.quorum(
            name: commandsQueue, deliveryLimit: Self.deliveryLimit, deadLetterExchange: deadLetterExchange)
        var deadLetters = AMQPQueue(name: deadLetterQueue, arguments: ["x-queue-type": .string("quorum")])
        if let queueExpiry {
            let milliseconds = AMQPFieldValue.int64(queueExpiry.milliseconds)
            commands.arguments["x-expires"] = milliseconds
            deadLetters.arguments["x-expires"] = milliseconds
        }
        let bindings = CommandRoute.allCases.map {
            AMQPBinding(queue: commandsQueue, exchange: commandsExchange, routingKey: $0.routingKey)
        }
        return AMQPTopology(
            exchanges: [
                AMQPExchange(name: commandsExchange, kind: .direct),
                AMQPExchange(name: deadLetterExchange, kind: .fanout),
            ],
            queues: [commands, deadLetters],
            bindings: bindings + [AMQPBinding(queue: deadLetterQueue, exchange: deadLetterExchange, routingKey: "")]
        )
    }
}

extension Duration {
    /// Whole milliseconds, rounded down.
    var milliseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1000 + attoseconds / 1_000_000_000_000_000
    }
}
