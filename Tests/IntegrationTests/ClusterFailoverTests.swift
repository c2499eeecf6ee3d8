import AMQPClient
import Foundation
import ServiceTestSupport
import Testing

/// The test cluster of 3 private nodes (`PrivateBrokerCluster.forTests`: started once by
/// scripts/test.sh, else by the test, on ports 5714–5716): clients given the three URLs move to
/// a live node when theirs stops (docs/broker-cluster.md).
@Suite("Broker cluster failover", .serialized, .requiresBroker, .requiresBrokerNodes, .clusterSuite)
struct ClusterFailoverTests {
    @Test("the node a publisher and a consumer use stops and starts again: both move to a live node, every confirmed publish is delivered, duplicates only with the same message_id")
    func nodeStopsUnderClients() async throws {
        try await PrivateBrokerCluster.forTests.use { cluster in
            let fast: (inout AMQPConfiguration) -> Void = {
                $0.reconnectDelay = .milliseconds(100)
                $0.maxReconnectDelay = .milliseconds(500)
            }
            // Both connect to node 1, the first URL.
            let publisher = try await Broker.connect(url: cluster.url, name: "cluster-publisher", configure: fast)
            let subscriber = try await Broker.connect(url: cluster.url, name: "cluster-consumer", configure: fast)
            let queue = Broker.uniqueName("cluster")
            try await publisher.declare(AMQPTopology(queues: [.quorum(name: queue, deliveryLimit: 5, deadLetterExchange: nil)]))
            #expect(try await cluster.replicas(of: queue)?.members.count == 3)
            // Node 1's stop below leaves a quorum only if the queue's three replicas are online.
            try await cluster.waitForFullQuorum(of: queue)

            let total = 2_000
            let received = Locked<[String: [String]]>([:])
            let consumer = try await subscriber.consume(queue: queue, prefetch: 100)
            let consuming = Task {
                for await delivery in consumer {
                    let id = delivery.message.properties.messageId ?? "none"
                    received.withLock { $0[id, default: []].append(String(decoding: delivery.message.body, as: UTF8.self)) }
                    // A delivery of the lost connection cannot be acked: the broker redelivers it.
                    try? await delivery.ack()
                    if received.withLock({ $0.count }) == total { break }
                }
            }

            let confirmed = Locked<Set<Int>>([])
            let failed = Locked<[String]>([])
            // A publish the stopping node refuses (`basic.nack`: its queue replica is shutting
            // down, which can last seconds while the connection is still open) was not taken: the
            // publisher sends it again, with the same message_id, as docs/broker-cluster.md tells
            // a client to. Any other error, or a refusal after `retryUntil`, is a failure.
            let republished = Locked(0)
            let retryUntil = ContinuousClock.now + .seconds(120)
            let publishing = Task {
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for worker in 0..<20 {
                        group.addTask {
                            for index in stride(from: worker, to: total, by: 20) {
                                let message = AMQPMessage(body: Data("body-\(index)".utf8), properties: AMQPProperties(messageId: "\(index)"))
                                while true {
                                    do {
                                        try await publisher.publish(message, exchange: "", routingKey: queue)
                                        confirmed.withLock { _ = $0.insert(index) }
                                    } catch let error as AMQPError where error.code == .publishNacked && ContinuousClock.now < retryUntil {
                                        republished.withLock { $0 += 1 }
                                        try await Task.sleep(for: .milliseconds(100))
                                        continue
                                    } catch {
                                        failed.withLock { $0.append("\(index): \(error)") }
                                    }
                                    break
                                }
                                try await Task.sleep(for: .milliseconds(3))
                            }
                        }
                    }
                    try await group.waitForAll()
                }
            }
            while confirmed.withLock({ $0.count }) < 300 {
                try await Task.sleep(for: .milliseconds(20))
            }
            try await cluster.node(1).stop()
            let confirmedWhenStopped = confirmed.withLock { $0.count }
            // Node 1 is down: connected again means connected to node 2 or 3.
            let moved = ContinuousClock.now + .seconds(30)
            while !(publisher.isConnected && subscriber.isConnected) && ContinuousClock.now < moved {
                try await Task.sleep(for: .milliseconds(50))
            }
            #expect(publisher.isConnected && subscriber.isConnected, "the clients did not move to a live node in 30 s")
            // Publishes are confirmed while node 1 is down.
            let progress = ContinuousClock.now + .seconds(30)
            while confirmed.withLock({ $0.count }) < min(total, confirmedWhenStopped + 200) && ContinuousClock.now < progress {
                try await Task.sleep(for: .milliseconds(50))
            }
            #expect(confirmed.withLock { $0.count } >= min(total, confirmedWhenStopped + 200), "no progress while node 1 was down")
            try await cluster.node(1).start()

            try await publishing.value
            #expect(failed.withLock { $0 }.isEmpty, "refused \(republished.withLock { $0 }) time(s) and published again")
            #expect(confirmed.withLock { $0.count } == total)
            let delivered = ContinuousClock.now + .seconds(60)
            while received.withLock({ $0.count }) < total && ContinuousClock.now < delivered {
                try await Task.sleep(for: .milliseconds(50))
            }
            consuming.cancel()
            let deliveries = received.withLock { $0 }
            #expect(Set(deliveries.keys.compactMap(Int.init)) == Set(0..<total), "confirmed publishes missing: \(Set(0..<total).subtracting(deliveries.keys.compactMap(Int.init)).sorted().prefix(20))")
            // A duplicate (republished after the move, or redelivered) carries the same message_id as its original.
            #expect(deliveries.allSatisfy { id, bodies in bodies.allSatisfy { $0 == "body-\(id)" } })
            #expect(try await cluster.replicas(of: queue)?.members.count == 3)
            await publisher.close()
            await subscriber.close()
        }
    }
}
