import AMQPClient
import Foundation
import Logging
import ServiceTestSupport
import SubscriptionAPI
import SubscriptionEngine
import SubscriptionMessages
import SubscriptionNotifier
import SubscriptionStore
import SubscriptionTopology
import SubscriptionTrust
import SubscriptionWire
import Synchronization
import Testing

/// The notifier service against a real broker (`AMQP_URL`, loopback default) and a real SQLite
/// file; the HTTP receiver is a recorder (the real one is proven by `scripts/check-apple-library.sh`).
@Suite("Notifier service", .requiresBroker)
struct NotifierServiceTests {
    /// Records every POST and answers 200.
    final class RecordingSender: NotificationSender {
        let bodies = Mutex<[Data]>([])

        func send(_ body: Data, to url: URL, timeout: Duration) async -> SendOutcome {
            bodies.withLock { $0.append(body) }
            return SendOutcome(result: "SUCCESS", httpStatus: 200)
        }
    }

    /// `count` purchase events as the consumer publishes them.
    static func purchaseEvents(_ count: Int) throws -> [Subscriptions_V1_NotificationEvent] {
        let root = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let catalog = try Catalog.decode(fromJSON: Data(contentsOf: root.appending(path: "Config/catalog.example.json")))
        let engine = SubscriptionEngine(catalog: catalog)
        var store = InMemoryEngineStore()
        return try (0..<count).flatMap { index in
            try engine.apply(
                .purchase(PurchaseRequest(customerId: "n\(index)", productId: "news.basic.monthly", storefront: "USA")),
                commandId: "c\(index)", at: Timestamp(millisecondsSince1970: 1_767_225_600_000), in: &store
            ).events.map { Subscriptions_V1_NotificationEvent($0, causedBy: "c\(index)") }
        }
    }

    @Test("events published before and while it runs are each stored, signed, acked and POSTed once; a malformed one in their midst goes to the notifier's dead-letter queue with the reason")
    func storesAndDeliversEveryEventOnce() async throws {
        let (connection, logger) = try await TestConnection.open(label: "notifier-service-tests")
        let names = BusNames(prefix: "notifier-\(UUID().uuidString.prefix(8).lowercased())")
        try await connection.declare(Notifier.topology(names))
        let path = FileManager.default.temporaryDirectory.appending(path: "notifier-\(UUID().uuidString)/n.sqlite").path
        let database = try NotificationDatabase(path: path)
        let sender = RecordingSender()
        let notifier = Notifier(
            connection: connection, names: names, database: database,
            configuration: NotifierConfiguration(
                urls: [try #require(URL(string: "http://receiver.invalid/n"))], databasePath: path, pollInterval: .milliseconds(20)),
            signer: X5CSigner(identity: try SigningIdentity.create().identity), clock: .system, sender: sender, logger: logger)
        var events = try Self.purchaseEvents(301)
        let sentinel = events.removeLast()
        func publish(_ slice: ArraySlice<Subscriptions_V1_NotificationEvent>) async throws {
            for event in slice {
                try await connection.publish(
                    AMQPMessage(body: Data(try event.serializedBytes() as [UInt8])), exchange: names.eventsExchange, routingKey: "SUBSCRIBED.INITIAL_BUY")
            }
        }
        // Half before the notifier starts (waiting in the queue), a malformed event, the rest while it runs.
        try await publish(events[..<150])
        try await connection.publish(AMQPMessage(body: Data([0xFF, 0xFF, 0xFF])), exchange: names.eventsExchange, routingKey: "BROKEN.NONE")
        let running = Task { try await notifier.run() }
        try await publish(events[150...])

        let deadline = ContinuousClock.now + .seconds(60)
        while sender.bodies.withLock({ $0.count }) < events.count, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(50))
        }
        // A sentinel event once all were POSTed, instead of waiting a while for a second POST:
        // due deliveries go out in due order, a round's attempts are recorded once all of it was
        // sent, and events are stored in queue order; so a delivery left due (its success not
        // recorded) or an event stored twice is POSTed in the sentinel's round at the latest, and
        // has been sent once the sentinel's success is recorded.
        try await publish([sentinel][...])
        while try database.notification(uuid: sentinel.notificationUuid)?.attempts.map(\.result) != ["SUCCESS"],
            ContinuousClock.now < deadline
        {
            try await Task.sleep(for: .milliseconds(20))
        }
        running.cancel()
        _ = try? await running.value

        let payloads = sender.bodies.withLock { $0 }.map { body in
            (try? JSONDecoder().decode([String: String].self, from: body))?["signedPayload"] ?? ""
        }
        #expect(payloads.count == events.count + 1, "each event POSTed once, and the sentinel")
        #expect(Set(payloads).count == events.count + 1)
        for event in events {
            let stored = try #require(try database.notification(uuid: event.notificationUuid))
            #expect(stored.attempts.map(\.result) == ["SUCCESS"])
            let signed = try SignedPayload<ResponseBodyV2DecodedPayload>(compactSerialization: stored.signedPayload)
            #expect(signed.algorithm == "ES256" && signed.payload.notificationType == "SUBSCRIBED")
        }
        // Every event was acked, none is back in the queue once the notifier's channel is closed;
        // the malformed one waits in the dead-letter queue with why.
        #expect(try await connection.inspect(queue: names.notifierQueue).messageCount == 0)
        let deadLetters = try await connection.consume(queue: names.notifierDeadLetterQueue, prefetch: 10)
        var iterator = deadLetters.makeAsyncIterator()
        let deadLetter = try #require(await iterator.next())
        #expect(deadLetter.message.body == Data([0xFF, 0xFF, 0xFF]))
        #expect(deadLetter.message.properties.headers["x-death-reason"]?.stringValue == "unreadable-event")
        #expect(deadLetter.message.properties.headers["x-original-routing-key"]?.stringValue == "BROKEN.NONE")
        #expect(deadLetter.message.properties.headers["x-death-message"]?.stringValue?.contains("NotificationEvent") == true)
        try await deadLetter.ack()
        await deadLetters.cancel()
        _ = try await connection.deleteQueue(names.notifierQueue)
        _ = try await connection.deleteQueue(names.notifierDeadLetterQueue)
        await connection.close()
    }
}
