import AMQPClient
import Foundation
import SubscriptionMessages
import SwiftProtobuf
import Synchronization
import Testing

/// Poison and oversize on the bus (issue 13, docs/consumer.md "Poison commands"), with the
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
        #expect(Set(dead.compactMap(Self.deathReason)) == ["too-large", "wrong-content-type"])
        #expect(dead.contains { $0.message.body == largeBody }, "the dead letter keeps the body for a replay")

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

    @Test(
        "a command that crashes the consumer every time reaches the dead-letter queue by the queue's delivery limit, alone: the five commands published right before it are applied once and answered, and the consumer serves again",
        .enabled(if: ProcessInfo.processInfo.environment["E2E_EXTERNAL_SERVICES"] != "1", "crashes the consumer")
    )
    func poisonReachesTheDeadLetterQueue() async throws {
        let poisonCustomer = "poison-\(UUID().uuidString.prefix(8))"
        // Without Swift's backtracer a crash ends the process (and its connection) at once; with
        // it, each crash spends seconds writing a backtrace the test does not read.
        let stack = try await Stack.start(
            withProducer: false, consumerEnvironment: ["CRASH_ON_CUSTOMER": poisonCustomer, "SWIFT_BACKTRACE": "enable=no"])
        let connection = try await stack.connect()
        let client = try await DirectCommandClient(connection: connection, busPrefix: stack.busPrefix)
        let deadLetters = try await connection.consume(queue: "\(stack.busPrefix).commands.dead-letter", prefetch: 10)
        let collected = Mutex<[AMQPDelivery]>([])
        let collector = Task {
            for await delivery in deadLetters {
                try? await delivery.ack()
                collected.withLock { $0.append(delivery) }
            }
        }
        defer { collector.cancel() }
        let route = CommandRoute.purchase.routingKey

        // Five commands right before the poison, published back to back without waiting for
        // their replies: they share the poison's first batch (or the batches right before it).
        // After the first crash each comes again as a redelivery, committed alone, and every
        // batch is settled (acked) before the next redelivered command is taken, so they do not
        // share the poison's further crashes and only the poison is dead-lettered.
        let aheadCommands = (0..<5).map { Self.purchase(stack.unique("c-ahead-\($0)")) }
        let poison = Self.purchase(poisonCustomer)
        for command in aheadCommands + [poison] {
            try await client.publishRaw(try command.serializedBytes(), routingKey: route, correlationId: command.commandID)
        }
        // A supervisor's job (systemd, Compose `restart:`): start the consumer again after each crash.
        var crashes = 0
        let deadline = ContinuousClock.now + .seconds(180)
        while collected.withLock({ $0.isEmpty }), crashes < 12, ContinuousClock.now < deadline {
            if let status = await stack.consumer?.waitForExit(timeout: .seconds(2)) {
                #expect(status == -SIGABRT, "the fault injection aborts")
                crashes += 1
                try await stack.startConsumer(waitForHealth: false)
            }
        }
        // A sentinel in the dead-letter queue once the poison's letter came, instead of waiting a
        // while for another: the queue dead-letters what a crash gave back in one step, before
        // the poison's letter reached this test, so any other letter is queued ahead of it.
        let deadLetterQueue = "\(stack.busPrefix).commands.dead-letter"
        try await connection.publish(
            AMQPMessage(body: Data([0]), properties: AMQPProperties(messageId: "sentinel")), exchange: "", routingKey: deadLetterQueue)
        let isSentinel = { (delivery: AMQPDelivery) in delivery.message.properties.messageId == "sentinel" }
        let sentinelDeadline = ContinuousClock.now + .seconds(30)
        while !collected.withLock({ $0.contains(where: isSentinel) }), ContinuousClock.now < sentinelDeadline {
            try await Task.sleep(for: .milliseconds(20))
        }
        let letters = collected.withLock { $0 }.filter { !isSentinel($0) }
        #expect(letters.count == 1, "only the poison command is dead-lettered")
        let letter = try #require(letters.first, "the poison command reached the dead-letter queue after \(crashes) crashes")
        #expect(letter.message.properties.correlationId == poison.commandID)
        if case .string(let reason)? = letter.message.properties.headers["x-first-death-reason"] {
            #expect(reason == "delivery_limit", "dead-lettered by the broker's x-delivery-limit")
        } else {
            Issue.record("no x-first-death-reason header: \(letter.message.properties.headers)")
        }
        #expect(crashes >= 5, "the queue's delivery limit (5) was reached, not an earlier refusal (\(crashes) crashes)")

        // Healthy again: it serves, and the command ahead of the poison was applied once.
        let after = try await client.send(Self.purchase(stack.unique("c-after")), timeout: .seconds(60))
        #expect(after.status == .ok)
        // The commands before the poison were applied once: answered OK, and sent again each is a
        // replay of its first result.
        for ahead in aheadCommands {
            let first = try await client.reply(to: ahead.commandID, timeout: .seconds(60))
            #expect(first.status == .ok)
            var again = ahead
            again.deadline = Google_Protobuf_Timestamp(date: Date().addingTimeInterval(30))
            let replay = try await client.send(again)
            #expect(replay.status == .ok)
            #expect(replay.replayed, "applied before, once")
            #expect(
                replay.purchase.subscription.transactionInfo.originalTransactionID
                    == first.purchase.subscription.transactionInfo.originalTransactionID, "the first result again")
        }
        #expect(await stack.consumer?.waitForExit(timeout: .seconds(2)) == nil, "the consumer stays up")
        await connection.close()
        await stack.stop()
    }
}
