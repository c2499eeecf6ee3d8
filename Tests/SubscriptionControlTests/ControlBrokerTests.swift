import AMQPClient
import Foundation
import ServiceTestSupport
import SubscriptionMessages
import SubscriptionTopology
import Synchronization
import Testing

/// `subscriptionsctl` against the real broker and a real `subscriptions-consumer` process.
@Suite("subscriptionsctl against the broker and the consumer", .serialized, .requiresBroker)
struct ControlBrokerTests {
    static let purchase = #"{"customerId":"CUSTOMER","productId":"news.basic.monthly","storefront":"USA"}"#

    private func purchaseArguments(_ harness: ConsumerHarness, customer: String = UUID().uuidString) -> [String] {
        harness.arguments("publish", "purchase", "--json-string", Self.purchase.replacingOccurrences(of: "CUSTOMER", with: customer))
    }

    @Test func publishPurchaseGetsOKReplyAndExitsZero() async throws {
        try await ConsumerHarness.with { harness in
            let result = await CtlRun.run(purchaseArguments(harness))
            #expect(result.code == 0, "\(result.output.errors)")
            let reply = try Subscriptions_V1_CommandReply(jsonString: try #require(result.output.lines.first))
            #expect(reply.status == .ok)
            guard case .purchase(let purchase)? = reply.result else { Issue.record("no purchase result"); return }
            #expect(purchase.subscription.transactionInfo.productID == "news.basic.monthly")
        }
    }

    @Test func errorReplyPrintsStatusAndExitsNonZero() async throws {
        try await ConsumerHarness.with { harness in
            let result = await CtlRun.run(harness.arguments(
                "publish", "set-auto-renew", "--json-string", #"{"originalTransactionId":"999999999","autoRenewStatus":0}"#))
            #expect(result.code == 1, "\(result.output.lines) \(result.output.errors)")
            #expect(result.output.errors.contains { $0.hasPrefix("error: ") && $0.contains("NOT_FOUND") }, "\(result.output.errors)")
        }
    }

    @Test func eventsTailPrintsTheEventsAsJSONLines() async throws {
        try await ConsumerHarness.with { harness in
            async let tail = CtlRun.run(harness.arguments("events", "tail", "--count", "1", "--json", "--for", "30s"))
            try await waitForBinding(harness, exchange: "\(harness.busPrefix).events", routingKey: "SUBSCRIBED.INITIAL_BUY")
            let published = await CtlRun.run(purchaseArguments(harness))
            #expect(published.code == 0)
            let result = await tail
            #expect(result.code == 0, "\(result.output.errors)")
            let lines = result.output.lines
            #expect(lines.count == 1)
            let event = try Subscriptions_V1_NotificationEvent(jsonString: try #require(lines.first))
            #expect(event.notificationType == .subscribed)
            #expect(event.subtype == .initialBuy)
        }
    }

    @Test("events tail --from first reads what the consumer published before it started; events stats --from --to counts over the event log")
    func eventLogHistory() async throws {
        try await ConsumerHarness.with { harness in
            for _ in 0..<2 { #expect(await CtlRun.run(purchaseArguments(harness)).code == 0) }
            let tail = await CtlRun.run(harness.arguments("events", "tail", "--from", "first", "--count", "2", "--json", "--for", "60s"))
            #expect(tail.code == 0, "\(tail.output.errors)")
            let events = try tail.output.lines.map { try Subscriptions_V1_NotificationEvent(jsonString: $0) }
            #expect(events.map(\.routingKey) == ["SUBSCRIBED.INITIAL_BUY", "SUBSCRIBED.INITIAL_BUY"])
            // The window around the events' own signing times: the harness's consumer runs on the
            // manual clock, which stands at its start (not at the wall clock of the purchases).
            let signed = events.map(\.signedDate.date)
            let before = try #require(signed.min()).addingTimeInterval(-1)
            let published = try #require(signed.max())

            let iso = { (date: Date) in EventLogPosition.time(date).description }
            let window = await CtlRun.run(harness.arguments(
                "events", "stats", "--from", iso(before), "--to", iso(published.addingTimeInterval(1)), "--for", "60s"))
            #expect(window.code == 0, "\(window.output.errors)")
            #expect(window.output.lines.first == "events: 2", "\(window.output.lines)")
            #expect(window.output.lines.contains("  SUBSCRIBED: 2"), "\(window.output.lines)")
            // Signed before --from: not counted, and the reading still ends at --to.
            let later = await CtlRun.run(harness.arguments(
                "events", "stats", "--from", iso(published.addingTimeInterval(0.5)), "--to", iso(published.addingTimeInterval(1)), "--for", "60s"))
            #expect(later.code == 0, "\(later.output.errors)")
            #expect(later.output.lines.first == "events: 0", "\(later.output.lines)")
        }
    }

    /// Waits until a queue is bound to `exchange` for `routingKey` (the tail's own): a mandatory
    /// probe comes back unroutable until then. The probe is not a `NotificationEvent`, so the
    /// tail skips it; nothing else is bound to this harness's events exchange.
    private func waitForBinding(
        _ harness: ConsumerHarness, exchange: String, routingKey: String, timeout: Duration = .seconds(20)
    ) async throws {
        let connection = try await harness.connect()
        let deadline = ContinuousClock.now + timeout
        var bound = false
        while !bound, ContinuousClock.now < deadline {
            do throws(AMQPError) {
                try await connection.publish(AMQPMessage(body: Data([0xFF])), exchange: exchange, routingKey: routingKey, mandatory: true)
                bound = true
            } catch {
                guard error.code == .publishReturned || error.code == .notFound else {
                    await connection.close()
                    throw error
                }
                try? await Task.sleep(for: .milliseconds(50))
            }
        }
        await connection.close()
        guard bound else { throw HarnessError("nothing bound to \(exchange) for \(routingKey) within \(timeout)") }
    }

    @Test func dlqListShowsAPoisonMessageAndReplaySendsItBack() async throws {
        try await ConsumerHarness.with { harness in
            let connection = try await harness.connect()
            let replies = "ctl-test.replies.\(UUID().uuidString.prefix(8))"
            try await connection.declare(AMQPTopology(queues: [
                AMQPQueue(name: replies, durable: false, autoDelete: false, arguments: ["x-expires": .int64(600_000)]),
            ]))
            let poisonID = "poison-\(UUID().uuidString.lowercased())"
            try await connection.publish(
                AMQPMessage(body: Data("not a protobuf envelope".utf8), properties: AMQPProperties(
                    contentType: WireContract.contentType, messageId: poisonID, correlationId: poisonID, replyTo: replies)),
                exchange: "\(harness.busPrefix).commands", routingKey: CommandRoute.purchase.routingKey)
            let replyCount = try await ReplyCounter(connection: connection, queue: replies)
            try await replyCount.wait(for: 1)

            let listed = await CtlRun.run(harness.arguments("dlq", "list"))
            #expect(listed.code == 0, "\(listed.output.errors)")
            let line = try #require(listed.output.lines.first { $0.hasPrefix(poisonID) }, "\(listed.output.lines)")
            #expect(line.contains(CommandRoute.purchase.routingKey))
            #expect(line.contains("undecodable"))
            #expect(line.contains("23 bytes"))
            let again = await CtlRun.run(harness.arguments("dlq", "list"))
            #expect(again.output.lines.contains { $0.hasPrefix(poisonID) }, "listing must not remove the message")

            let replayed = await CtlRun.run(harness.arguments("dlq", "replay", "--command-id", poisonID))
            #expect(replayed.code == 0, "\(replayed.output.errors)")
            #expect(replayed.output.lines == ["replayed \(poisonID) \(CommandRoute.purchase.routingKey)"])
            try await replyCount.wait(for: 2)  // the consumer saw it again, and dead-lettered it again
            await connection.close()
        }
    }

    /// On the test clock the extension runs when the clock advances, never on a status read
    /// (R-EXT-4), so the clock is advanced while `extend mass` follows it.
    @Test func massExtensionIsFollowedUntilComplete() async throws {
        try await ConsumerHarness.with { harness in
            for _ in 0..<2 { #expect(await CtlRun.run(purchaseArguments(harness)).code == 0) }
            let result = await withTaskGroup(of: CtlRun.Result?.self) { group in
                group.addTask {
                    await CtlRun.run(harness.arguments(
                        "extend", "mass", "--product", "news.basic.monthly", "--days", "3", "--reason", "1",
                        "--storefront", "USA", "--interval", "200ms"))
                }
                group.addTask {
                    for _ in 0..<100 where !Task.isCancelled {
                        try? await Task.sleep(for: .milliseconds(500))
                        _ = await CtlRun.run(harness.arguments("clock", "advance", "--by", "PT1S"))
                    }
                    return nil
                }
                let followed = await group.next() ?? nil
                group.cancelAll()
                return followed
            }
            let done = try #require(result, "extend mass did not finish")
            #expect(done.code == 0, "\(done.output.errors)")
            #expect(done.output.errors.contains { $0.hasPrefix("waiting: on the test clock") })
            let summary = try #require(done.output.lines.last)
            #expect(summary.hasPrefix("complete: "), "\(done.output.lines) \(done.output.errors)")
            #expect(summary.contains("succeeded 2 failed 0"), "\(summary)")
            #expect(done.output.errors.contains { $0.hasPrefix("progress: ") })
        }
    }

    @Test func clockAdvancePrintsTheClockBeforeAndAfter() async throws {
        try await ConsumerHarness.with { harness in
            let consumer = ["--consumer-url", "http://127.0.0.1:\(harness.httpPort)"]
            let before = await CtlRun.run(["clock", "show"] + consumer)
            #expect(before.code == 0, "\(before.output.errors)")
            let result = await CtlRun.run(harness.arguments("clock", "advance", "--by", "P1D"))
            #expect(result.code == 0, "\(result.output.errors)")
            #expect(result.output.lines.first?.hasPrefix("clock: ") == true, "\(result.output.lines)")
            let after = await CtlRun.run(["clock", "show"] + consumer)
            #expect(after.output.lines.first?.contains("(manual, ") == true, "\(after.output.lines)")
            let milliseconds = { (line: String?) -> Int64 in
                Int64(line?.split(separator: ",").last?.split(separator: " ").first ?? "") ?? 0
            }
            #expect(milliseconds(after.output.lines.first) - milliseconds(before.output.lines.first) == 86_400_000)
        }
    }
}

/// Counts replies arriving on a queue.
final class ReplyCounter: Sendable {
    private let count = Counter()
    private let reader: Task<Void, Never>

    init(connection: AMQPConnection, queue: String) async throws {
        let consumer = try await connection.consume(queue: queue, prefetch: 10)
        let count = self.count
        reader = Task {
            for await delivery in consumer {
                count.increment()
                try? await delivery.ack()
            }
        }
    }

    deinit { reader.cancel() }

    func wait(for expected: Int, timeout: Duration = .seconds(20)) async throws {
        let deadline = ContinuousClock.now + timeout
        while count.value < expected {
            guard ContinuousClock.now < deadline else { throw HarnessError("\(count.value) replies, expected \(expected)") }
            try await Task.sleep(for: .milliseconds(50))
        }
    }
}


final class Counter: Sendable {
    private let state = Mutex(0)
    func increment() { state.withLock { $0 += 1 } }
    var value: Int { state.withLock { $0 } }
}
