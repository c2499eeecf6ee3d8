import AMQPClient
import Foundation
import Logging
import ServiceLifecycle
import SubscriptionMessages
import SubscriptionTopology
import Synchronization

/// The latest `ConsumerStatus` of every consumer instance, for `GET /v1/status`: read from an
/// exclusive, auto-delete queue of this producer bound to the fanout exchange `<prefix>.status`
/// (auto-ack: a status is worthless once a newer one came). The previous report of each
/// instance is kept too, so rates (commands per second) come from two reports of the same
/// process. An instance silent for ``forgetAfter`` is dropped.
final class ConsumerStatusBoard: Service {
    /// Two consecutive reports of one instance.
    struct Reports: Sendable {
        var latest: Subscriptions_V1_ConsumerStatus
        var previous: Subscriptions_V1_ConsumerStatus?
        /// When the latest arrived (this producer's clock).
        var receivedAt: Date
    }

    private let dispatcher: CommandDispatcher
    private let names: BusNames
    private let queue: String
    private let logger: Logger
    private let reports = Mutex<[String: Reports]>([:])
    /// How long an instance that stopped reporting stays on the board.
    let forgetAfter: Duration = .seconds(120)

    init(dispatcher: CommandDispatcher, logger: Logger) {
        self.dispatcher = dispatcher
        self.names = dispatcher.topology.names
        self.queue = "\(dispatcher.topology.names.prefix).status.\(UUID().uuidString.lowercased())"
        self.logger = logger
    }

    /// The status exchange and this producer's queue bound to it; declared again after every
    /// reconnection (the exclusive queue goes with the connection).
    var topology: AMQPTopology {
        AMQPTopology(
            exchanges: [AMQPExchange(name: names.statusExchange, kind: .fanout)],
            queues: [AMQPQueue(name: queue, durable: false, exclusive: true, autoDelete: true)],
            bindings: [AMQPBinding(queue: queue, exchange: names.statusExchange, routingKey: "")])
    }

    func run() async throws {
        // The broker service connects; wait for it rather than race its declarations. Cancelled
        // (another service of the group failed, e.g. the HTTP server could not bind its port),
        // the sleep returns at once: without the check this loop spun a core and the producer
        // never exited.
        while !dispatcher.isReady {
            if Task.isShuttingDownGracefully || Task.isCancelled { return }
            try? await Task.sleep(for: .milliseconds(100))
        }
        let connection = dispatcher.connection
        do {
            try await connection.declare(topology)
            let consumer = try await connection.consume(queue: queue, prefetch: 16, exclusive: true, autoAck: true)
            for await delivery in consumer.cancelOnGracefulShutdown() {
                record(delivery.message.body, at: Date())
            }
        } catch {
            logger.error("consumer status board stopped: the console shows no consumer status", metadata: ["error": "\(error)"])
        }
    }

    /// Keeps a report (a body that is not a `ConsumerStatus` is dropped).
    func record(_ body: Data, at now: Date) {
        guard let status = try? Subscriptions_V1_ConsumerStatus(serializedBytes: body), !status.instanceID.isEmpty else {
            logger.debug("status message dropped: not a ConsumerStatus")
            return
        }
        reports.withLock { reports in
            let previous = reports[status.instanceID]?.latest
            reports[status.instanceID] = Reports(latest: status, previous: previous, receivedAt: now)
            let cutoff = now.addingTimeInterval(-Double(forgetAfter.components.seconds))
            reports = reports.filter { $0.value.receivedAt >= cutoff }
        }
    }

    /// Every instance heard from lately, freshest first.
    func snapshot() -> [Reports] {
        reports.withLock { Array($0.values) }.sorted { $0.receivedAt > $1.receivedAt }
    }
}
