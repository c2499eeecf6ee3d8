import AMQPClient
import Logging
import ServiceLifecycle

/// The producer's broker side as a `Service`: connects (retrying until it succeeds or the
/// service shuts down), declares the command topology and the reply queue, and feeds replies
/// to the ``CommandDispatcher`` until graceful shutdown, then closes the connection.
struct BrokerService: Service {
    let dispatcher: CommandDispatcher
    let logger: Logger

    func run() async throws {
        let connection = dispatcher.connection
        defer { dispatcher.setListening(false) }
        do {
            try await connectAndDeclare()
            let replies = try await connection.consume(queue: dispatcher.replyQueue, prefetch: 256, exclusive: true)
            dispatcher.setListening(true)
            logger.info("listening for replies", metadata: ["queue": "\(dispatcher.replyQueue)"])
            for await delivery in replies.cancelOnGracefulShutdown() {
                dispatcher.handle(delivery)
                try? await delivery.ack()
            }
        } catch is CancellationError {
            // Shutdown while connecting.
        }
        dispatcher.setListening(false)
        await connection.close()
    }

    private func connectAndDeclare() async throws {
        let connection = dispatcher.connection
        while true {
            try Task.checkCancellation()
            if Task.isShuttingDownGracefully { throw CancellationError() }
            do {
                try await connection.connect(retryUntil: .now + .seconds(5))
                break
            } catch {
                logger.warning("broker not reachable yet; retrying", metadata: ["error": "\(error)"])
                try await Task.sleep(for: .seconds(1))
            }
        }
        // A refused declaration (e.g. 406, arguments differ from the broker's) is a deployment
        // error: fail the service instead of retrying.
        try await connection.declare(dispatcher.declaredTopology)
    }
}
