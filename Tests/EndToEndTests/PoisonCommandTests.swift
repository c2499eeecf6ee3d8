import AMQPClient
import Foundation
import SubscriptionMessages
import SwiftProtobuf
import Synchronization
import Testing

/// Poison and oversize on the bus (docs/consumer.md, "Poison commands"), with the
/// real consumer process: a body over `MAX_COMMAND_BYTES`, a wrong content type, a command
/// without `reply_to`, and a command that crashes the process every time it is handled.
@Suite("Poison and oversize commands (real consumer process, real broker)", .serialized)
struct PoisonCommandTests {
    static func purchase(_ customer: String) -> Subscriptions_V1_CommandEnvelope {
        DirectCommandClient.envelope(ConsumerPipelineTests.purchase(customer: customer))
    }

    static func deathReason(_ delivery: AMQPDelivery) -> String? {
        if case .string(let reason)? = delivery.message.properties.headers["x-death-reason"] { return reason }
        return nil
    }

    @Test(
        "a body over MAX_COMMAND_BYTES and a wrong content type are dead-lettered with their reason and answered; a command without reply_to is applied and answered to nobody",
        .enabled(if: ProcessInfo.processInfo.environment["E2E_EXTERNAL_SERVICES"] != "1", "configures the consumer")
    )
    func oversizeWrongTypeAndNoReplyTo() async throws {
        let stack = try await Stack.start(withProducer: false, consumerEnvironment: ["MAX_COMMAND_BYTES": "4096"])
        let connection = try await stack.connect()
        let events = try await EventWatcher(connection: connection, eventsExchange: "\(stack.busPrefix).events")
        let client = try await DirectCommandClient(connection: connection, busPrefix: stack.busPrefix)
        let deadLetters = try await connection.consume(queue: "\(stack.busPrefix).commands.dead-letter", prefetch: 10)
        let route = CommandRoute.purchase.routingKey

        var large = Self.purchase(stack.unique("c-large"))
        large.traceContext.tracestate = String(repeating: "x", count: 5_000)
        let largeBody: Data = try large.serializedBytes()
        try await client.publishRaw(largeBody, routingKey: route, correlationId: large.commandID)
        let largeReply = try await client.reply(to: large.commandID)
        #expect(largeReply.status == .resourceExhausted)
        #expect(largeReply.error.field == "body")
        #expect(largeReply.error.message.contains("\(largeBody.count) bytes, more than the 4096 bytes"), "\(largeReply.error.message)")

        let json = Self.purchase(stack.unique("c-json"))
        try await client.publishRaw(try json.serializedBytes(), routingKey: route, correlationId: json.commandID, contentType: "application/json")
        let jsonReply = try await client.reply(to: json.commandID)
        #expect(jsonReply.status == .invalidArgument)
        #expect(jsonReply.error.field == "content_type")
        #expect(jsonReply.error.message.contains("\"application/json\""))

        let dead = try await collectDeliveries(2, from: deadLetters)
        #expect(dead.compactMap(Self.deathReason) == ["wrong-content-type"])
        // The body over the limit was never buffered by the consumer (the client dropped its frames
        // as they came): rejected unread, the broker dead-letters the message it still holds whole.
        let rejected = try #require(dead.first { $0.message.body == largeBody }, "the dead letter keeps the body for a replay")
        #expect(rejected.message.properties.headers["x-first-death-reason"]?.stringValue == "rejected")

        let silent = Self.purchase(stack.unique("c-silent"))
        try await client.publishRaw(try silent.serializedBytes(), routingKey: route, correlationId: silent.commandID, withReplyTo: false)
        let applied = try await events.waitUntil("the purchase without reply_to applied") {
            $0.contains { $0.causedByCommandID == silent.commandID }
        }
        #expect(applied.filter { $0.causedByCommandID == silent.commandID }.map(\.notificationType) == [.subscribed])
        let next = try await client.send(Self.purchase(stack.unique("c-next")))
        #expect(next.status == .ok)
        #expect(client.takeReply(to: silent.commandID) == nil, "no reply_to, no reply")
        await connection.close()
        await stack.stop()
    }

    /// The dead letters received so far.
    final class Collected: Sendable {
        private let deliveries = Mutex<[AMQPDelivery]>([])

        func append(_ delivery: AMQPDelivery) { deliveries.withLock { $0.append(delivery) } }
        var all: [AMQPDelivery] { deliveries.withLock { $0 } }
    }

