/// An exchange to declare.
public struct AMQPExchange: Sendable, Hashable {
    /// The exchange type.
    public enum Kind: String, Sendable, Hashable {
        case direct, topic, fanout, headers
    }

    /// The exchange name.
    public var name: String
    /// The routing behaviour.
    public var kind: Kind
    /// Survives a broker restart.
    public var durable: Bool
    /// Optional arguments (e.g. `alternate-exchange`).
    public var arguments: AMQPTable

    /// An exchange, durable by default.
    public init(name: String, kind: Kind, durable: Bool = true, arguments: AMQPTable = [:]) {
        self.name = name
        self.kind = kind
        self.durable = durable
        self.arguments = arguments
    }
}

/// A queue to declare.
public struct AMQPQueue: Sendable, Hashable {
    /// The queue name.
    public var name: String
    /// Survives a broker restart.
    public var durable: Bool
    /// Used by one connection only and deleted when it closes.
    public var exclusive: Bool
    /// Deleted when its last consumer goes away.
    public var autoDelete: Bool
    /// Queue arguments (`x-queue-type`, `x-delivery-limit`, `x-dead-letter-exchange`…).
    public var arguments: AMQPTable

    /// A queue, durable and shared by default.
    public init(
        name: String,
        durable: Bool = true,
        exclusive: Bool = false,
        autoDelete: Bool = false,
        arguments: AMQPTable = [:]
    ) {
        self.name = name
        self.durable = durable
        self.exclusive = exclusive
        self.autoDelete = autoDelete
        self.arguments = arguments
    }

    /// A durable quorum queue with an explicit delivery limit (RabbitMQ 3.10 has no default,
    /// 4.x defaults to 20: always set it) and, optionally, a dead-letter exchange with
    /// at-least-once dead-lettering (which needs `x-overflow=reject-publish`).
    public static func quorum(
        name: String,
        deliveryLimit: Int,
        deadLetterExchange: String?,
        deadLetterRoutingKey: String? = nil,
        singleActiveConsumer: Bool = false
    ) -> AMQPQueue {
        var arguments: AMQPTable = [
            "x-queue-type": .string("quorum"),
            "x-delivery-limit": .int64(Int64(deliveryLimit)),
        ]
        if let deadLetterExchange {
            arguments["x-dead-letter-exchange"] = .string(deadLetterExchange)
            arguments["x-dead-letter-strategy"] = .string("at-least-once")
            arguments["x-overflow"] = .string("reject-publish")
        }
        if let deadLetterRoutingKey {
            arguments["x-dead-letter-routing-key"] = .string(deadLetterRoutingKey)
        }
        if singleActiveConsumer {
            arguments["x-single-active-consumer"] = .bool(true)
        }
        return AMQPQueue(name: name, arguments: arguments)
    }
}

extension AMQPQueue {
    /// A durable stream queue (`x-queue-type=stream`): an append-only log that any number of
    /// consumers read from an offset (``AMQPStreamOffset``), retained by age and size.
    ///
    /// - Parameters:
    ///   - maxAge: `x-max-age`, e.g. `"30D"` (units `Y`, `M`, `D`, `h`, `m`, `s`): whole segments
    ///     older than this are deleted; nil keeps them for ever.
    ///   - maxLengthBytes: `x-max-length-bytes`: the oldest segments are deleted while the stream
    ///     is larger; nil sets no bound.
    ///   - segmentBytes: `x-stream-max-segment-size-bytes`, the size of one segment file, the unit
    ///     in which retention deletes (RabbitMQ's default is 500,000,000).
    ///
    /// The broker refuses (406) a declaration whose arguments differ from the stream's.
    public static func stream(name: String, maxAge: String?, maxLengthBytes: Int64?, segmentBytes: Int64?) -> AMQPQueue {
        var arguments: AMQPTable = ["x-queue-type": .string("stream")]
        if let maxAge { arguments["x-max-age"] = .string(maxAge) }
        if let maxLengthBytes { arguments["x-max-length-bytes"] = .int64(maxLengthBytes) }
        if let segmentBytes { arguments["x-stream-max-segment-size-bytes"] = .int64(segmentBytes) }
        return AMQPQueue(name: name, arguments: arguments)
    }
}

/// A binding of a queue to an exchange with a routing key (or topic pattern).
public struct AMQPBinding: Sendable, Hashable {
    /// The queue that receives.
    public var queue: String
    /// The exchange that routes.
    public var exchange: String
    /// The routing key or pattern.
    public var routingKey: String

    /// A binding.
    public init(queue: String, exchange: String, routingKey: String) {
        self.queue = queue
        self.exchange = exchange
        self.routingKey = routingKey
    }
}

/// Exchanges, queues and bindings declared together (and again after every reconnect).
public struct AMQPTopology: Sendable, Hashable {
    /// Exchanges, declared first.
    public var exchanges: [AMQPExchange]
    /// Queues, declared second.
    public var queues: [AMQPQueue]
    /// Bindings, declared last.
    public var bindings: [AMQPBinding]

    /// A topology.
    public init(exchanges: [AMQPExchange] = [], queues: [AMQPQueue] = [], bindings: [AMQPBinding] = []) {
        self.exchanges = exchanges
        self.queues = queues
        self.bindings = bindings
    }
}
