import AMQPClient
import Foundation
import Logging
import ServiceConfiguration
import ServiceTestSupport
import SubscriptionMessages
import SubscriptionStore
import SubscriptionTopology
import SubscriptionWire
import SwiftProtobuf
import Testing

@testable import SubscriptionArchive
@testable import SubscriptionConsumer

/// The event archive (docs/console.md): its configuration, the history query it completes, and
/// the archive service against a real broker and a real SQLite file.
@Suite("Event archive")
struct EventArchiveTests {
    static func temporaryPath(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appending(path: "archive-\(UUID().uuidString)").appending(path: name).path
    }

    static func event(_ subscription: String, _ sequence: UInt64, type: Subscriptions_V1_NotificationType = .didRenew)
        -> Subscriptions_V1_NotificationEvent
    {
        .with {
            $0.notificationType = type
            $0.notificationUuid = "\(subscription)-\(sequence)"
            $0.subscriptionID = subscription
            $0.sequence = sequence
            $0.signedDate = Google_Protobuf_Timestamp(seconds: Int64(1_700_000_000 + sequence * 60))
            $0.version = "2.0"
            $0.schemaVersion = 1
        }
    }

    @Test("EVENT_ARCHIVE, its file, its retention and STATUS_INTERVAL are read by name; a bad value is refused naming it")
    func configuration() throws {
        let defaults = try ConsumerConfiguration(environment: [:])
        #expect(defaults.eventArchive == .on && defaults.eventArchiveDatabasePath == nil)
        #expect(defaults.eventArchiveRetention == .seconds(400 * 86_400) && defaults.statusInterval == .seconds(5))
        let configured = try ConsumerConfiguration(environment: [
            "EVENT_ARCHIVE": "off", "EVENT_ARCHIVE_DATABASE_PATH": "/d/a.sqlite", "EVENT_ARCHIVE_RETENTION_DAYS": "30",
            "STATUS_INTERVAL": "0",
        ])
        #expect(configured.eventArchive == .off && configured.eventArchiveDatabasePath == "/d/a.sqlite")
        #expect(configured.eventArchiveRetention == .seconds(30 * 86_400) && configured.statusInterval == .zero)
        for (name, value) in [("EVENT_ARCHIVE", "maybe"), ("EVENT_ARCHIVE_RETENTION_DAYS", "0"), ("STATUS_INTERVAL", "-1")] {
            let error = #expect(throws: ConfigurationError.self) { try ConsumerConfiguration(environment: [name: value]) }
            #expect(error?.variable == name)
        }
        #expect(EventArchiveConfiguration.defaultDatabasePath(besides: "/d/subscriptions.sqlite") == "/d/subscriptions.archive.sqlite")
    }

    /// Answers every history query with the engine's part: two subscriptions, no events.
    struct EngineStub: CommandHandling {
        func handle(
            _ envelope: Subscriptions_V1_CommandEnvelope, context: CommandContext, in transaction: any AggregateTransaction
        ) throws -> CommandOutcome {
            let reply = Subscriptions_V1_GetSubscriptionHistoryReply.with {
                $0.subscriptions = ["s1", "s2"].map { id in .with { $0.originalTransactionID = id; $0.lastSequence = 5 } }
            }
            return CommandOutcome(
                reply: .with { $0.commandID = envelope.commandID; $0.result = .getSubscriptionHistory(reply) }, events: [])
        }

        func advance(to now: Date, massExtensionBatches: Int, in transaction: any AggregateTransaction) throws
            -> [Subscriptions_V1_NotificationEvent]
        { [] }
    }

