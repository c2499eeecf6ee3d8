import AMQPClient
import Foundation
import ServiceTestSupport
import SubscriptionControl
import SubscriptionMessages
import SwiftProtobuf
import Testing

/// `subscriptionsctl record` and `replay` end to end (docs/golden-replays.md): a run of mixed
/// commands on deployment A (its own bus prefix and database, a real `subscriptions-consumer`) is
/// recorded, replayed into a fresh deployment B with the same catalog (identical) and into a
/// deployment C whose catalog changed one price (the diff names the field).
@Suite("subscriptionsctl golden replays", .serialized, .requiresBroker)
struct GoldenReplayTests {
    @Test("R-RPL-1 R-RPL-2 R-RPL-3 R-RPL-4 a recorded run replays identically into a fresh deployment, a changed price is reported by field, a used deployment is refused")
    func recordAndReplay() async throws {
        let directory = FileManager.default.temporaryDirectory.appending(path: "golden-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let golden = directory.appending(path: "run.golden")

        // Deployment A: the run, recorded.
        let a = try await ConsumerHarness.start()
        let (alice, bob): (String, String)
        do {
            async let recording = CtlRun.run(a.arguments("record", "--out", golden.path, "--idle", "5s", "--for", "120s"))
            try await waitForRecorder(golden)
            (alice, bob) = try await runMixedCommands(a)
            let recorded = await recording
            #expect(recorded.code == 0, "\(recorded.output.errors)")
            #expect(recorded.output.lines == ["recorded 8 commands and 11 events into \(golden.path)"], "\(recorded.output.lines)")
        } catch {
            await a.stop()
            throw error
        }
        await a.stop()
        let file = try GoldenFile(contentsOf: golden)
        #expect(file.busPrefix == a.busPrefix)
        #expect(file.commands.map(\.routingKey).contains(CommandRoute.setAutoRenew.routingKey), "the direct publish was recorded")
        #expect(Set(file.events.map(\.event.subscriptionID)) == [alice, bob])

        // Deployment B: fresh, the same catalog: identical, byte for byte.
        let b = try await ConsumerHarness.start()
        do {
            let replayed = directory.appending(path: "replayed.golden")
            let replay = await CtlRun.run(replayArguments(golden, b) + ["--record-to", replayed.path])
            #expect(replay.code == 0, "\(replay.output.lines) \(replay.output.errors)")
            #expect(replay.output.lines == ["identical: 8 commands replayed; 11 events of 2 subscription(s) equal byte for byte"], "\(replay.output.lines)")
            #expect(replay.output.errors.contains("replies: ok 8"), "\(replay.output.errors)")
            let again = try GoldenFile(contentsOf: replayed)
            #expect(again.events.map(\.body).sorted { $0.lexicographicallyPrecedes($1) } == file.events.map(\.body).sorted { $0.lexicographicallyPrecedes($1) })

            // B is no longer fresh: a second replay is refused before anything is sent.
            let refused = await CtlRun.run(replayArguments(golden, b))
            #expect(refused.code != 0)
            #expect(refused.output.errors.contains { $0.contains("is not a fresh deployment") }, "\(refused.output.errors)")
        } catch {
            await b.stop()
            throw error
        }
        await b.stop()

        // Deployment C: news.basic.monthly costs USD 3.49 instead of 2.99.
        let c = try await ConsumerHarness.start(catalog: try changedCatalog(in: directory))
        defer { try? FileManager.default.removeItem(at: directory) }
        let replay = await CtlRun.run(replayArguments(golden, c))
        #expect(replay.code == 1, "\(replay.output.lines) \(replay.output.errors)")
        let lines = replay.output.lines
        // Alice's purchase and the two events of the price change carry the old price; once the new
        // price (the same in both) applies, her events are the same again; bob's never differ.
        #expect(
            lines.first == "different: 8 commands replayed; of 11 recorded and 11 replayed events, 3 differ, 0 only in the recording, 0 only in the replay",
            "\(lines)")
        #expect(lines.contains("changed subscription \(alice) #1 SUBSCRIBED.INITIAL_BUY:"), "\(lines)")
        #expect(lines.contains("  data.transactionInfo.price: 2990 → 3490"), "\(lines)")
        #expect(!lines.contains { $0.contains(bob) }, "bob's product did not change: \(lines)")
        await c.stop()
    }

    private func replayArguments(_ golden: URL, _ target: ConsumerHarness) -> [String] {
        ["replay", golden.path, "--against", target.amqpURL, "--bus-prefix", target.busPrefix, "--settle", "3s"]
    }

