import Foundation
import ServiceTestSupport
import SubscriptionMessages
import Testing

/// The deployed pair end to end: HTTP into the producer, AMQP to the consumer, the engine,
/// SQLite, and events watched on the events exchange as an analytics consumer would. Time
/// moves with the test clock (`POST /v1/testClock/advance`).
@Suite("Producer and consumer end to end", .serialized, .requiresBroker)
struct ProducerScenarioTests {
    /// A running stack with an event watcher, stopped by `finish()`.
    struct Harness {
        let stack: Stack
        let http: ProducerClient
        let events: EventWatcher

        static func start() async throws -> Harness {
            let stack = try await Stack.start()
            let connection = try await stack.connect()
            let events = try await EventWatcher(connection: connection, eventsExchange: "\(stack.busPrefix).events")
            return Harness(stack: stack, http: ProducerClient(baseURL: stack.producerURL, credentials: stack.credentials), events: events)
        }

        func purchase(_ customer: String, product: String = E2ECatalog.monthly, storefront: String = "USA") async throws -> String {
            let response = try await http.post("v1/purchases", ["customerId": stack.unique(customer), "productId": product, "storefront": storefront])
            #expect(response.status == 200, "\(response)")
            return response.originalTransactionId
        }

        func advance(_ duration: String) async throws {
            let response = try await http.post("v1/testClock/advance", ["advanceBy": duration])
            #expect(response.status == 200, "\(response)")
        }

        func types(of subscription: String) -> [String] {
            events.events(of: subscription).map { "\($0.notificationType)/\($0.subtype)" }
        }

        func finish() async {
            await events.stop()
            let status = await stack.stop()
            #expect(stack.isExternal || status.producer == 0)
            #expect(stack.isExternal || status.consumer == 0)
        }
    }

    @Test("R-GRP-1 R-GRP-2 R-GRP-3 purchase, upgrade and downgrade in a group over HTTP emit Apple's events in sequence")
    func groups() async throws {
        let harness = try await Harness.start()
        let subscription = try await harness.purchase("grp-1")
        #expect(!subscription.isEmpty)
        let upgrade = try await harness.http.post("v1/subscriptions/switchProduct", ["originalTransactionId": subscription, "productId": E2ECatalog.standardMonthly])
        #expect(upgrade.status == 200, "\(upgrade)")
        let downgrade = try await harness.http.post("v1/subscriptions/switchProduct", ["originalTransactionId": subscription, "productId": E2ECatalog.monthly])
        #expect(downgrade.status == 200, "\(downgrade)")
        let events = try await harness.events.waitUntil("three events") { $0.filter { $0.subscriptionID == subscription }.count >= 3 }
        let mine = events.filter { $0.subscriptionID == subscription }.sorted { $0.sequence < $1.sequence }
        #expect(mine.map(\.sequence) == Array(1...UInt64(mine.count)))
        #expect(mine.first?.notificationType == .subscribed)
        #expect(mine.first?.subtype == .initialBuy)
        #expect(mine.contains { $0.notificationType == .didChangeRenewalPref && $0.subtype == .upgrade })
        #expect(mine.contains { $0.notificationType == .didChangeRenewalPref && $0.subtype == .downgrade })
        let second = try await harness.http.post("v1/purchases", ["customerId": harness.stack.unique("grp-1"), "productId": E2ECatalog.premiumMonthly, "storefront": "USA"])
        #expect(second.status >= 400, "a second purchase in the same group is not a second subscription: \(second)")
        await harness.finish()
    }

    @Test("R-REN-1 R-REN-2 R-REN-3 renewals, a failed charge with grace and recovery, auto-renew off and voluntary expiry on the test clock")
    func renewalsAndExpiry() async throws {
        let harness = try await Harness.start()
        let renewing = try await harness.purchase("ren-1")
        let failing = try await harness.purchase("ren-2")
        let leaving = try await harness.purchase("ren-3")
        let off = try await harness.http.post("v1/subscriptions/autoRenew", ["originalTransactionId": leaving, "autoRenewStatus": 0])
        #expect(off.status == 200, "\(off)")
        let failure = try await harness.http.post("v1/subscriptions/paymentOutcome", ["originalTransactionId": failing, "outcome": "CHARGE_FAILED"])
        #expect(failure.status == 200, "\(failure)")
        try await harness.advance("P32D")
        try await harness.events.waitUntil("renewal, billing failure and expiry") { events in
            events.contains { $0.subscriptionID == renewing && $0.notificationType == .didRenew }
                && events.contains { $0.subscriptionID == failing && $0.notificationType == .didFailToRenew }
                && events.contains { $0.subscriptionID == leaving && $0.notificationType == .expired && $0.subtype == .voluntary }
        }
        let fixed = try await harness.http.post("v1/subscriptions/paymentOutcome", ["originalTransactionId": failing, "outcome": "PAYMENT_METHOD_FIXED"])
        #expect(fixed.status == 200, "\(fixed)")
        try await harness.advance("P2D")
        try await harness.events.waitUntil("billing recovery") { events in
            events.contains { $0.subscriptionID == failing && $0.notificationType == .didRenew && $0.subtype == .billingRecovery }
        }
        #expect(harness.types(of: leaving).contains("didChangeRenewalStatus/autoRenewDisabled"))
        await harness.finish()
    }