    @Test("the history query gets each subscription's latest archived events by sequence, the truncation flag and now")
    func historyHandler() async throws {
        let archive = try EventArchiveDatabase(path: Self.temporaryPath("archive.sqlite"))
        let events = (1...5).map { Self.event("s1", $0) } + [Self.event("s2", 1)]
        try await archive.insert(events.map { ArchivedEvent($0, body: try $0.serializedBytes(), archivedAt: 1) })
        let database = try SubscriptionDatabase(path: Self.temporaryPath("state.sqlite"))
        let envelope = Subscriptions_V1_CommandEnvelope.with {
            $0.commandID = UUID().uuidString
            $0.getSubscriptionHistory = .with { $0.customerID = "alice"; $0.eventLimit = 3 }
        }
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let handler = HistoryCommandHandler(inner: EngineStub(), archive: archive)
        let outcome = try await database.write { try handler.handle(envelope, context: CommandContext(now: now, clock: .manual), in: $0) }
        guard case .getSubscriptionHistory(let reply)? = outcome.reply.result else {
            Issue.record("no history: \(outcome.reply)")
            return
        }
        #expect(reply.archiveEnabled && reply.now.seconds == 1_800_000_000)
        #expect(reply.subscriptions[0].events.map(\.sequence) == [3, 4, 5])
        #expect(reply.subscriptions[0].eventsTruncated)
        #expect(reply.subscriptions[1].events.map(\.notificationUuid) == ["s2-1"] && !reply.subscriptions[1].eventsTruncated)

        let without = HistoryCommandHandler(inner: EngineStub(), archive: nil)
        let off = try await database.write { try without.handle(envelope, context: CommandContext(now: now, clock: .manual), in: $0) }
        guard case .getSubscriptionHistory(let empty)? = off.reply.result else { Issue.record("no history"); return }
        #expect(!empty.archiveEnabled && empty.subscriptions.allSatisfy(\.events.isEmpty))
    }
}

/// The archive service on a real broker: events published to the events exchange end up in its
/// SQLite file, each once, whatever arrives.
@Suite("Event archive service", .requiresBroker)
struct EventArchiveServiceTests {
    @Test("published events are stored once each (a re-published uuid too), a foreign message is dropped, nothing is left unacked")
    func archivesPublishedEvents() async throws {
        var logger = Logger(label: "archive-test")
        logger.logLevel = .warning
        let names = BusNames(prefix: "test.archive.\(UUID().uuidString.prefix(8))")
        var amqp = try AMQPConfiguration(url: TestBroker.url)
        amqp.connectionName = "archive-test"
        let connection = AMQPConnection(configuration: amqp, logger: logger)
        try await connection.connect(retryUntil: .now + .seconds(10))
        var topology = EventArchive.topology(names)
        topology.queues[0].arguments["x-expires"] = .int64(600_000)
        try await connection.declare(topology)
        let database = try EventArchiveDatabase(path: EventArchiveTests.temporaryPath("archive.sqlite"))
        let archive = EventArchive(
            connection: connection, names: names, database: database,
            configuration: EventArchiveConfiguration(databasePath: "", batchLimit: 2), logger: logger)

        let events = [EventArchiveTests.event("s1", 2), EventArchiveTests.event("s1", 1), EventArchiveTests.event("s1", 2)]
            + (3...6).map { EventArchiveTests.event("s1", $0) }
        for event in events {
            try await connection.publish(
                AMQPMessage(body: try event.serializedBytes()), exchange: names.eventsExchange, routingKey: event.routingKey)
        }
        try await connection.publish(AMQPMessage(body: Data("not protobuf".utf8)), exchange: names.eventsExchange, routingKey: "X.Y")

        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await archive.run() }
            let deadline = ContinuousClock.now + .seconds(20)
            while try database.count() < 6, ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(50))
            }
            group.cancelAll()
        }
        let (stored, truncated) = try database.events(ofSubscription: "s1", limit: 100)
        #expect(stored.map(\.sequence) == [1, 2, 3, 4, 5, 6])
        #expect(!truncated)
        #expect(stored.first?.notificationType == "DID_RENEW" && stored.first?.subtype == "NONE")
        #expect(try Subscriptions_V1_NotificationEvent(serializedBytes: stored[1].body) == events[0])
        // Everything was acked: the queue is empty once the consumer is gone.
        let deadline = ContinuousClock.now + .seconds(10)
        var state = try await connection.inspect(queue: names.archiveQueue)
        while state.messageCount > 0 || state.consumerCount > 0, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(100))
            state = try await connection.inspect(queue: names.archiveQueue)
        }
        #expect(state.messageCount == 0)
        await connection.close()
    }
}
