import AMQPClient
import Foundation
import SubscriptionMessages
import SubscriptionTopology
import Synchronization

/// Records a run into a golden file (docs/golden-replays.md): one temporary queue of its own,
/// bound to the commands exchange with every method's routing key and to the events exchange
/// with `#`, so it gets a copy of every command published to the bus (by the producer, by
/// `subscriptionsctl`, by other services directly) and of every event, in the order the broker
/// routed them. Each message is written as one line as it arrives.
final class GoldenRecorder: Sendable {
    /// What a recording holds once it stopped.
    struct Counts: Equatable {
        var commands: Int
        var events: Int
        var skipped: Int
    }

    private struct State {
        var number = 0
        var commands = 0
        var events = 0
        var skipped = 0
        var lastArrival: ContinuousClock.Instant?
    }

    private let connection: AMQPConnection
    private let consumer: AMQPConsumer
    private let names: BusNames
    private let state = Mutex(State())
    private let file: GoldenFileWriter

    private init(connection: AMQPConnection, consumer: AMQPConsumer, names: BusNames, file: GoldenFileWriter) {
        self.connection = connection
        self.consumer = consumer
        self.names = names
        self.file = file
    }

    /// Creates (or empties) `file`, writes the header, binds the queue and starts consuming:
    /// from the moment this returns, every command and event is recorded.
    static func open(_ options: ConnectionOptions, file: URL) async throws -> GoldenRecorder {
        let writer = try GoldenFileWriter(creating: file)
        let names = options.names
        let connection = try await ControlBus.connect(options, name: "subscriptionsctl-record")
        let queue = "subscriptionsctl.record.\(UUID().uuidString.prefix(8).lowercased())"
        do {
            try await connection.declare(AMQPTopology(
                exchanges: [
                    AMQPExchange(name: names.commandsExchange, kind: .direct),
                    AMQPExchange(name: names.eventsExchange, kind: .topic),
                ],
                queues: [
                    AMQPQueue(name: queue, durable: false, exclusive: false, autoDelete: true, arguments: ["x-expires": .int64(600_000)])
                ],
                bindings: CommandRoute.allCases.map { AMQPBinding(queue: queue, exchange: names.commandsExchange, routingKey: $0.routingKey) }
                    + [AMQPBinding(queue: queue, exchange: names.eventsExchange, routingKey: "#")]
            ))
            let consumer = try await connection.consume(queue: queue, prefetch: 500)
            // The header once the queue is bound: a file with its first line is being recorded
            // into (a test or a script may wait for it before it starts the run).
            try await writer.append(GoldenFile.headerLine(busPrefix: names.prefix, recordedAt: Date()))
            return GoldenRecorder(connection: connection, consumer: consumer, names: names, file: writer)
        } catch {
            await connection.close()
            await writer.close()
            throw error
        }
    }

    /// Records until `limit` passed, or `idle` passed without a message once one came, or
    /// `stopRequested()` says so (a signal); then writes the end line and closes the file.
    func record(for limit: Duration?, idle: Duration?, stopRequested: @escaping @Sendable () -> Bool) async throws -> Counts {
        let consumer = self.consumer
        let start = ContinuousClock.now
        do {
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    for await delivery in consumer {
                        try await self.write(delivery)
                        try? await delivery.ack()
                    }
                }
                group.addTask {
                    while true {
                        try await Task.sleep(for: .milliseconds(50))
                        let now = ContinuousClock.now
                        if stopRequested() { return }
                        if let limit, now - start >= limit { return }
                        if let idle, let last = self.state.withLock({ $0.lastArrival }), now - last >= idle { return }
                    }
                }
                try await group.next()
                group.cancelAll()
            }
        } catch {
            await close()
            throw error
        }
        await consumer.cancel()
        await connection.close()
        let counts = state.withLock { Counts(commands: $0.commands, events: $0.events, skipped: $0.skipped) }
        try await file.append(GoldenFile.endLine(commands: counts.commands, events: counts.events))
        await file.close()
        return counts
    }

    private func close() async {
        await consumer.cancel()
        await connection.close()
        await file.close()
    }

    /// Writes one delivery as its line; a body that is neither a command nor an event (a probe,
    /// garbage someone published) is counted and skipped: replaying it could change nothing.
    private func write(_ delivery: AMQPDelivery) async throws {
        let body = delivery.message.body
        let receivedAt = Date()
        let line: String? = state.withLock { state in
            state.lastArrival = .now
            if delivery.exchange == names.commandsExchange {
                guard let envelope = try? Subscriptions_V1_CommandEnvelope(serializedBytes: body) else {
                    state.skipped += 1
                    return nil
                }
                state.number += 1
                state.commands += 1
                return GoldenFile.line(GoldenFile.Command(
                    number: state.number, receivedAt: receivedAt, routingKey: delivery.routingKey, body: body, envelope: envelope))
            } else {
                guard let event = try? Subscriptions_V1_NotificationEvent(serializedBytes: body) else {
                    state.skipped += 1
                    return nil
                }
                state.number += 1
                state.events += 1
                return GoldenFile.line(GoldenFile.Event(
                    number: state.number, receivedAt: receivedAt, routingKey: delivery.routingKey, body: body, event: event))
            }
        }
        if let line { try await file.append(line) }
    }
}
