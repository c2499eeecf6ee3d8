import AMQPClient
import Logging
import ServiceLifecycle
import SubscriptionTopology

/// Consumes the commands queue with manual acks and a prefetch window and hands the
/// deliveries to the ``CommandPipeline`` in batches: whatever arrived while the previous
/// batch was being committed forms the next one (group commit).
///
/// On graceful shutdown (SIGTERM) it cancels the consumer, finishes the batches already
/// delivered, and returns; unacked deliveries go back to the queue when the connection closes.
final class CommandConsumerService: Service {
    private let connection: AMQPConnection
    private let names: BusNames
    private let prefetch: UInt16
    private let pipeline: CommandPipeline
    private let logger: Logger

    init(connection: AMQPConnection, names: BusNames, prefetch: UInt16, pipeline: CommandPipeline, logger: Logger) {
        self.connection = connection
        self.names = names
        self.prefetch = prefetch
        self.pipeline = pipeline
        self.logger = logger
    }

    func run() async throws {
        let consumer = try await connection.consume(queue: names.commandsQueue, prefetch: prefetch)
        logger.info("consuming commands", metadata: ["queue": "\(names.commandsQueue)", "prefetch": "\(prefetch)"])
        let inbox = DeliveryInbox()
        let (wakeUps, wake) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        await withGracefulShutdownHandler {
            await withDiscardingTaskGroup { group in
                group.addTask {
                    for await delivery in consumer {
                        inbox.append(delivery)
                        wake.yield()
                    }
                    wake.finish()
                }
                group.addTask { [pipeline, prefetch] in
                    for await _ in wakeUps {
                        while true {
                            let batch = inbox.takeBatch(limit: Int(prefetch))
                            if batch.isEmpty { break }
                            await pipeline.process(batch)
                        }
                    }
                }
            }
        } onGracefulShutdown: {
            // The handler is synchronous; cancelling the consumer is a request to its
            // connection thread, so a detached task at this boundary is the way to send it.
            Task { await consumer.cancel() }
        }
        logger.info("command consumer stopped")
    }
}
