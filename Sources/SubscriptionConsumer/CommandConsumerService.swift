import AMQPClient
import Logging
import ServiceLifecycle
import SubscriptionTopology

/// Consumes the commands queue with manual acks and a prefetch window and runs the command
/// pipeline in two overlapping stages: ``CommandPipeline`` commits a batch (whatever arrived
/// while the previous one was being committed: group commit) and queues its publishes, while
/// ``BatchSettler`` awaits the confirms of the batches before it and acks them, in order. At
/// most `pipelineDepth` committed batches wait for their confirms. Timer transactions
/// requested by the ``TimerScheduler`` take turns with command batches.
///
/// On graceful shutdown (SIGTERM) it cancels the consumer, finishes the batches already
/// delivered, and returns; unacked deliveries go back to the queue when the connection closes.
final class CommandConsumerService: Service {
    private let connection: AMQPConnection
    private let names: BusNames
    private let prefetch: UInt16
    private let batchLimit: Int
    private let pipelineDepth: Int
    private let pipeline: CommandPipeline
    private let settler: BatchSettler
    private let inbox: DeliveryInbox
    private let wakeUps: AsyncStream<Void>
    private let wake: AsyncStream<Void>.Continuation
    private let logger: Logger

    init(
        connection: AMQPConnection, names: BusNames, prefetch: UInt16, batchLimit: Int, pipelineDepth: Int, pipeline: CommandPipeline,
        settler: BatchSettler, inbox: DeliveryInbox, wakeUps: (AsyncStream<Void>, AsyncStream<Void>.Continuation), logger: Logger
    ) {
        self.connection = connection
        self.names = names
        self.prefetch = prefetch
        self.batchLimit = max(1, batchLimit)
        self.pipelineDepth = max(1, pipelineDepth)
        self.pipeline = pipeline
        self.settler = settler
        self.inbox = inbox
        (self.wakeUps, self.wake) = wakeUps
        self.logger = logger
    }

    /// The wake-up signal of the commit loop, shared with the ``TimerScheduler``: a wake-up
    /// is never lost (the stream keeps the newest one).
    static func makeWakeUps() -> (AsyncStream<Void>, AsyncStream<Void>.Continuation) {
        AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    }

    func run() async throws {
        let consumer = try await connection.consume(queue: names.commandsQueue, prefetch: prefetch)
        logger.info("consuming commands", metadata: ["queue": "\(names.commandsQueue)", "prefetch": "\(prefetch)"])
        let (settling, settle) = AsyncStream.makeStream(of: PublishingBatch.self)
        let slots = BatchSlots(count: pipelineDepth)
        await withGracefulShutdownHandler {
            await withDiscardingTaskGroup { group in
                group.addTask { [inbox, wake] in
                    for await deliveries in consumer.batches {
                        inbox.append(contentsOf: deliveries)
                        wake.yield()
                    }
                    wake.finish()
                }
                group.addTask { [settler] in
                    for await batch in settling {
                        await settler.settle(batch)
                        await slots.release()
                    }
                }
                group.addTask { [pipeline, inbox, batchLimit, wakeUps] in
                    for await _ in wakeUps {
                        await Self.commitWaiting(pipeline: pipeline, inbox: inbox, limit: batchLimit, slots: slots, settle: settle)
                    }
                    await Self.commitWaiting(pipeline: pipeline, inbox: inbox, limit: batchLimit, slots: slots, settle: settle)
                    settle.finish()
                }
            }
        } onGracefulShutdown: {
            // The handler is synchronous; cancelling the consumer is a request to its
            // connection thread, so a detached task at this boundary is the way to send it.
            Task { await consumer.cancel() }
        }
        logger.info("command consumer stopped")
    }

    /// Commits batches until the inbox is empty.
    private static func commitWaiting(
        pipeline: CommandPipeline, inbox: DeliveryInbox, limit: Int, slots: BatchSlots,
        settle: AsyncStream<PublishingBatch>.Continuation
    ) async {
        while true {
            switch inbox.take(limit: limit) {
            case .deliveries(let deliveries):
                // A redelivered command (taken alone) may be a poison command that crashes the
                // process: every batch before it is settled first, so the commands committed
                // before it are acked and do not share its crashes (docs/consumer.md, "Poison
                // commands").
                if deliveries.first?.redelivered == true { await slots.drain() }
                await slots.acquire()
                if let batch = await pipeline.commit(deliveries) {
                    settle.yield(batch)
                } else {
                    await slots.release()
                }
            case .timers:
                await slots.acquire()
                let (batch, moreDue) = await pipeline.fireTimers()
                if let batch { settle.yield(batch) } else { await slots.release() }
                if moreDue { inbox.requestTimers() }
            case .idle:
                return
            }
        }
    }
}
