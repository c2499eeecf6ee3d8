import AMQPClient
import Foundation
import ServiceTestSupport
import SubscriptionEngine
import SubscriptionMessages
import SwiftProtobuf
import Synchronization
import Testing

/// `what-if price-change` against the real broker and a real consumer (docs/what-if.md): it
/// changes nothing, and what it answers is what the real price change and the clock then do.
@Suite("subscriptionsctl what-if", .serialized, .requiresBroker)
struct ControlWhatIfTests {
    static let product = "news.basic.monthly"

    @Test("R-WIF-1 R-WIF-2 R-WIF-3 the what-if leaves the state and the event stream as they were, and its counts are what the real price change and the clock then produce")
    func whatIfTellsTheTruth() async throws {
        try await ConsumerHarness.with { harness in
            let connection = try await harness.connect()
            let events = try await EventRecorder(connection: connection, exchange: "\(harness.busPrefix).events")
            let created = await CtlRun.run(harness.arguments("clock", "create", "--at", "2030-01-01T00:00:00Z"))
            let clock = try #require(created.output.lines.first)

            // 7 subscriptions in the USA (one with auto-renew off) and 3 in Japan, on the clock.
            var ids: [(id: String, storefront: String)] = []
            for (index, storefront) in (Array(repeating: "USA", count: 7) + Array(repeating: "JPN", count: 3)).enumerated() {
                let body = #"{"customerId":"whatif-\#(index)-\#(UUID().uuidString)","productId":"\#(Self.product)","storefront":"\#(storefront)"}"#
                let bought = await CtlRun.run(harness.arguments("publish", "purchase", "--test-clock", clock, "--json-string", body))
                #expect(bought.code == 0, "\(bought.output.errors)")
                let reply = try Subscriptions_V1_CommandReply(jsonString: try #require(bought.output.lines.first))
                guard case .purchase(let purchase)? = reply.result else { throw HarnessError("no purchase in \(reply)") }
                ids.append((purchase.subscription.renewalInfo.originalTransactionID, storefront))
            }
            let off = await CtlRun.run(harness.arguments(
                "publish", "set-auto-renew", "--json-string", #"{"originalTransactionId":"\#(ids[0].id)","autoRenewStatus":0}"#))
            #expect(off.code == 0, "\(off.output.errors)")
            _ = await CtlRun.run(harness.arguments("clock", "advance", "--clock", clock, "--by", "P10D"))
            try await events.wait(for: 11)

            // A rate that lets about half of the eligible subscribers in the USA consent, and not
            // all nor none of them: the median of their consent buckets (R-WIF-4).
            let buckets = ids.dropFirst().filter { $0.storefront == "USA" }.map { ConsentAssumption.bucket(of: $0.id) }.sorted()
            let rate = buckets[buckets.count / 2]
            let consent = try #require(ConsentAssumption(basisPoints: rate))

            // The what-if, three pages of four; then the same state and not one more event.
            let before = try await snapshot(harness, ids.map(\.id), clock: clock)
            let asked = await CtlRun.run(harness.arguments(
                "what-if", "price-change", "--product", Self.product, "--price", "USA=9.99", "--price", "JPN=900",
                "--consent-rate", String(format: "%.2f%%", Double(rate) / 100), "--test-clock", clock, "--page-size", "4", "--json"))
            #expect(asked.code == 0, "\(asked.output.errors)")
            let progress = asked.output.errors.filter { $0.hasPrefix("progress: page ") }
            #expect(progress.count == 3, "\(asked.output.errors)")
            #expect(progress.allSatisfy { $0.contains(" %  ") } && progress.last?.contains("100 %  10 read") == true, "the cursor's share: \(progress)")
            let line = try #require(asked.output.lines.first)
            let parsed = try JSONSerialization.jsonObject(with: Data(line.utf8))
            let answer = try #require(parsed as? [String: Any], "\(line)")
            let storefronts = try #require(answer["storefronts"] as? [[String: Any]], "\(answer)")
            #expect(answer["scanned"] as? Int == 10 && answer["pages"] as? Int == 3, "\(answer)")
            let after = try await snapshot(harness, ids.map(\.id), clock: clock)
            #expect(after == before, "the what-if changed the state")
            // A sentinel after the what-if answered, instead of waiting a while for events: the
            // consumer publishes each batch's events before its replies, batches in commit order,
            // so an event of the what-if would arrive before the sentinel purchase's. (It is not
            // on the test clock, so the what-if and the clock below leave it alone.)
            let sentinelBody = #"{"customerId":"whatif-sentinel-\#(UUID().uuidString)","productId":"\#(Self.product)","storefront":"USA"}"#
            let sentinelRun = await CtlRun.run(harness.arguments("publish", "purchase", "--json-string", sentinelBody))
            let sentinelReply = try Subscriptions_V1_CommandReply(jsonString: try #require(sentinelRun.output.lines.first))
            guard case .purchase(let sentinel)? = sentinelReply.result else { throw HarnessError("no purchase in \(sentinelReply)") }
            let sentinelId = sentinel.subscription.renewalInfo.originalTransactionID
            try await events.wait { $0.contains { $0.subscriptionID == sentinelId } }
            #expect(events.count == 12, "the what-if published: \(events.kinds())")

            // The real thing: the change on every subscription, the clock to the day the consent
            // requests go out, the assumed subscribers consent, the clock to the renewal.
            for (id, storefront) in ids {
                let price = storefront == "USA" ? 9_990 : 900_000
                let body = #"{"requestInfo":{"requestReferenceId":"\#(UUID().uuidString.lowercased())"},"items":[{"SKU":"\#(Self.product)","price":\#(price)}]}"#
                let changed = await CtlRun.run(harness.arguments("publish", "change-price", "--path", id, "--json-string", body))
                #expect(changed.code == (id == ids[0].id ? 1 : 0), "auto-renew off is refused: \(changed.output.errors)")
            }
            _ = await CtlRun.run(harness.arguments("clock", "advance", "--clock", clock, "--to", "2030-02-02T00:00:00Z"))
            for (id, storefront) in ids.dropFirst() where storefront == "USA" && consent.consents(id) {
                let body = #"{"originalTransactionId":"\#(id)","response":"CONSENT"}"#
                let answered = await CtlRun.run(harness.arguments("publish", "respond-to-price-increase", "--json-string", body))
                #expect(answered.code == 0, "\(answered.output.errors)")
            }
            _ = await CtlRun.run(harness.arguments("clock", "advance", "--clock", clock, "--to", "2030-03-01T00:00:00Z"))
            let expected = storefronts.compactMap { $0["renewedAtNewPrice"] as? Int }.reduce(0, +)
                + storefronts.compactMap { $0["expiredPriceIncrease"] as? Int }.reduce(0, +)
            try await events.wait { all in
                all.filter { $0.notificationType == .didRenew || $0.routingKey == "EXPIRED.PRICE_INCREASE" }.count >= expected
                    && all.filter { $0.notificationType == .didRenew }.count >= 9 - expected
            }
            try await Task.sleep(for: .milliseconds(500))

            for storefront in storefronts {
                let code = try #require(storefront["storefront"] as? String)
                let mine = Set(ids.filter { $0.storefront == code }.map(\.id))
                let real = events.all.filter { mine.contains($0.subscriptionID) }
                let messages = real.filter { $0.notificationType == .subscriberCommunication }
                #expect(storefront["subscriptions"] as? Int == mine.count)
                #expect(storefront["consentRequired"] as? Int == real.filter { $0.routingKey == "PRICE_INCREASE.PENDING" }.count, "\(code)")
                #expect(storefront["communications"] as? Int == messages.count, "\(code)")
                #expect(storefront["expiredPriceIncrease"] as? Int == real.filter { $0.routingKey == "EXPIRED.PRICE_INCREASE" }.count, "\(code)")
                let dates = messages.map { $0.signedDate.date.formatted(.iso8601) }.sorted()
                #expect(storefront["firstCommunication"] as? String == dates.first, "\(code)")
                #expect(storefront["lastCommunication"] as? String == dates.last, "\(code)")
            }
            let usa = try #require(storefronts.first)
            #expect(usa["notEligible"] as? Int == 1 && usa["consentRequired"] as? Int == 6, "\(usa)")
            let consenting = try #require(usa["assumedConsents"] as? Int)
            #expect(consenting == buckets.filter { $0 < rate }.count && (1...5).contains(consenting), "\(usa) \(buckets)")
            #expect(usa["expiredPriceIncrease"] as? Int == 6 - consenting, "\(usa)")
            #expect(storefronts.last?["withoutConsent"] as? Int == 3, "\(storefronts)")
            await events.stop()
            await connection.close()
        }
    }

    /// What a reader of the state sees: each subscription's statuses and the clock.
    private func snapshot(_ harness: ConsumerHarness, _ ids: [String], clock: String) async throws -> [String] {
        var lines: [String] = []
        for id in ids {
            let read = await CtlRun.run(harness.arguments("publish", "get-all-subscription-statuses", "--path", id))
            var reply = try Subscriptions_V1_CommandReply(jsonString: try #require(read.output.lines.first))
            reply.commandID = ""
            lines.append(try reply.jsonString())
        }
        let read = await CtlRun.run(harness.arguments("clock", "get", clock))
        return lines + read.output.lines
    }
}

/// Every event published on a bus, from a queue of its own bound to the events exchange.
final class EventRecorder: Sendable {
    /// The events so far, shared with the reading task.
    final class Events: Sendable {
        let list = Mutex<[Subscriptions_V1_NotificationEvent]>([])
    }

    private let state = Events()
    private let reader: Task<Void, Never>

    init(connection: AMQPConnection, exchange: String) async throws {
        let queue = "ctl-test.whatif-events.\(UUID().uuidString.prefix(8))"
        try await connection.declare(AMQPTopology(
            queues: [AMQPQueue(name: queue, durable: false, autoDelete: false, arguments: ["x-expires": .int64(600_000)])],
            bindings: [AMQPBinding(queue: queue, exchange: exchange, routingKey: "#")]))
        let consumer = try await connection.consume(queue: queue, prefetch: 100)
        let state = self.state
        reader = Task {
            for await delivery in consumer {
                if let event = try? Subscriptions_V1_NotificationEvent(serializedBytes: delivery.message.body) {
                    state.list.withLock { $0.append(event) }
                }
                try? await delivery.ack()
            }
        }
    }

    var all: [Subscriptions_V1_NotificationEvent] { state.list.withLock { $0 } }
    var count: Int { all.count }
    func kinds() -> [String] { all.map(\.routingKey) }

    func wait(for expected: Int, timeout: Duration = .seconds(30)) async throws {
        try await wait(timeout: timeout) { $0.count >= expected }
    }

    func wait(
        timeout: Duration = .seconds(30), until done: @Sendable ([Subscriptions_V1_NotificationEvent]) -> Bool
    ) async throws {
        let deadline = ContinuousClock.now + timeout
        while !done(all) {
            guard ContinuousClock.now < deadline else { throw HarnessError("events so far: \(kinds())") }
            try await Task.sleep(for: .milliseconds(50))
        }
    }

    func stop() async { reader.cancel() }
}
