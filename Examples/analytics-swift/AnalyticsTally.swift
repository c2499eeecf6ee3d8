import AMQPClient
import ArgumentParser
import Foundation
import Logging
import SubscriptionMessages
import SubscriptionTopology
import Synchronization

/// The Swift analytics example, twin of `analytics-python/tally.py` and `analytics-c/tally.c`:
/// the same options, the same output bytes (Examples/README.md).
///
/// Without `--from` it declares its own durable quorum queue bound to the events exchange and
/// counts what arrives from then on. With `--from first|last|next|<offset>|<ISO 8601 time>` it
/// reads the event log (`<exchange>.log`, a stream) from that point, then goes on live:
/// history and live events through one consumer, duplicates dropped on `message_id`, and, after
/// a lost connection, resumed after the last event read (docs/event-stream.md).
@main
struct AnalyticsTally: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "analytics-tally", abstract: "Tally subscriptions.v1 NotificationEvents from RabbitMQ.")

    @Option(help: "Broker URL (default $AMQP_URL, else amqp://guest:guest@127.0.0.1:5672/).") var amqpURL: String?
    @Option(help: "Events exchange, <BUS_PREFIX>.events.") var exchange = "subscriptions.events"
    @Option(help: "Quorum queue to declare and consume (without --from).") var queue = "analytics.swift"
    @Option(help: "Topic pattern to bind, repeatable (default #; without --from).") var bind: [String] = []
    @Option(help: "Read the event log from first, last, next, an offset or an ISO 8601 time, then live.") var from: String?
    @Option(help: "The event log to read with --from (default <exchange>.log).") var stream: String?
    @Option(help: "Stop after N messages (0: no limit).") var expect = 0
    @Option(help: "Stop when nothing arrived for SECONDS (0: never).") var idleTimeout: Double = 0
    @Option(help: "Also write the tally to FILE.") var jsonOut: String?
    @Flag(help: "Declare the queue and bindings, then exit.") var declareOnly = false

    func run() async throws {
        var position: EventLogPosition?
        if let from {
            guard let parsed = EventLogPosition(from) else {
                throw ValidationError("--from \(from): expected \(EventLogPosition.accepted)")
            }
            position = parsed
        }
        var configuration = try AMQPConfiguration(
            url: amqpURL ?? ProcessInfo.processInfo.environment["AMQP_URL"] ?? "amqp://guest:guest@127.0.0.1:5672/")
        configuration.connectionName = "analytics-tally"
        configuration.maxReconnectDelay = .seconds(1)
        var logger = Logger(label: "analytics-tally")
        logger.logLevel = .error
        let connection = AMQPConnection(configuration: configuration, logger: logger)
        let consumer: AMQPConsumer
        do {
            try await connection.connect()
            guard let started = try await startConsuming(connection, from: position) else {
                await connection.close()
                return
            }
            consumer = started
        } catch {
            await connection.close()
            throw error
        }

        let reader = TallyReader(position: position, expect: expect, idleTimeout: idleTimeout)
        await reader.read(consumer)
        await consumer.cancel()
        await connection.close()
        let tally = reader.tally
        FileHandle.standardOutput.write(Data(tally.json.utf8))
        if let jsonOut { try Data(tally.json.utf8).write(to: URL(filePath: jsonOut)) }
        FileHandle.standardError.write(Data(reader.rateLine.utf8))
    }

    /// The event log from `position`, or the own queue (declared first) without one; nil with
    /// `--declare-only`.
    private func startConsuming(_ connection: AMQPConnection, from position: EventLogPosition?) async throws -> AMQPConsumer? {
        if let position {
            return try await connection.consume(stream: stream ?? "\(exchange).log", from: position.streamOffset, prefetch: 1000)
        }
        // The exchange with the services' own arguments, so this may start before them.
        try await connection.declare(AMQPTopology(
            exchanges: [AMQPExchange(name: exchange, kind: .topic)],
            queues: [AMQPQueue(name: queue, arguments: ["x-queue-type": .string("quorum")])],
            bindings: (bind.isEmpty ? ["#"] : bind).map { AMQPBinding(queue: queue, exchange: exchange, routingKey: $0) }))
        return declareOnly ? nil : try await connection.consume(queue: queue, prefetch: 100)
    }
}
