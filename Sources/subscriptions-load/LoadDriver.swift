import AMQPClient
import Foundation
import Logging
import SubscriptionMessages
import SubscriptionTopology
import SwiftProtobuf
import Synchronization

/// Publishes command envelopes to the commands exchange (persistent, mandatory, confirmed, in
/// batches) and matches the `CommandReply`s that come back on a reply queue of its own
/// (auto-ack) with the commands, measuring each one's latency from its scheduled send time.
final class LoadDriver: Sendable {
    /// One command to send.
    struct Command: Sendable {
        var envelope: Subscriptions_V1_CommandEnvelope
        var route: CommandRoute
        /// When it was meant to go out (open loop); latency counts from here.
        var scheduled: ContinuousClock.Instant
    }

    private struct State {
        var sentAt: [String: ContinuousClock.Instant] = [:]
        var latencies: [Duration] = []
        var failures = 0
        var statuses: [Subscriptions_V1_StatusCode: Int] = [:]
        var replyBytes = 0
        var waiter: (limit: Int, continuation: CheckedContinuation<Void, Never>)?
        var askers: [String: CheckedContinuation<Subscriptions_V1_CommandReply?, Never>] = [:]
    }

    let connection: AMQPConnection
    let names: BusNames
    let replyQueue: String
    private let state = Mutex(State())

    private init(connection: AMQPConnection, names: BusNames, replyQueue: String) {
        self.connection = connection
        self.names = names
        self.replyQueue = replyQueue
    }

    /// Connects, declares a reply queue, reads replies while `body` runs, then closes. With
    /// `--probe-pid`, the tool ends (status 3) if that process goes away meanwhile: the replies
    /// `body` waits for would never come (``ProcessProbe/exitWhenGone(checkingEvery:)``).
    static func withDriver<Result: Sendable>(
        _ options: BusOptions, _ body: @Sendable (LoadDriver) async throws -> Result
    ) async throws -> Result {
        let watchdog = options.probePid.map { ProcessProbe(pid: $0).exitWhenGone() }
        defer { watchdog?.cancel() }
        var logger = Logger(label: "subscriptions-load")
        logger.logLevel = .warning
        var configuration = try BusTLSFiles.configuration(url: options.amqpURL, environment: ProcessInfo.processInfo.environment)
        configuration.stampsUserID = true
        configuration.connectionName = "subscriptions-load"
        let connection = AMQPConnection(configuration: configuration, logger: logger)
        try await connection.connect(retryUntil: .now + .seconds(30))
        let names = BusNames(prefix: options.busPrefix)
        try await connection.declare(BusTopology.commands(names))
        let replyQueue = "load.replies.\(UUID().uuidString.prefix(8).lowercased())"
        try await connection.declare(AMQPTopology(queues: [
            AMQPQueue(name: replyQueue, durable: false, exclusive: false, autoDelete: true),
        ]))
        let replies = try await connection.consume(queue: replyQueue, prefetch: 0, autoAck: true)
        let driver = LoadDriver(connection: connection, names: names, replyQueue: replyQueue)
        let reader = Task {
            for await delivery in replies { driver.received(delivery.message) }
        }
        defer { reader.cancel() }
        let result = try await body(driver)
        await replies.cancel()
        await connection.close()
        return result
    }

    /// Queues `commands` for publishing now, in one batch; returns the publish handle.
    @discardableResult
    func send(_ commands: [Command]) throws -> AMQPPublishBatch {
        var publishes: [AMQPPublish] = []
        publishes.reserveCapacity(commands.count)
        for command in commands {
            let id = command.envelope.commandID
            publishes.append(AMQPPublish(
                AMQPMessage(body: try command.envelope.serializedBytes(), properties: AMQPProperties(
                    contentType: WireContract.contentType, messageId: id, correlationId: id, replyTo: replyQueue,
                    type: "subscriptions.v1.CommandEnvelope"
                )),
                exchange: names.commandsExchange, routingKey: command.route.routingKey))
        }
        state.withLock { state in
            for command in commands { state.sentAt[command.envelope.commandID] = command.scheduled }
        }
        return connection.startPublishing(publishes)
    }

    /// Sends one command and returns its reply, or nil when none came within `timeout`.
    func ask(_ command: Command, timeout: Duration = .seconds(30)) async throws -> Subscriptions_V1_CommandReply? {
        let id = command.envelope.commandID
        return await withTaskGroup(of: Subscriptions_V1_CommandReply?.self) { group in
            group.addTask {
                await withCheckedContinuation { continuation in
                    self.state.withLock { $0.askers[id] = continuation }
                    do {
                        try self.send([command])
                    } catch {
                        self.state.withLock { $0.askers.removeValue(forKey: id) }?.resume(returning: nil)
                    }
                }
            }
            group.addTask {
                try? await Task.sleep(for: timeout)
                self.state.withLock { $0.askers.removeValue(forKey: id) }?.resume(returning: nil)
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
    }

    /// Commands sent and not answered yet.
    var outstanding: Int { state.withLock { $0.sentAt.count } }

    /// Waits until fewer than `limit` commands await their reply.
    func waitUntilOutstanding(below limit: Int) async {
        await withCheckedContinuation { continuation in
            let ready = state.withLock { state -> Bool in
                if state.sentAt.count < limit { return true }
                state.waiter = (limit, continuation)
                return false
            }
            if ready { continuation.resume() }
        }
    }

    /// Waits until every command was answered or `timeout` passed; returns how many never were.
    func drain(timeout: Duration) async -> Int {
        let deadline = ContinuousClock.now + timeout
        while outstanding > 0, ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(20))
        }
        return outstanding
    }

    /// The latencies and failures so far; resets them.
    func takeResults() -> (latencies: [Duration], failures: Int, statuses: [Subscriptions_V1_StatusCode: Int], replyBytes: Int) {
        state.withLock { state in
            defer {
                state.latencies = []
                state.failures = 0
                state.statuses = [:]
                state.replyBytes = 0
            }
            return (state.latencies, state.failures, state.statuses, state.replyBytes)
        }
    }

    private func received(_ message: AMQPMessage) {
        let now = ContinuousClock.now
        guard let id = message.properties.correlationId else { return }
        if let asker = state.withLock({ $0.askers.removeValue(forKey: id) }) {
            state.withLock { _ = $0.sentAt.removeValue(forKey: id) }
            asker.resume(returning: try? Subscriptions_V1_CommandReply(serializedBytes: message.body))
            return
        }
        // A counted reply is read for its status only: decoding whole replies took a quarter of
        // this tool's CPU, which the consumer and the broker then lack on a shared machine.
        let status = Subscriptions_V1_CommandReply.status(ofEncoded: message.body) ?? .internal
        let resume: CheckedContinuation<Void, Never>? = state.withLock { state in
            guard let sent = state.sentAt.removeValue(forKey: id) else { return nil }
            state.latencies.append(now - sent)
            state.replyBytes += message.body.count
            state.statuses[status, default: 0] += 1
            if status != .ok { state.failures += 1 }
            if let waiter = state.waiter, state.sentAt.count < waiter.limit {
                state.waiter = nil
                return waiter.continuation
            }
            return nil
        }
        resume?.resume()
    }
}