    /// Starts a stack whose consumer aborts on purchases by `poisonCustomer`, with a dead-letter
    /// collector.
    static func poisonStack(_ poisonCustomer: String) async throws -> (Stack, AMQPConnection, DirectCommandClient, Collected, Task<Void, Never>) {
        // Without Swift's backtracer a crash ends the process (and its connection) at once; with
        // it, each crash spends seconds writing a backtrace the test does not read.
        let stack = try await Stack.start(
            withProducer: false, consumerEnvironment: ["CRASH_ON_CUSTOMER": poisonCustomer, "SWIFT_BACKTRACE": "enable=no"])
        let connection = try await stack.connect()
        let client = try await DirectCommandClient(connection: connection, busPrefix: stack.busPrefix)
        let deadLetters = try await connection.consume(queue: "\(stack.busPrefix).commands.dead-letter", prefetch: 10)
        let collected = Collected()
        let collector = Task {
            for await delivery in deadLetters {
                try? await delivery.ack()
                collected.append(delivery)
            }
        }
        return (stack, connection, client, collected, collector)
    }

    /// Restarts the consumer after each crash (a supervisor's job: systemd, Compose `restart:`)
    /// until something is dead-lettered; returns the crashes.
    static func superviseUntilDeadLettered(_ stack: Stack, _ collected: Collected) async throws -> Int {
        var crashes = 0
        let deadline = ContinuousClock.now + .seconds(180)
        while collected.all.isEmpty, crashes < 12, ContinuousClock.now < deadline {
            if let status = await stack.consumer?.waitForExit(timeout: .seconds(2)) {
                #expect(status == -SIGABRT, "the fault injection aborts")
                crashes += 1
                try await stack.startConsumer(waitForHealth: false)
            }
        }
        return crashes
    }

    /// The dead letters that came before a sentinel published to the dead-letter queue once the
    /// poison's letter came, instead of waiting a while for another: a letter a crash gave back
    /// is queued ahead of the sentinel, so none can arrive after it unseen.
    static func lettersUpToSentinel(_ stack: Stack, _ connection: AMQPConnection, _ collected: Collected) async throws -> [AMQPDelivery] {
        try await connection.publish(
            AMQPMessage(body: Data([0]), properties: AMQPProperties(messageId: "sentinel")),
            exchange: "", routingKey: "\(stack.busPrefix).commands.dead-letter")
        let isSentinel = { (delivery: AMQPDelivery) in delivery.message.properties.messageId == "sentinel" }
        let deadline = ContinuousClock.now + .seconds(30)
        while !collected.all.contains(where: isSentinel), ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(collected.all.contains(where: isSentinel), "the sentinel came back from the dead-letter queue")
        return collected.all.filter { !isSentinel($0) }
    }

    /// The dead letter is the culprit, named by the crash journal (docs/reliability.md, "Poison").
    static func expectPoisonLetter(_ letter: AMQPDelivery, _ poison: Subscriptions_V1_CommandEnvelope) {
        #expect(letter.message.properties.correlationId == poison.commandID)
        #expect(deathReason(letter) == "poison")
        let header = letter.message.properties.headers["x-subscriptions-poison"]?.stringValue ?? ""
        #expect(header.contains(poison.commandID), "x-subscriptions-poison names the command: \(header)")
        #expect(letter.message.body == (try? poison.serializedBytes() as Data), "the body is kept for a replay")
    }

