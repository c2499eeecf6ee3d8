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
                AMQPQueue(name: names.deadLetterQueue, arguments: ["x-queue-type": .string("quorum")]),
            ],
            bindings: CommandRoute.allCases.map {
                AMQPBinding(queue: names.commandsQueue, exchange: names.commandsExchange, routingKey: $0.routingKey)
            } + [AMQPBinding(queue: names.deadLetterQueue, exchange: names.deadLetterExchange, routingKey: "")]
        )
    }

    /// Only the events exchange: what an analytics consumer needs before binding its queue.
    public static func events(_ names: BusNames) -> AMQPTopology {
        AMQPTopology(exchanges: [AMQPExchange(name: names.eventsExchange, kind: .topic)])
    }
}
