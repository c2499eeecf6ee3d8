import AMQPClient
import Foundation
import ServiceTestSupport
import Synchronization
import Testing

/// Publishes whose caller does not suspend on the confirm (an observer learns the outcome on
/// the connection thread) and consumers served on the connection thread: what the producer's
/// request path uses (docs/amqp-client.md, "Observed publishes and connection-thread consumers").
@Suite("Observed publishes and connection-thread consumers against a real broker", .requiresBroker)
struct ObservedPublishTests {
    /// Records how a publish ended; `wanted` false stands for a caller that gave up.
    final class Observer: AMQPPublishObserver {
        private let state = Mutex<(result: Result<Void, AMQPError>?, claimed: Bool)>((nil, false))
        let wanted: Bool

        init(wanted: Bool = true) { self.wanted = wanted }

        func publishSettled(_ result: Result<Void, AMQPError>) { state.withLock { $0.result = result } }
        func claimForSending() -> Bool {
            state.withLock { $0.claimed = wanted }
            return wanted
        }
        var hasEnded: Bool { !wanted }
        var result: Result<Void, AMQPError>? { state.withLock { $0.result } }
        var claimed: Bool { state.withLock { $0.claimed } }
    }

    /// What a connection-thread consumer received, and in how many runs.
    final class Received: Sendable {
        let ids = Mutex<[String]>([])
        let runs = Atomic<Int>(0)
    }

    static func waitFor(_ condition: () -> Bool, timeout: Duration = .seconds(30)) async {
        let deadline = ContinuousClock.now + timeout
        while !condition(), ContinuousClock.now < deadline { try? await Task.sleep(for: .milliseconds(10)) }
    }

    @Test("2,000 observed publishes: every observer learns its confirm, a connection-thread consumer gets all, in order")
    func observedRoundTrip() async throws {
        let connection = try await Broker.connect()
        let queue = Broker.uniqueName("observed")
        try await connection.declare(AMQPTopology(queues: [Broker.temporaryQueue(queue)]))
        let received = Received()
        try await connection.consume(queue: queue, prefetch: 0, autoAck: true) { deliveries in
            received.runs.wrappingAdd(1, ordering: .relaxed)
            received.ids.withLock { $0 += deliveries.map { $0.message.properties.messageId ?? "" } }
        }
        let total = 2_000
        let observers = (0..<total).map { _ in Observer() }
        for (index, observer) in observers.enumerated() {
            connection.publish(
                AMQPMessage(body: Data("\(index)".utf8), properties: AMQPProperties(messageId: "\(index)")), exchange: "",
                routingKey: queue, observer: observer)
        }
        await Self.waitFor { received.ids.withLock { $0.count } == total && observers.allSatisfy { $0.result != nil } }
        #expect(observers.allSatisfy { observer in observer.claimed && (try? observer.result?.get()) != nil })
        #expect(received.ids.withLock { $0 } == (0..<total).map(String.init))
        #expect(received.runs.load(ordering: .relaxed) < total, "every delivery came alone")
        await connection.close()
    }

    @Test("an unroutable mandatory publish is returned to its observer; one whose caller gave up is never sent")
    func refusedAndAbandoned() async throws {
        let connection = try await Broker.connect()
        let queue = Broker.uniqueName("abandoned")
        try await connection.declare(AMQPTopology(queues: [Broker.temporaryQueue(queue)]))
        let unroutable = Observer()
        connection.publish(
            AMQPMessage(body: Data("x".utf8)), exchange: "", routingKey: Broker.uniqueName("nowhere"), mandatory: true,
            observer: unroutable)
        let abandoned = Observer(wanted: false)
        connection.publish(AMQPMessage(body: Data("abandoned".utf8)), exchange: "", routingKey: queue, observer: abandoned)
        let sentinel = Observer()
        connection.publish(AMQPMessage(body: Data("sentinel".utf8)), exchange: "", routingKey: queue, observer: sentinel)
        await Self.waitFor { unroutable.result != nil && sentinel.result != nil }
        if case .failure(let error) = unroutable.result {
            #expect(error.code == .publishReturned)
        } else {
            Issue.record("the unroutable publish was not returned: \(String(describing: unroutable.result))")
        }
        #expect(abandoned.result == nil && !abandoned.claimed)
        // The queue holds the sentinel only: the abandoned message was dropped unsent.
        let state = try await connection.inspect(queue: queue)
        #expect(state.messageCount == 1)
        await connection.close()
    }
}
