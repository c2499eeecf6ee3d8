import AMQPClient
import ArgumentParser
import Foundation
import Logging
import SubscriptionMessages
import SubscriptionTopology
import SwiftProtobuf
import Synchronization

/// `subscriptions-load relay`: the broker's ceiling for the consumer's message pattern, built
/// on the project's own `AMQPClient`. It takes the consumer's place on the commands queue and
/// does everything the consumer does on the bus and nothing else: for every command it
/// publishes one event-sized message to the events exchange and one reply-sized message to the
/// command's `reply_to`, with publisher confirms, and acks the command after both are
/// confirmed (batches of what arrived, pipelined like the consumer, one multiple ack per
/// batch). No decoding, no engine, no database. Runs until killed.
struct RelayServer: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "relay",
        abstract: "Stand in for the consumer: relay each command as an event and a reply, with confirms (the ceiling)."
    )

    @OptionGroup var bus: BusOptions
    @Option(help: "Unacknowledged commands the broker hands over.") var prefetch: UInt16 = 512
    @Option(help: "Batches awaiting their confirms at once.") var depth = 4
    @Option(help: "Bytes of each event (the consumer's SUBSCRIBED event: 380, subscriptions-stages prints it).") var eventBytes = 380
    @Option(help: "Bytes of each reply, an OK CommandReply padded to this size (the consumer's purchase reply: 321, `run` prints it).")
    var replyBytes = 321

    func run() async throws {
        var logger = Logger(label: "subscriptions-relay")
        logger.logLevel = .warning
        var configuration = try BusTLSFiles.configuration(url: bus.amqpURL, environment: ProcessInfo.processInfo.environment)
        configuration.connectionName = "subscriptions-relay"
        let connection = AMQPConnection(configuration: configuration, logger: logger)
        try await connection.connect(retryUntil: .now + .seconds(30))
        let names = BusNames(prefix: bus.busPrefix)
        try await connection.declare(BusTopology.commands(names))
        let consumer = try await connection.consume(queue: names.commandsQueue, prefetch: prefetch)
        let event = AMQPMessage(body: Data(repeating: 0x2A, count: eventBytes), properties: AMQPProperties(
            contentType: "application/x-protobuf", type: "subscriptions.v1.NotificationEvent", appId: "subscriptions-relay"))
        // An OK reply whose bytes are the command id's field followed by a fixed, padded rest
        // (protocol buffers merge concatenated fields), so relaying costs no encoding.
        var padded = Subscriptions_V1_CommandReply()
        padded.status = .ok
        padded.schemaVersion = WireContract.schemaVersion
        padded.purchase.subscription.transactionInfo.productID = String(repeating: "x", count: max(0, replyBytes - 60))
        let replyRest: Data = try padded.serializedBytes()
        let waiting = RelayInbox()
        let (wakeUps, wake) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        let (settling, settle) = AsyncStream.makeStream(of: (AMQPPublishBatch, AMQPDelivery).self)
        let slots = RelaySlots(count: depth)
        say("relay: consuming \(names.commandsQueue) (prefetch \(prefetch), depth \(depth))")
        await withDiscardingTaskGroup { group in
            group.addTask {
                for await delivery in consumer {
                    waiting.append(delivery)
                    wake.yield()
                }
                wake.finish()
            }
            group.addTask {
                for await (publishes, last) in settling {
                    _ = await publishes.results()
                    try? await last.ack(multiple: true)
                    await slots.release()
                }
            }
            group.addTask { [prefetch] in
                for await _ in wakeUps {
                    while true {
                        let batch = waiting.take(limit: Int(prefetch))
                        guard let last = batch.last else { break }
                        await slots.acquire()
                        var publishes: [AMQPPublish] = []
                        publishes.reserveCapacity(batch.count * 2)
                        for delivery in batch {
                            var message = event
                            message.properties.messageId = delivery.message.properties.messageId
                            publishes.append(AMQPPublish(message, exchange: names.eventsExchange, routingKey: "SUBSCRIBED.INITIAL_BUY", mandatory: false))
                        }
                        for delivery in batch {
                            guard let replyTo = delivery.message.properties.replyTo else { continue }
                            publishes.append(AMQPPublish(
                                AMQPMessage(body: Self.reply(commandId: delivery.message.properties.correlationId ?? "", rest: replyRest), properties: AMQPProperties(
                                    contentType: "application/x-protobuf", correlationId: delivery.message.properties.correlationId,
                                    type: "subscriptions.v1.CommandReply", persistent: false)),
                                exchange: "", routingKey: replyTo, mandatory: false))
                        }
                        settle.yield((connection.startPublishing(publishes), last))
                    }
                }
                settle.finish()
            }
        }
    }
}

extension RelayServer {
    /// `command_id` (field 1) followed by the rest of a reply.
    static func reply(commandId: String, rest: Data) -> Data {
        var body = Data([0x0A, UInt8(truncatingIfNeeded: commandId.utf8.count)])
        body.append(contentsOf: commandId.utf8)
        body.append(rest)
        return body
    }
}

/// Bounds the relay's batches awaiting confirms.
actor RelaySlots {
    private var free: Int
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(count: Int) { free = max(1, count) }

    func acquire() async {
        if free > 0 {
            free -= 1
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    func release() {
        if waiting.isEmpty { free += 1 } else { waiting.removeFirst().resume() }
    }
}

/// Deliveries the relay has not batched yet.
final class RelayInbox: Sendable {
    private let deliveries = Mutex<[AMQPDelivery]>([])

    func append(_ delivery: AMQPDelivery) {
        deliveries.withLock { $0.append(delivery) }
    }

    func take(limit: Int) -> [AMQPDelivery] {
        deliveries.withLock { deliveries in
            let batch = Array(deliveries.prefix(limit))
            deliveries.removeFirst(batch.count)
            return batch
        }
    }
}