    /// A test clock at 2030-01-01; alice buys news.basic.monthly, bob news.premium.monthly (a free
    /// trial); another service turns bob's auto-renew off by publishing straight to the commands
    /// exchange; alice's price goes up; two months pass. Returns both subscription ids.
    private func runMixedCommands(_ harness: ConsumerHarness) async throws -> (String, String) {
        let created = await CtlRun.run(harness.arguments("clock", "create", "--at", "2030-01-01T00:00:00Z", "--name", "golden"))
        let clock = try #require(created.output.lines.first, "\(created.output.errors)")
        func buy(_ customer: String, _ product: String) async throws -> String {
            let body = #"{"customerId":"\#(customer)","productId":"\#(product)","storefront":"USA"}"#
            let bought = await CtlRun.run(harness.arguments("publish", "purchase", "--test-clock", clock, "--json-string", body))
            let reply = try Subscriptions_V1_CommandReply(jsonString: try #require(bought.output.lines.first, "\(bought.output.errors)"))
            guard case .purchase(let purchase)? = reply.result else { throw HarnessError("no purchase result: \(reply)") }
            return purchase.subscription.transactionInfo.originalTransactionID
        }
        let alice = try await buy("alice", "news.basic.monthly")
        let bob = try await buy("bob", "news.premium.monthly")
        let reply = try await publishDirectly(harness, .setAutoRenew(.with {
            $0.originalTransactionID = bob
            $0.action = .disable
        }))
        #expect(reply.status == .ok, "\(reply)")
        // A price increase for alice (USD 2.99 → 3.99): applied at her next renewal.
        let increase = #"{"requestInfo":{"requestReferenceId":"5d1c2a0e-8d4b-4a51-9b0e-3f5d7c2a9e10"},"items":[{"SKU":"news.basic.monthly","price":3990}],"currency":"USD","storefront":"USA"}"#
        let changed = await CtlRun.run(harness.arguments("publish", "change-price", "--path", alice, "--json-string", increase))
        #expect(changed.code == 0, "\(changed.output.errors)")
        for _ in 0..<2 {
            let advanced = await CtlRun.run(harness.arguments("clock", "advance", "--clock", clock, "--by", "P1M"))
            #expect(advanced.code == 0, "\(advanced.output.errors)")
        }
        // Read-only, and answered from the consumer's clock: recorded and replayed, changes nothing.
        let listed = await CtlRun.run(harness.arguments("clock", "get", clock))
        #expect(listed.code == 0, "\(listed.output.errors)")
        return (alice, bob)
    }

    /// What another service does (README, "Publishing commands directly"): an envelope on the
    /// commands exchange with a reply queue of its own.
    private func publishDirectly(
        _ harness: ConsumerHarness, _ command: Subscriptions_V1_CommandEnvelope.OneOf_Command
    ) async throws -> Subscriptions_V1_CommandReply {
        let connection = try await harness.connect()
        let replies = "golden-test.replies.\(UUID().uuidString.prefix(8))"
        try await connection.declare(AMQPTopology(queues: [AMQPQueue(name: replies, durable: false, exclusive: false, autoDelete: true)]))
        let consumer = try await connection.consume(queue: replies, prefetch: 1)
        var envelope = Subscriptions_V1_CommandEnvelope()
        envelope.commandID = UUID().uuidString.lowercased()
        envelope.schemaVersion = WireContract.schemaVersion
        envelope.command = command
        try await connection.publish(
            AMQPMessage(body: try envelope.serializedData(), properties: AMQPProperties(
                contentType: WireContract.contentType, messageId: envelope.commandID, correlationId: envelope.commandID, replyTo: replies)),
            exchange: "\(harness.busPrefix).commands", routingKey: CommandRoute(command).routingKey)
        var reply: Subscriptions_V1_CommandReply?
        for await delivery in consumer {
            reply = try Subscriptions_V1_CommandReply(serializedBytes: delivery.message.body)
            try? await delivery.ack()
            break
        }
        await consumer.cancel()
        await connection.close()
        return try #require(reply)
    }

    /// Waits until the recorder's queue is bound: the recorder writes the golden file's header
    /// line once its bindings are declared (a probe on the events exchange would be routed at
    /// once to the consumer's event log, bound with `#`).
    private func waitForRecorder(_ golden: URL) async throws {
        let deadline = ContinuousClock.now + .seconds(20)
        while ContinuousClock.now < deadline {
            if let data = FileManager.default.contents(atPath: golden.path), data.contains(UInt8(ascii: "\n")) { return }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw HarnessError("the recorder did not bind within 20 s")
    }

    /// The example catalog with news.basic.monthly at USD 3.49 in the USA.
    private func changedCatalog(in directory: URL) throws -> URL {
        let original = ConsumerHarness.repositoryRoot.appending(path: "Config/catalog.example.json")
        var catalog = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: original)) as? [String: Any])
        var products = try #require(catalog["products"] as? [[String: Any]])
        let index = try #require(products.firstIndex { $0["productId"] as? String == "news.basic.monthly" })
        var prices = try #require(products[index]["prices"] as? [String: Any])
        prices["USA"] = ["currency": "USD", "price": 3490]
        products[index]["prices"] = prices
        catalog["products"] = products
        let changed = directory.appending(path: "catalog.changed.json")
        try JSONSerialization.data(withJSONObject: catalog).write(to: changed)
        return changed
    }
}
