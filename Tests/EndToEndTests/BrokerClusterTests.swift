import AMQPClient
import Foundation
import ServiceTestSupport
import Testing

/// The real producer and consumer given the three URLs of the test cluster of 3 private nodes
/// (`PrivateBrokerCluster.forTests`: started once by scripts/test.sh, else by the test): the
/// node they use stops and starts again under load (docs/broker-cluster.md).
@Suite(
    "Services on a 3-node broker cluster", .serialized, .requiresBroker, .requiresBrokerNodes, .clusterSuite,
    .enabled(if: ProcessInfo.processInfo.environment["E2E_EXTERNAL_SERVICES"] != "1", "starts services and a cluster of its own")
)
struct BrokerClusterTests {
    @Test("the node both services use stops and starts again mid-stream: every purchase succeeds (a retry keeps its Idempotency-Key), each is applied once and its event arrives")
    func nodeStopsMidStream() async throws {
        try await PrivateBrokerCluster.forTests.use { cluster in
            // Both services connect to node 1, the first URL.
            let stack = try await Stack.start(amqpURL: cluster.url)
            let http = ProducerClient(baseURL: stack.producerURL, credentials: stack.credentials)
            // The watcher's queue is a classic one: it sits on node 3, which is not stopped.
            let watching = try await Stack.connect(amqpURL: cluster.node(3).url, name: "e2e-cluster-events")
            let events = try await EventWatcher(connection: watching, eventsExchange: "\(stack.busPrefix).events")

            let total = 200
            let succeeded = Locked<[Int: String]>([:])
            let retries = Locked(0)
            let refused = Locked<[String]>([])
            let sending = Task {
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for worker in 0..<8 {
                        group.addTask {
                            for index in stride(from: worker, to: total, by: 8) {
                                let body: [String: Any] = [
                                    "customerId": stack.unique("cluster-\(index)"), "productId": E2ECatalog.monthly, "storefront": "USA",
                                ]
                                let key = stack.unique("cluster-key-\(index)")
                                let deadline = ContinuousClock.now + .seconds(90)
                                while true {
                                    let response = try? await http.post("v1/purchases", body, headers: ["Idempotency-Key": key, "X-Request-Timeout": "5000"])
                                    if let response, response.status == 200 {
                                        succeeded.withLock { $0[index] = response.originalTransactionId }
                                        break
                                    }
                                    // No answer, 503 or 504 while the services move: the same request again.
                                    if let response, ![0, 500, 502, 503, 504].contains(response.status) {
                                        refused.withLock { $0.append("\(index): \(response)") }
                                        break
                                    }
                                    guard ContinuousClock.now < deadline else {
                                        refused.withLock { $0.append("\(index): no success in 90 s, last \(response.map(\.description) ?? "no answer")") }
                                        break
                                    }
                                    retries.withLock { $0 += 1 }
                                    try await Task.sleep(for: .milliseconds(200))
                                }
                            }
                        }
                    }
                    try await group.waitForAll()
                }
            }
            try await waitUntil(timeout: .seconds(60), "60 purchases before the stop") { succeeded.withLock { $0.count } >= 60 }
            try await cluster.node(1).stop()
            let atStop = succeeded.withLock { $0.count }
            // Node 1 is down: progress means the services moved to node 2 or 3.
            try await waitUntil(timeout: .seconds(60), "60 more purchases while node 1 is down") {
                succeeded.withLock { $0.count } >= min(total, atStop + 60)
            }
            try await cluster.node(1).start()
            try await sending.value

            #expect(refused.withLock { $0 }.isEmpty, "\(refused.withLock { $0 }.prefix(5))")
            let subscriptions = succeeded.withLock { $0 }
            #expect(subscriptions.count == total)
            #expect(Set(subscriptions.values).count == total)
            let wanted = Set(subscriptions.values)
            let received = try await events.waitUntil(timeout: .seconds(60), "one event per purchase") { received in
                wanted.isSubset(of: Set(received.map(\.subscriptionID)))
            }
            // Applied once: one event per subscription (a duplicate on the wire has the same
            // notificationUUID), sequence 1.
            for subscription in wanted {
                let copies = received.filter { $0.subscriptionID == subscription }
                #expect(Set(copies.map(\.notificationUuid)).count == 1, "subscription \(subscription): \(copies.count) events")
                #expect(Set(copies.map(\.sequence)) == [1])
            }
            await events.stop()
            await watching.close()
            let status = await stack.stop()
            #expect(status.consumer == 0 && status.producer == 0)
        }
    }

    private func waitUntil(timeout: Duration, _ what: String, _ condition: () -> Bool) async throws {
        let deadline = ContinuousClock.now + timeout
        while !condition() {
            guard ContinuousClock.now < deadline else { throw E2EError("timed out waiting for \(what)") }
            try await Task.sleep(for: .milliseconds(50))
        }
    }
}