    @Test(
        "a command that crashes the consumer is dead-lettered after its second crash (the first may be an external kill), alone (x-subscriptions-poison): the five commands published right before it are applied once and answered, and the consumer serves again",
        .enabled(if: ProcessInfo.processInfo.environment["E2E_EXTERNAL_SERVICES"] != "1", "crashes the consumer")
    )
    func poisonReachesTheDeadLetterQueue() async throws {
        let poisonCustomer = "poison-\(UUID().uuidString.prefix(8))"
        let (stack, connection, client, collected, collector) = try await Self.poisonStack(poisonCustomer)
        defer { collector.cancel() }
        let route = CommandRoute.purchase.routingKey

        // Five commands right before the poison, published back to back without waiting for
        // their replies: they share the poison's batch (or the batches right before it).
        let aheadCommands = (0..<5).map { Self.purchase(stack.unique("c-ahead-\($0)")) }
        let poison = Self.purchase(poisonCustomer)
        for command in aheadCommands + [poison] {
            try await client.publishRaw(try command.serializedBytes(), routingKey: route, correlationId: command.commandID)
        }
        let crashes = try await Self.superviseUntilDeadLettered(stack, collected)
        let letters = try await Self.lettersUpToSentinel(stack, connection, collected)
        #expect(letters.count == 1, "only the poison command is dead-lettered")
        let letter = try #require(letters.first, "the poison command reached the dead-letter queue after \(crashes) crashes")
        Self.expectPoisonLetter(letter, poison)
        #expect(crashes == 2, "the crash journal suspected it after one crash and confirmed it after a second (\(crashes) crashes)")
        let reply = try await client.reply(to: poison.commandID, timeout: .seconds(30))
        #expect(reply.status == .internal)
        #expect(reply.error.message.contains("crashed the consumer"))

        // Healthy again: it serves, and the commands ahead of the poison were applied once.
        let after = try await client.send(Self.purchase(stack.unique("c-after")), timeout: .seconds(60))
        #expect(after.status == .ok)
        try await Self.expectAppliedOnce(aheadCommands, client: client)
        #expect(await stack.consumer?.waitForExit(timeout: .seconds(2)) == nil, "the consumer stays up")
        await connection.close()
        await stack.stop()
    }

    @Test(
        "a poison command in the middle of 500 prefetched commands: only it is dead-lettered, the 499 others are applied exactly once",
        .enabled(if: ProcessInfo.processInfo.environment["E2E_EXTERNAL_SERVICES"] != "1", "crashes the consumer")
    )
    func poisonAmongFiveHundred() async throws {
        let poisonCustomer = "poison-\(UUID().uuidString.prefix(8))"
        let (stack, connection, client, collected, collector) = try await Self.poisonStack(poisonCustomer)
        defer { collector.cancel() }
        let route = CommandRoute.purchase.routingKey
        // Stop the consumer so that all 500 wait in the queue and arrive in one prefetch window
        // (PREFETCH 512) when it starts: the poison sits in the middle of what it holds.
        try await stack.stopConsumer(crash: false)
        let before = (0..<250).map { Self.purchase(stack.unique("c-before-\($0)")) }
        let poison = Self.purchase(poisonCustomer)
        let behind = (0..<249).map { Self.purchase(stack.unique("c-behind-\($0)")) }
        for command in before + [poison] + behind {
            try await client.publishRaw(try command.serializedBytes(), routingKey: route, correlationId: command.commandID)
        }
        try await stack.startConsumer(waitForHealth: false)
        let crashes = try await Self.superviseUntilDeadLettered(stack, collected)
        let letters = try await Self.lettersUpToSentinel(stack, connection, collected)
        #expect(letters.count == 1, "only the poison is dead-lettered, none of its 499 batch-mates")
        let letter = try #require(letters.first, "the poison reached the dead-letter queue after \(crashes) crashes")
        Self.expectPoisonLetter(letter, poison)
        #expect(crashes == 2, "two crashes on it, then the journal named the culprit (\(crashes) crashes)")
        try await Self.expectAppliedOnce(before + behind, client: client)
        #expect(await stack.consumer?.waitForExit(timeout: .seconds(2)) == nil, "the consumer stays up")
        await connection.close()
        await stack.stop()
    }

    /// Each command was answered OK, and sent again it is a replay of that first result: applied
    /// exactly once.
    static func expectAppliedOnce(_ commands: [Subscriptions_V1_CommandEnvelope], client: DirectCommandClient) async throws {
        var firsts: [String: String] = [:]
        for command in commands {
            let first = try await client.reply(to: command.commandID, timeout: .seconds(90))
            #expect(first.status == .ok, "\(command.commandID): \(first.error.message)")
            firsts[command.commandID] = first.purchase.subscription.transactionInfo.originalTransactionID
        }
        for command in commands {
            var again = command
            again.deadline = Google_Protobuf_Timestamp(date: Date().addingTimeInterval(60))
            let replay = try await client.send(again, timeout: .seconds(60))
            #expect(replay.status == .ok)
            #expect(replay.replayed, "applied before, once: \(command.commandID)")
            #expect(replay.purchase.subscription.transactionInfo.originalTransactionID == firsts[command.commandID])
        }
    }
}
