import AMQPClient
import Foundation
import Testing

/// The event archive fed in process (docs/console.md, "The event archive"), through the real
/// processes: every event the consumer published is in the subscription's timeline, in
/// sequence, and stays there across a crash; the queue that fed the archive in earlier versions
/// is deleted at start.
@Suite("Event archive fed by the consumer, end to end", .serialized)
struct EventArchiveFeedTests {
    @Test("each published event reaches the timeline once, in sequence, and survives a consumer crash; the retired archive queue is deleted")
    func timelineHoldsEveryEvent() async throws {
        let prefix = Stack.freshBusPrefix()
        let broker = try await Stack.connectToTestBroker(name: "e2e-archive")
        let retired = "\(prefix).archive"
        try await broker.declare(AMQPTopology(queues: [AMQPQueue(name: retired, arguments: ["x-queue-type": .string("quorum")])]))
        try await broker.publish(AMQPMessage(body: Data("left by an earlier version".utf8)), exchange: "", routingKey: retired)

        let stack = try await Stack.start(busPrefix: prefix)
        await #expect {
            _ = try await broker.inspect(queue: retired)
        } throws: { error in
            (error as? AMQPError)?.code == .notFound
        }
        let http = ProducerClient(baseURL: stack.producerURL, credentials: stack.credentials)
        let purchase = try await http.post(
            "v1/purchases", ["customerId": stack.unique("archive"), "productId": E2ECatalog.monthly, "storefront": "USA"])
        #expect(purchase.status == 200, "\(purchase)")
        let id = try #require(purchase.json["originalTransactionId"] as? String)
        for status in [0, 1, 0] {
            let toggled = try await http.post("v1/subscriptions/autoRenew", ["originalTransactionId": id, "autoRenewStatus": status])
            #expect(toggled.status == 200, "\(toggled)")
        }
        let before = try await Self.timeline(id, http: http, atLeast: 4)
        #expect(before.sequences == Array(1...UInt64(before.sequences.count)), "gap-free, ascending: \(before.sequences)")
        #expect(before.types.first == "SUBSCRIBED" && before.types.dropFirst().allSatisfy { $0 == "DID_CHANGE_RENEWAL_STATUS" })
        #expect(Set(before.uuids).count == before.uuids.count)

        try await stack.restartConsumer(crash: true)
        let after = try await Self.timeline(id, http: http, atLeast: before.sequences.count)
        #expect(after.uuids == before.uuids, "nothing lost, nothing stored twice after the crash")
        await stack.stop()
        await broker.close()
    }

    struct Timeline {
        var sequences: [UInt64] = []
        var types: [String] = []
        var uuids: [String] = []
    }

    /// The subscription's archived events, waiting until at least `count` are there (the archive
    /// stores them right after the broker confirmed them, a few milliseconds after the reply).
    static func timeline(_ id: String, http: ProducerClient, atLeast count: Int) async throws -> Timeline {
        let deadline = ContinuousClock.now + .seconds(20)
        while true {
            let response = try await http.send("GET", "v1/subscriptions/\(id)/history")
            #expect(response.status == 200, "\(response)")
            #expect(response.json["archiveEnabled"] as? Bool == true)
            let events = ((response.json["subscriptions"] as? [[String: Any]])?.first?["events"] as? [[String: Any]]) ?? []
            var timeline = Timeline()
            for event in events {
                timeline.sequences.append(UInt64((event["sequence"] as? Int) ?? -1))
                timeline.types.append(event["notificationType"] as? String ?? "")
                timeline.uuids.append(event["notificationUUID"] as? String ?? "")
            }
            if timeline.sequences.count >= count || ContinuousClock.now > deadline { return timeline }
            try await Task.sleep(for: .milliseconds(100))
        }
    }
}
