import AMQPClient
import ArgumentParser
import Foundation
import Logging
import SubscriptionMessages
import SubscriptionTopology
import SwiftProtobuf

/// `subscriptions-load`: a load generator that publishes purchase commands straight to the
/// commands exchange (as another service would), waits for every reply, and prints
/// throughput and reply-latency percentiles. It measures the consumer end to end: decode,
/// engine, SQLite group commit, event outbox with confirms, reply.
@main
struct LoadCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "subscriptions-load",
        abstract: "Publish purchase commands and measure the consumer's throughput and latency.",
        discussion: "Example: subscriptions-load --commands 5000 --in-flight 200 --product com.example.premium.monthly"
    )

    @Option(help: "Broker URL (env AMQP_URL).") var amqpURL = ProcessInfo.processInfo.environment["AMQP_URL"] ?? "amqp://guest:guest@127.0.0.1:5672/"
    @Option(help: "Prefix of exchange names (env BUS_PREFIX).") var busPrefix = ProcessInfo.processInfo.environment["BUS_PREFIX"] ?? "subscriptions"
    @Option(help: "Commands to send.") var commands = 2000
    @Option(help: "Commands awaiting their reply at any time.") var inFlight = 100
    @Option(help: "Product to buy (from the catalog).") var product = "news.basic.monthly"

    func run() async throws {
        var logger = Logger(label: "subscriptions-load")
        logger.logLevel = .warning
        var configuration = try AMQPConfiguration(url: amqpURL)
        configuration.connectionName = "subscriptions-load"
        let connection = AMQPConnection(configuration: configuration, logger: logger)
        try await connection.connect()
        let replyQueue = "load.replies.\(UUID().uuidString.prefix(8))"
        try await connection.declare(AMQPTopology(queues: [
            AMQPQueue(name: replyQueue, durable: false, exclusive: false, autoDelete: true),
        ]))
        let registry = ReplyRegistry()
        let replies = try await connection.consume(queue: replyQueue, prefetch: 1000)
        let reader = Task {
            for await delivery in replies {
                try? await delivery.ack()
                if let id = delivery.message.properties.correlationId,
                   let reply = try? Subscriptions_V1_CommandReply(serializedBytes: delivery.message.body) {
                    registry.deliver(reply, correlationID: id)
                }
            }
        }
        let run = UUID().uuidString.prefix(8)
        let started = ContinuousClock.now
        let latencies = try await withThrowingTaskGroup(of: (Duration, Subscriptions_V1_StatusCode).self) { group in
            var results: [(Duration, Subscriptions_V1_StatusCode)] = []
            for index in 0..<commands {
                if index >= inFlight, let result = try await group.next() { results.append(result) }
                group.addTask {
                    let envelope = makeEnvelope(customer: "load-\(run)-\(index)")
                    let sent = ContinuousClock.now
                    let ticket = registry.register(commandID: envelope.commandID)
                    try await connection.publish(
                        AMQPMessage(body: try envelope.serializedBytes(), properties: AMQPProperties(
                            contentType: WireContract.contentType, messageId: envelope.commandID,
                            correlationId: envelope.commandID, replyTo: replyQueue,
                            type: "subscriptions.v1.CommandEnvelope"
                        )),
                        exchange: "\(busPrefix).commands", routingKey: CommandRoute.purchase.routingKey
                    )
                    let reply = await registry.wait(ticket, until: .now + .seconds(60))
                    return (ContinuousClock.now - sent, reply?.status ?? .deadlineExceeded)
                }
            }
            for try await result in group { results.append(result) }
            return results
        }
        let elapsed = ContinuousClock.now - started
        reader.cancel()
        await connection.close()
        report(latencies, elapsed: elapsed)
    }

    private func makeEnvelope(customer: String) -> Subscriptions_V1_CommandEnvelope {
        var request = Subscriptions_V1_PurchaseRequest()
        request.customerID = customer
        request.productID = product
        request.storefront = "USA"
        var envelope = Subscriptions_V1_CommandEnvelope()
        envelope.commandID = UUID().uuidString.lowercased()
        envelope.schemaVersion = WireContract.schemaVersion
        envelope.issuedAt = Google_Protobuf_Timestamp(date: Date())
        envelope.command = .purchase(request)
        return envelope
    }

    private func report(_ results: [(Duration, Subscriptions_V1_StatusCode)], elapsed: Duration) {
        let sorted = results.map { Double($0.0.components.attoseconds) / 1e15 + Double($0.0.components.seconds) * 1000 }.sorted()
        func percentile(_ p: Double) -> Double { sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))] }
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let failures = results.filter { $0.1 != .ok }.count
        print("commands: \(results.count)  in flight: \(inFlight)  non-OK replies: \(failures)")
        print(String(format: "elapsed: %.2f s  throughput: %.0f commands/s", seconds, Double(results.count) / seconds))
        print(String(format: "reply latency ms: p50 %.1f  p90 %.1f  p99 %.1f  max %.1f", percentile(0.5), percentile(0.9), percentile(0.99), sorted.last ?? 0))
    }
}
