import AMQPClient
import Logging
import ServiceLifecycle
import SubscriptionTopology

/// The producer's broker side as a `Service`: connects (waiting as long as it takes, in
/// whatever order the broker and the producer start, until graceful shutdown), declares the
/// command topology and the reply queue, has the connection thread route replies to the
/// ``CommandDispatcher``'s waits and sweeps their deadlines until graceful shutdown, then closes
/// the connection.
struct BrokerService: Service {
    let dispatcher: CommandDispatcher
    let logger: Logger
    /// How often a broker that is still unreachable is logged.
    var reportInterval: Duration = .seconds(5)
    /// How often the requests' deadlines are swept: a request without a reply ends at most this
    /// long after its deadline.
    var sweepInterval: Duration = .milliseconds(10)

    func run() async throws {
        let connection = dispatcher.connection
        defer { dispatcher.setListening(false) }
        do {
            try await connectAndDeclare()
            // Replies are worth nothing once their request has gone (the queue is exclusive and
            // goes with the connection): no acks, and each run of replies is routed to its
            // waits on the connection thread, without a task between the socket and the request.
            try await connection.consume(
                queue: dispatcher.replyQueue, prefetch: 0, exclusive: true, autoAck: true,
                onConnectionThread: { [dispatcher] deliveries in dispatcher.handle(deliveries) })
            dispatcher.setListening(true)
            logger.info("listening for replies", metadata: ["queue": "\(dispatcher.replyQueue)"])
            // One task sweeps every request's deadline until graceful shutdown.
            await cancelWhenGracefulShutdown { [dispatcher, sweepInterval] in
                await dispatcher.waiters.sweep(every: sweepInterval) { dispatcher.notSentReason }
            }
        } catch is CancellationError {
            // Shutdown while connecting.
        }
        dispatcher.setListening(false)
        await connection.close()
    }

    /// Waits for the connection (the AMQP connection keeps trying in the background; each
    /// wait that times out is logged), then declares the topology.
    private func connectAndDeclare() async throws {
        let connection = dispatcher.connection
        let interval = reportInterval
        while true {
            if Task.isShuttingDownGracefully || Task.isCancelled { throw CancellationError() }
            do {
                try await cancelWhenGracefulShutdown {
                    try await connection.connect(retryUntil: .now + interval)
                }
                break
            } catch let error as AMQPError where error.code == .timeout {
                logger.warning("broker not reachable yet; still trying", metadata: ["error": "\(error)"])
            } catch let error as AMQPError where error.code == .cancelled {
                throw CancellationError()
            }
        }
        // A refused declaration (e.g. 406, arguments differ from the broker's) is a deployment
        // error: fail the service instead of retrying.
        try await connection.declare(dispatcher.declaredTopology)
        let topology = dispatcher.topology
        try await EventLog.declare(on: connection, names: topology.names, retention: topology.eventLogRetention, logger: logger)
    }
}
