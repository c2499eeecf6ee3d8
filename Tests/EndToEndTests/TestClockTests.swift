import Foundation
import SubscriptionMessages
import Testing

/// Test clocks as objects against the real services (docs/test-clocks.md): two test runs, each
/// on a clock of its own, in parallel against one deployment that runs on the system clock.
@Suite("Test clocks (end to end)")
struct TestClockEndToEndTests {
    /// 2030-01-01T00:00:00Z in milliseconds, where both runs start.
    static let start: Int64 = 1_893_456_000_000

    /// What one run saw: its clock, its subscription and the events of it (type/subtype at ms).
    struct Run: Sendable {
        var clock: String
        var subscription: String
        var advances: [Int]
    }

    /// One test run: its own clock at 2030-01-01, the same customer id and idempotency keys as
    /// any other run, a purchase, two monthly advances, auto-renew off, one more advance.
    static func run(_ http: ProducerClient, name: String) async throws -> Run {
        let created = try await http.post("v1/testClocks", ["frozenTime": start, "name": name])
        #expect(created.status == 200, "\(created)")
        let clock = try #require(created.json["id"] as? String)
        #expect(created.json["now"] as? Int64 == start || created.json["now"] as? Int == Int(start))
        let headers = ["X-Test-Clock": clock]
        let purchase = try await http.post(
            "v1/purchases", ["customerId": "alice", "productId": E2ECatalog.monthly, "storefront": "USA"],
            headers: headers.merging(["Idempotency-Key": "purchase-alice"]) { $1 })
        #expect(purchase.status == 200, "\(purchase)")
        let subscription = try #require(purchase.json["originalTransactionId"] as? String)
        var advances: [Int] = []
        for _ in 0..<2 {
            let advanced = try await http.post("v1/testClocks/\(clock)/advance", ["advanceBy": "P1M"])
            #expect(advanced.status == 200, "\(advanced)")
            advances.append(advanced.json["transitionsFired"] as? Int ?? -1)
        }
        let off = try await http.post("v1/subscriptions/autoRenew", ["originalTransactionId": subscription, "autoRenewStatus": 0])
        #expect(off.status == 200, "\(off)")
        let last = try await http.post("v1/testClocks/\(clock)/advance", ["advanceBy": "P1M"])
        #expect(last.status == 200, "\(last)")
        advances.append(last.json["transitionsFired"] as? Int ?? -1)
        return Run(clock: clock, subscription: subscription, advances: advances)
    }

    @Test("R-CLK-1 R-CLK-2 two test runs on two clocks in parallel against one deployment see only their own time, with the same customer and keys")
    func twoRunsInParallel() async throws {
        let stack = try await Stack.start(consumerEnvironment: ["CLOCK": "system"])
        let http = ProducerClient(baseURL: stack.producerURL, credentials: stack.credentials)
        let connection = try await stack.connect()
        let events = try await EventWatcher(connection: connection, eventsExchange: "\(stack.busPrefix).events")
        // A subscription on the consumer's (system) clock, beside the runs.
        let bystander = try await http.post(
            "v1/purchases", ["customerId": "alice", "productId": E2ECatalog.monthly, "storefront": "USA"])
        #expect(bystander.status == 200, "\(bystander)")
        let bystanderId = try #require(bystander.json["originalTransactionId"] as? String)

        async let first = Self.run(http, name: "run 1")
        async let second = Self.run(http, name: "run 2")
        let runs = try await [first, second]
        #expect(runs[0].clock != runs[1].clock)
        #expect(Set(runs.map(\.subscription) + [bystanderId]).count == 3, "one customer id, three customers")
        #expect(runs[0].advances == [1, 1, 1] && runs[1].advances == [1, 1, 1], "\(runs.map(\.advances))")

        let expected = [
            "SUBSCRIBED/INITIAL_BUY@2030-01-01", "DID_RENEW/NONE@2030-02-01", "DID_RENEW/NONE@2030-03-01",
            "DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_DISABLED@2030-03-01", "EXPIRED/VOLUNTARY@2030-04-01",
        ]
        try await events.waitUntil("both runs' five events") { received in
            runs.allSatisfy { run in received.filter { $0.subscriptionID == run.subscription }.count == 5 }
        }
        for run in runs {
            let seen = events.events(of: run.subscription).map(Self.describe)
            #expect(seen == expected, "run on \(run.clock)")
        }
        // The bystander on the system clock saw none of the runs' months.
        #expect(events.events(of: bystanderId).map(\.kind) == ["SUBSCRIBED.INITIAL_BUY"])

        // Each clock reads back at its own now; the list has both.
        let read = try await http.send("GET", "v1/testClocks/\(runs[0].clock)")
        #expect(read.json["now"] as? Int == Int(Self.start + (31 + 28 + 31) * 86_400_000), "\(read)")
        #expect(read.json["subscriptionCount"] as? Int == 1)
        let list = try await http.send("GET", "v1/testClocks")
        #expect((list.json["testClocks"] as? [[String: Any]])?.count == 2, "\(list)")

        // A subscription's own clock is found without naming it; naming another is 409.
        let mismatch = try await http.post(
            "v1/subscriptions/autoRenew", ["originalTransactionId": runs[0].subscription, "autoRenewStatus": 1],
            headers: ["X-Test-Clock": runs[1].clock])
        #expect(mismatch.status == 409, "\(mismatch)")
        #expect(mismatch.json["errorCode"] as? Int == 4_099_003)

        // Deleting one clock takes its subscription; the other run's stays.
        let deleted = try await http.send("DELETE", "v1/testClocks/\(runs[0].clock)")
        #expect(deleted.status == 200, "\(deleted)")
        #expect(deleted.json["subscriptionsDeleted"] as? Int == 1)
        let gone = try await http.send("GET", "inApps/v1/subscriptions/\(runs[0].subscription)")
        #expect(gone.status == 404, "\(gone)")
        let kept = try await http.send("GET", "inApps/v1/subscriptions/\(runs[1].subscription)")
        #expect(kept.status == 200, "\(kept)")
        let unknown = try await http.send("GET", "v1/testClocks/\(runs[0].clock)")
        #expect(unknown.status == 404 && unknown.json["errorCode"] as? Int == 4_049_001, "\(unknown)")

        await events.stop()
        await connection.close()
        await stack.stop()
    }

    /// `TYPE/SUBTYPE@yyyy-mm-dd` of an event.
    static func describe(_ event: Subscriptions_V1_NotificationEvent) -> String {
        let kind = event.routingKey.replacingOccurrences(of: ".", with: "/")
        let day = Date(timeIntervalSince1970: TimeInterval(event.signedDate.seconds)).formatted(.iso8601.year().month().day())
        return "\(kind)@\(day)"
    }
}

extension Subscriptions_V1_NotificationEvent {
    /// `TYPE.SUBTYPE`, as the routing key.
    fileprivate var kind: String { routingKey }
}
