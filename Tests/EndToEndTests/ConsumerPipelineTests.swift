import AMQPClient
import Foundation
import ServiceTestSupport
import SubscriptionMessages
import Testing

/// The consumer process against a real broker, driven with raw `CommandEnvelope`s as another
/// service would publish them: bad input is dead-lettered with its reason and answered,
/// replays change nothing, a crash loses nothing, SIGTERM drains.
@Suite("Consumer pipeline (real consumer process, real broker)", .serialized, .requiresBroker)
struct ConsumerPipelineTests {
    static func purchase(customer: String, product: String = E2ECatalog.monthly) -> Subscriptions_V1_CommandEnvelope.OneOf_Command {
        var request = Subscriptions_V1_PurchaseRequest()
        request.customerID = customer
        request.productID = product
        request.storefront = "USA"
        return .purchase(request)
    }

    @Test("undecodable bytes, an unknown schema version and an empty command are dead-lettered with their reason and answered; the next command is processed")
    func badInputIsDeadLettered() async throws {
        let stack = try await Stack.start(withProducer: false)
        let connection = try await stack.connect()
        let client = try await DirectCommandClient(connection: connection, busPrefix: stack.busPrefix)
        let deadLetters = try await connection.consume(queue: "\(stack.busPrefix).commands.dead-letter", prefetch: 10)

        let garbageId = UUID().uuidString.lowercased()
        try await client.publishRaw(Data([0xFF, 0x01, 0x02]), routingKey: CommandRoute.purchase.routingKey, correlationId: garbageId)
        let garbageReply = try await client.reply(to: garbageId)
        #expect(garbageReply.status == .invalidArgument)
        #expect(garbageReply.error.message.contains("not a subscriptions.v1.CommandEnvelope"))

        var future = DirectCommandClient.envelope(Self.purchase(customer: stack.unique("c-future")))
        future.schemaVersion = 99
        let futureReply = try await client.send(future)
        #expect(futureReply.status == .failedPrecondition)
        #expect(futureReply.error.field == "schema_version")

        var empty = DirectCommandClient.envelope(Self.purchase(customer: stack.unique("c-empty")))
        empty.command = nil
        try await client.publishRaw(try empty.serializedBytes(), routingKey: CommandRoute.purchase.routingKey, correlationId: empty.commandID)
        let emptyReply = try await client.reply(to: empty.commandID)
        #expect(emptyReply.status == .unimplemented)

        let dead = try await collectDeliveries(3, from: deadLetters)
        #expect(dead.count == 3)
        let reasons = Set(dead.compactMap { delivery -> String? in
            if case .string(let reason)? = delivery.message.properties.headers["x-death-reason"] { return reason }
            return nil
        })
        #expect(reasons == ["undecodable", "unknown-schema-version", "unknown-command"])
        #expect(dead.contains { $0.message.body == Data([0xFF, 0x01, 0x02]) })

        let good = try await client.send(DirectCommandClient.envelope(Self.purchase(customer: stack.unique("c-good"))))
        #expect(good.status == .ok)
        await connection.close()
        let status = await stack.stop()
        #expect(stack.isExternal || status.consumer == 0)
    }

    @Test("R-EVT-3 a command delivered twice is applied once: the replay returns the first reply and emits nothing")
    func replayIsIdempotent() async throws {
        let stack = try await Stack.start(withProducer: false)
        let connection = try await stack.connect()
        let events = try await EventWatcher(connection: connection, eventsExchange: "\(stack.busPrefix).events")
        let client = try await DirectCommandClient(connection: connection, busPrefix: stack.busPrefix)
        let envelope = DirectCommandClient.envelope(Self.purchase(customer: stack.unique("c-replay")))
        let first = try await client.send(envelope)
        #expect(first.status == .ok)
        #expect(!first.replayed)
        try await events.waitUntil("the purchase event") { $0.count == 1 }
        let second = try await client.send(envelope)
        #expect(second.replayed)
        #expect(second.purchase == first.purchase)
        // A sentinel on the same subscription, sent after the replay was answered, instead of
        // waiting a while for nothing: events carry a gap-free per-subscription sequence, so had
        // the replay emitted an event, the sentinel's would not be number 2, whatever the order
        // on the wire.
        let subscription = first.purchase.subscription.transactionInfo.originalTransactionID
        let sentinel = DirectCommandClient.envelope(.setAutoRenew(.with {
            $0.originalTransactionID = subscription
            $0.action = .disable
        }))
        #expect(try await client.send(sentinel).status == .ok)
        try await events.waitUntil("the sentinel's event") { $0.contains { $0.causedByCommandID == sentinel.commandID } }
        let mine = events.events(of: subscription)
        #expect(mine.map(\.sequence) == [1, 2])
        #expect(mine.map(\.causedByCommandID) == [envelope.commandID, sentinel.commandID])
        #expect(events.received.count == 2)
        await connection.close()
        await stack.stop()
    }

    @Test(
        "a consumer killed with SIGKILL in the middle of 1,000 commands loses nothing: after a restart every command has exactly one effect and every event arrives",
        .enabled(if: ProcessInfo.processInfo.environment["E2E_EXTERNAL_SERVICES"] != "1", "needs a consumer process of its own")
    )
    func crashLosesNothing() async throws {
        let stack = try await Stack.start(withProducer: false)
        let connection = try await stack.connect()
        let events = try await EventWatcher(connection: connection, eventsExchange: "\(stack.busPrefix).events")
        let client = try await DirectCommandClient(connection: connection, busPrefix: stack.busPrefix)
        let count = 1_000
        let envelopes = (0..<count).map { DirectCommandClient.envelope(Self.purchase(customer: stack.unique("c-crash-\($0)"))) }
        try await withThrowingDiscardingTaskGroup { group in
            for envelope in envelopes {
                group.addTask {
                    try await client.publishRaw(try envelope.serializedBytes(), routingKey: CommandRoute.purchase.routingKey, correlationId: envelope.commandID)
                }
            }
        }
        try await events.waitUntil("some events before the crash") { $0.count >= 50 }
        let atCrash = events.received.count
        await stack.consumer?.crash()
        #expect(atCrash < count, "the kill came before the run ended (\(atCrash) events)")
        try await stack.restartConsumer(crash: true)
        let received = try await events.waitUntil(timeout: .seconds(60), "one SUBSCRIBED per purchase") {
            Set($0.map(\.notificationUuid)).count >= count
        }
        let uniqueEvents = Dictionary(grouping: received, by: \.notificationUuid)
        #expect(uniqueEvents.count == count)
        #expect(Set(received.map(\.subscriptionID)).count == count)
        #expect(received.allSatisfy { $0.notificationType == .subscribed })
        #expect(received.allSatisfy { $0.sequence == 1 }, "one effect per command: each subscription has only its first event")
        await connection.close()
        await stack.stop()
    }
}

/// Collects `count` deliveries (acked) or what arrived within `timeout`.
func collectDeliveries(_ count: Int, from consumer: AMQPConsumer, timeout: Duration = .seconds(20)) async throws -> [AMQPDelivery] {
    try await withThrowingTaskGroup(of: [AMQPDelivery].self) { group in
        group.addTask {
            var received: [AMQPDelivery] = []
            for await delivery in consumer {
                try await delivery.ack()
                received.append(delivery)
                if received.count == count { break }
            }
            return received
        }
        group.addTask {
            try await Task.sleep(for: timeout)
            return []
        }
        defer { group.cancelAll() }
        return try await group.next() ?? []
    }
}