    @Test("R-EXT-3 R-EXT-4 single and mass renewal-date extensions over Apple's endpoints, with status and summary")
    func extensions() async throws {
        let harness = try await Harness.start()
        let first = try await harness.purchase("ext-1")
        _ = try await harness.purchase("ext-2")
        _ = try await harness.purchase("ext-3", storefront: "JPN")
        let single = try await harness.http.send("PUT", "inApps/v1/subscriptions/extend/\(first)", json: [
            "extendByDays": 10, "extendReasonCode": 1, "requestIdentifier": harness.stack.unique("ext-single-1"),
        ])
        #expect(single.status == 200, "\(single)")
        #expect(single.json["success"] as? Bool == true)
        let massId = UUID().uuidString.lowercased()
        let mass = try await harness.http.post("inApps/v1/subscriptions/extend/mass", [
            "extendByDays": 5, "extendReasonCode": 3, "requestIdentifier": massId,
            "productId": E2ECatalog.monthly, "storefrontCountryCodes": ["USA"],
        ])
        #expect(mass.status == 200, "\(mass)")
        #expect(mass.json["requestIdentifier"] as? String == massId)
        try await harness.advance("PT1H")
        try await harness.events.waitUntil("the mass extension summary") { events in
            events.contains { $0.notificationType == .renewalExtension && $0.subtype == .summary }
        }
        let status = try await harness.http.send("GET", "inApps/v1/subscriptions/extend/mass/\(E2ECatalog.monthly)/\(massId)")
        #expect(status.status == 200, "\(status)")
        #expect(status.json["complete"] as? Bool == true)
        // Two of the three are in the USA; a long-lived external stack holds older ones too.
        let succeeded = status.json["succeededCount"] as? Int ?? 0
        #expect(harness.stack.isExternal ? succeeded >= 2 : succeeded == 2, "\(status)")
        await harness.finish()
    }

    @Test("bad input over HTTP: malformed JSON and an invalid field get 400 naming the field; nothing is published")
    func badInput() async throws {
        let harness = try await Harness.start()
        let quietSince = harness.events.received.count
        let malformed = try await harness.http.postRaw("v1/purchases", body: #"{"customerId": "x", "productId": }"#)
        #expect(malformed.status == 400, "\(malformed)")
        #expect(malformed.json["errorCode"] != nil)
        let missing = try await harness.http.post("v1/purchases", ["customerId": "x", "storefront": "USA"])
        #expect(missing.status == 400)
        #expect(missing.body.contains("productId"), "\(missing)")
        let unknown = try await harness.http.post("v1/purchases", ["customerId": "x", "productId": "no.such.product", "storefront": "USA"])
        #expect((400..<500).contains(unknown.status), "\(unknown)")
        // A sentinel instead of waiting a while for nothing: a good purchase sent after the bad
        // ones were answered. The relay publishes the outbox in commit order, so once the
        // sentinel's event is here, an event of an earlier command would be here too.
        let sentinel = try await harness.purchase("bad-input-sentinel")
        try await harness.events.waitUntil("the sentinel's event") { $0.contains { $0.subscriptionID == sentinel } }
        let since = harness.events.received.dropFirst(quietSince)
        #expect(since.map(\.subscriptionID) == [sentinel], "\(since.map { "\($0.notificationType)/\($0.subtype)" })")
        await harness.finish()
    }

    @Test("R-MOD-5 R-EVT-3 a replayed request (same Idempotency-Key) returns the first answer and changes nothing")
    func idempotentReplay() async throws {
        let harness = try await Harness.start()
        let body: [String: Any] = ["customerId": harness.stack.unique("idem-1"), "productId": E2ECatalog.monthly, "storefront": "USA"]
        let first = try await harness.http.post("v1/purchases", body, headers: ["Idempotency-Key": harness.stack.unique("idem-key")])
        let second = try await harness.http.post("v1/purchases", body, headers: ["Idempotency-Key": harness.stack.unique("idem-key")])
        #expect(first.status == 200, "\(first)")
        #expect(second.status == 200, "\(second)")
        #expect(first.originalTransactionId == second.originalTransactionId)
        // A sentinel on the same subscription instead of waiting a while for nothing: events
        // carry a gap-free per-subscription sequence, so had the replay emitted an event, the
        // sentinel's would not be number 2, whatever the order on the wire.
        let subscription = first.originalTransactionId
        let sentinel = try await harness.http.post("v1/subscriptions/autoRenew", ["originalTransactionId": subscription, "autoRenewStatus": 0])
        #expect(sentinel.status == 200, "\(sentinel)")
        try await harness.events.waitUntil("the sentinel's event") { events in
            events.contains { $0.subscriptionID == subscription && $0.notificationType == .didChangeRenewalStatus }
        }
        #expect(harness.types(of: subscription) == ["subscribed/initialBuy", "didChangeRenewalStatus/autoRenewDisabled"])
        #expect(harness.events.events(of: subscription).map(\.sequence) == [1, 2])
        #expect(harness.events.received.count == 2)
        await harness.finish()
    }
}
