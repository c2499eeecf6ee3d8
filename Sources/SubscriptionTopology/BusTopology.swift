import AMQPClient
import SubscriptionMessages

/// The broker topology both services declare (idempotently) at start, so a bare broker
/// works; identical to Compose/rabbitmq/definitions.json, or the broker would refuse the
/// declaration with 406 PRECONDITION_FAILED.
public enum BusTopology {
    /// Exchanges, the commands queue with its dead-letter queue, and one binding per method.
    public static func commands(_ names: BusNames) -> AMQPTopology {
        AMQPTopology(
            exchanges: [
                AMQPExchange(name: names.commandsExchange, kind: .direct),
                AMQPExchange(name: names.deadLetterExchange, kind: .fanout),
                AMQPExchange(name: names.eventsExchange, kind: .topic),
            ],
            queues: [
                .quorum(
                    name: names.commandsQueue,
                    deliveryLimit: BusNames.commandDeliveryLimit,
                    deadLetterExchange: names.deadLetterExchange
                ),
                AMQPQueue(name: names.deadLetterQueue, arguments: deadLetterQueueArguments),
            ],
            bindings: CommandRoute.allCases.map {
                AMQPBinding(queue: names.commandsQueue, exchange: names.commandsExchange, routingKey: $0.routingKey)
            } + [AMQPBinding(queue: names.deadLetterQueue, exchange: names.deadLetterExchange, routingKey: "")]
        )
    }

    /// The dead-letter queue's arguments: a quorum queue of at most
    /// ``BusNames/deadLetterQueueMaximumLength`` messages that refuses more (`reject-publish`)
    /// rather than dropping its oldest: the commands queue dead-letters at least once, so a
    /// command waits there while the dead-letter queue is full, and the consumer's own
    /// dead-letter publish is refused and retried. `subscriptions_dead_letter_queue_messages`
    /// against `…_limit` is the alert (docs/reliability.md, "Bounded resources").
    public static let deadLetterQueueArguments: AMQPTable = [
        "x-queue-type": .string("quorum"),
        "x-max-length": .int64(Int64(BusNames.deadLetterQueueMaximumLength)),
        "x-overflow": .string("reject-publish"),
    ]

    /// Only the events exchange: what an analytics consumer needs before binding its queue.
    public static func events(_ names: BusNames) -> AMQPTopology {
        AMQPTopology(exchanges: [AMQPExchange(name: names.eventsExchange, kind: .topic)])
    }
}
